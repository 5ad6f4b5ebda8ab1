import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { entryArgs } from '../../helpers/entry';

export interface RunningWebHost {
  /** The address to open, with `#token=…`. */
  url: string;
  origin: string;
  token: string;
  /** Calls an operation directly (as the page would), for checking what the host stored. */
  call(op: string, input?: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }>;
  stop(): Promise<void>;
}

const root = new URL('../../../', import.meta.url);

/** The token of the demo sandbox's control API (`x-sandbox-control-token`) in the web hosts this process starts. */
export const sandboxControlToken = randomBytes(32).toString('hex');

/**
 * Starts `electron/web/main.ts --json` on a free port with its own data folder and reads its URL;
 * `args`: more start options (`--archive DIR`); `env` replaces this process's environment (a test
 * without a D-Bus session passes one without it).
 */
export async function startWebHost(home: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<RunningWebHost> {
  const child = spawn(process.execPath, [...entryArgs('electron/web/main.ts'), '--port', '0', '--json', ...args], {
    cwd: root,
    env: { ...env, SIGNDOCK_HOME: home, SIGNDOCK_SANDBOX_CONTROL_TOKEN: sandboxControlToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The web host did not print its URL within 30 s.\n${stderr}`)), 30_000);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`Unexpected first line from the web host: ${line}\n${stderr}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited (${code}) before printing its URL.\n${stderr}`));
    });
  });

  const parsed = new URL(url);
  const token = new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '';
  return {
    url,
    origin: parsed.origin,
    token,
    async call(op, input = {}) {
      const response = await fetch(`${parsed.origin}/api/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signdock-token': token },
        body: JSON.stringify({ op, input }),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
