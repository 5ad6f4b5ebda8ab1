// npm run demo: SignDock against the local sandbox with demo data, in a data folder of its own
// (.signdock-dev/demo unless SIGNDOCK_HOME is set). The host starts the sandbox and selects its account.
// The app runs in a process group of its own (npm → start → npm run web → the web host): a signal
// to this script (SIGINT, SIGTERM) goes to that whole group, as Ctrl+C in a terminal does, so no web
// host is left running once the demo is stopped.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const home = process.env.SIGNDOCK_HOME ?? resolve('.signdock-dev', 'demo');
mkdirSync(home, { recursive: true });
process.stderr.write(`Demo data folder: ${home}\n`);
const child = spawn('npm', ['start'], {
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, SIGNDOCK_HOME: home, SIGNDOCK_DEMO: '1' },
});
const group = (signal: NodeJS.Signals) => {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => group(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
