import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('../../', import.meta.url).pathname;

/** The web host (`web-host-entry.ts`: the real server and core, keys in memory) on a data folder, in its own process; its URL with the session token. */
export async function startWebHostProcess(home: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/web-host-entry.ts'], {
    cwd: root,
    env: { ...process.env, SIGNDOCK_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`The web host printed ${line}\n${stderr}`));
      }
    });
    void exited.then(() => reject(new Error(`The web host stopped before printing its address.\n${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
