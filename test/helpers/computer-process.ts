import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';

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

/**
 * A team's computers against one service: the store set up (`team init`), `members.length` computers (`desk-1`, `desk-2`, …), each a
 * member of the team store at `server` (a login granted `signdock_member`, made here) on its own data
 * folder, duties leased for 1.5 s so that a computer killed is replaced quickly.
 */
export async function startTeamComputers(
  server: { url(user?: string, password?: string): string; sql(text: string): Promise<unknown> },
  service: { url: string; key: string },
  members: readonly string[],
  homes: readonly { path: string }[],
): Promise<ComputerProcess[]> {
  // `team init`, as the administrator runs it once.
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init().finally(() => admin.close());
  return Promise.all(
    members.map(async (member, index) => {
      await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-team'; GRANT signdock_member TO ${member};`);
      return startComputer(`desk-${index + 1}`, {
        home: homes[index]!.path,
        url: service.url,
        key: service.key,
        env: {
          SIGNDOCK_TEAM_URL: server.url(member, `pw-${member}-team`),
          SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
          SIGNDOCK_DUTY_TTL_MS: '1500',
        },
      });
    }),
  );
}

/** Ends what `startTeamComputers`' tests started: the computers, the store, the service, the data folders. */
export async function stopTeam(
  computers: readonly ComputerProcess[],
  parts: readonly ({ remove(): Promise<void> } | { stop(): Promise<void> } | undefined)[],
  folders: readonly { remove(): void }[],
): Promise<void> {
  await Promise.all(computers.map((computer) => computer.kill()));
  await Promise.all(parts.map((part) => (part && 'remove' in part ? part.remove() : part?.stop())));
  for (const folder of folders) folder.remove();
}
