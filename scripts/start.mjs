// npm start: the desktop app when Electron's binary is here; otherwise the same UI through the web host.
import { spawn } from 'node:child_process';
import { findElectronBinary } from './electron-binary.mjs';

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const electron = findElectronBinary();
if ('path' in electron) {
  const built = await run('npx', ['electron-vite', 'build']);
  if (built !== 0) process.exit(built);
  process.exit(await run(electron.path, ['.']));
} else {
  process.stderr.write(`Electron is not available here (${electron.missing}); serving SignDock through the web host instead.\n`);
  process.exit(await run('npm', ['run', '-s', 'web']));
}
