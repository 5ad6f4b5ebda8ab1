import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { TunnelSpec } from '../../electron/core/webhooks/tunnel/tunnel-factory';
import type { GroupCommitter } from '../../electron/core/webhooks/group-commit';

export interface ListenerStats {
  /** Notifications in the inbox of the listener's account. */
  received: number;
  /** The listener process's own CPU time so far (every thread), µs. */
  cpu: { user: number; system: number };
  /** What the group commit did: notifications answered, groups handed to the writer, transactions. */
  commits: GroupCommitter['counters'];
}

/** A webhook listener process (listener-main.ts) and the commands it answers on stdin. */
export interface ListenerProcess {
  child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>/hooks/<token>`. */
  hookUrl: string;
  stats(): Promise<ListenerStats>;
  /** Opens the tunnel in the listener's process; resolves with its public hook URL. */
  openTunnel(spec: TunnelSpec): Promise<string>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the real webhook service in a process of its own on a SQLite file (the account's token given),
 * so that what sends notifications does not share its event loop, and it can be SIGKILLed.
 */
export async function startListenerProcess(db: string, token: string): Promise<ListenerProcess> {
  // `--token=…`: a token may begin with '-', which parseArgs would take for an option.
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/listener-main.ts', '--db', db, `--token=${token}`], {
    cwd: process.cwd(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let buffer = '';
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      lines.push(JSON.parse(buffer.slice(0, end)) as Record<string, unknown>);
      buffer = buffer.slice(end + 1);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      ended = true;
      for (const wake of waiters.splice(0)) wake();
      resolve(code);
    }),
  );
  /** The next line holding `key`, woken by what the process prints (or its end). */
  const next = async (key: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const index = lines.findIndex((line) => key in line);
      if (index >= 0) return lines.splice(index, 1)[0] as Record<string, unknown>;
      if (ended) throw new Error(`the listener process ended before it said ${key}: ${stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const ask = (command: object) => child.stdin.write(`${JSON.stringify(command)}\n`);
  const ready = await next('ready');
  return {
    child,
    hookUrl: String(ready.hookUrl),
    exited,
    stats: async () => {
      ask({ stats: true });
      const line = await next('stats');
      return { received: (line.stats as { received: number }).received, cpu: line.cpu, commits: line.commits } as ListenerStats;
    },
    openTunnel: async (spec) => {
      ask({ tunnel: spec });
      const line = await next('tunnelUrl');
      if (typeof line.tunnelUrl !== 'string') throw new Error(`the tunnel did not open: ${String(line.error)}`);
      return line.tunnelUrl;
    },
    stop: async () => {
      if (!ended) child.kill('SIGTERM');
      await exited;
    },
  };
}
