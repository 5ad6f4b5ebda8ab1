import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams, type StdioOptions } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real CLI (`npm run -s cli` without npm's start-up cost), without the key variables of this environment. */
export function spawnCli(args: string[], options: { env?: Record<string, string | undefined>; stdio?: StdioOptions } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'electron/cli/main.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, SIGNDOCK_API_KEY: undefined, SIGNDOCK_BASE_URL: undefined, ...options.env },
    stdio: options.stdio ?? ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs the real CLI to its end. */
export function runCli(args: string[], options: { stdin?: string; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, { env: options.env }) as ChildProcessWithoutNullStreams;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
