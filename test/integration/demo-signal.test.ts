import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 31, point 11: `npm run demo` stopped with a signal stops its web host too. The real script
 * (scripts/demo.ts → npm start → npm run web → the web host) in a data folder of its own: once it
 * prints its address, SIGTERM to the demo's own process; when it has exited, nothing answers at
 * that address any more.
 */

/** Whether something accepts a connection on that port of this computer now. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('npm run demo and signals', () => {
  const home = tempFolder();
  let groupId: number | undefined;
  afterAll(() => {
    // Whatever the outcome, nothing of this test is left running (its own process group).
    try {
      if (groupId !== undefined) process.kill(-groupId, 'SIGKILL');
    } catch {
      // gone already
    }
    home.remove();
  });

  it('SIGTERM to the demo stops the web host it started', { timeout: 240_000 }, async () => {
    const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
      cwd: process.cwd(),
      detached: true, // a group of its own, for the clean-up above; the signal goes to the demo alone
      env: { ...process.env, SIGNDOCK_HOME: home.path, SIGNDOCK_WEB_PORT: '0', SIGNDOCK_API_KEY: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groupId = demo.pid;
    let stderr = '';
    demo.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => demo.on('exit', () => resolve()));
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      demo.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (found) resolve(Number(found[1]));
      });
      void exited.then(() => reject(new Error(`The demo ended before printing its address.\n${stderr}`)));
    });
    expect(await answers(port)).toBe(true);

    demo.kill('SIGTERM'); // to the demo's own process only, as a process manager would
    await exited;
    // The web host closes its port on the way out; it may take the moment its shutdown takes.
    await expect.poll(() => answers(port), { timeout: 30_000, interval: 250 }).toBe(false);
  });
});
