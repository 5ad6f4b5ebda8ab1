import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** A line a computer process printed (computer-main.ts): a log line, or the answer to a command. */
export type ComputerLine = Record<string, unknown> & { log?: string; detail?: Record<string, unknown> };

/** A team's computer (computer-main.ts) as a process: its lines as they come, commands on stdin. */
export interface ComputerProcess {
  name: string;
  child: ChildProcessWithoutNullStreams;
  accountId: string;
  /** Every line it printed so far. */
  lines: ComputerLine[];
  /** Resolves with the first line (from `from` on) that `test` accepts, woken by what it prints; rejects if it ends first. */
  until(test: (line: ComputerLine) => boolean, from?: number): Promise<ComputerLine>;
  /** How many lines `test` accepts so far. */
  count(test: (line: ComputerLine) => boolean): number;
  /** Sends a command and waits for its answer (the first later line holding `answer`). */
  ask(command: object, answer: string): Promise<ComputerLine>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a computer on its own data folder, with `env` (the team's URL, the computer's name) added to this one's. */
export async function startComputer(
  name: string,
  options: { home: string; url: string; key: string; env: Record<string, string> },
): Promise<ComputerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/helpers/computer-main.ts', '--home', options.home, '--url', options.url, '--key', options.key],
    { cwd: process.cwd(), env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const lines: ComputerLine[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let stderr = '';
  let ended = false;
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (text.startsWith('{')) lines.push(JSON.parse(text) as ComputerLine);
    }
    wake();
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  const until = async (test: (line: ComputerLine) => boolean, from = 0): Promise<ComputerLine> => {
    for (;;) {
      const found = lines.slice(from).find(test);
      if (found) return found;
      if (ended) throw new Error(`computer ${name} ended first: ${stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        const waiter = () => {
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
      });
    }
  };
  const ready = await until((line) => line.ready === true);
  return {
    name,
    child,
    accountId: String(ready.accountId),
    lines,
    until,
    count: (test) => lines.filter(test).length,
    ask: (command, answer) => {
      const from = lines.length;
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return until((line) => answer in line, from);
    },
    kill: async (signal = 'SIGTERM') => {
      if (!ended) child.kill(signal);
      await exited;
    },
  };
}
