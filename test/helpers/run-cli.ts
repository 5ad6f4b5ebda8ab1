import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams, type StdioOptions } from 'node:child_process';
import { entryArgs } from './entry';
import type { JobView } from '../../shared/domain/jobs';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real CLI (`npm run -s cli` without npm's start-up cost), without the key variables of this environment. */
export function spawnCli(args: string[], options: { env?: Record<string, string | undefined>; stdio?: StdioOptions } = {}): ChildProcess {
  return spawn(process.execPath, [...entryArgs('electron/cli/main.ts'), ...args], {
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

/** A CLI process left running: its stderr so far (progress lines, words) and its exit code when it ends. */
export interface CliProcess {
  child: ChildProcess;
  stderr: string;
  exit: Promise<number | null>;
}

/** Starts the real CLI in the background, keeping what it prints on stderr. */
export function startCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawnCli(args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const run: CliProcess = { child, stderr: '', exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stderr?.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return run;
}

/**
 * Resolves when `test` holds, looked at whenever one of the processes prints something, or every 200 ms
 * (what the test reads, such as the sandbox's counters, has no event of its own).
 */
export async function untilCli(test: () => boolean | Promise<boolean>, what: string, runs: CliProcess[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${runs.map((r) => r.stderr).join('\n---\n')}`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        for (const run of runs) run.child.stderr?.off('data', wake);
        resolve();
      };
      const timer = setTimeout(wake, 200);
      for (const run of runs) run.child.stderr?.on('data', wake);
    });
  }
}

/**
 * In a team: `jobs list --json` on another computer, looked at until the job is listed as one whose
 * computer stopped answering (its lease ran out); the job as listed then. Fails if it is not listed at all.
 */
export async function listedOwnerGone(list: () => Promise<CliRun>, jobId: string): Promise<JobView> {
  for (;;) {
    const listed = await list();
    if (listed.code !== 0) throw new Error(`jobs list failed: ${listed.stderr}`);
    const seen = (JSON.parse(listed.stdout) as JobView[]).find((job) => job.id === jobId);
    if (!seen) throw new Error(`job ${jobId} is not listed: ${listed.stdout}`);
    if (seen.ownerGone) return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
