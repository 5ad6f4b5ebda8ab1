// npm run demo: SignDock against the local sandbox with demo data, in a data folder of its own
// (.signdock-dev/demo unless SIGNDOCK_HOME is set). The host starts the sandbox and selects its account.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const home = process.env.SIGNDOCK_HOME ?? resolve('.signdock-dev', 'demo');
mkdirSync(home, { recursive: true });
process.stderr.write(`Demo data folder: ${home}\n`);
const child = spawn('npm', ['start'], { stdio: 'inherit', env: { ...process.env, SIGNDOCK_HOME: home, SIGNDOCK_DEMO: '1' } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
