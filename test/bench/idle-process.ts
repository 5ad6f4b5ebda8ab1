import { spawn } from 'node:child_process';

/**
 * The protocol of a process measured while idle: it prints one JSON line `{"ready":true,...}` on
 * stdout once it has started and settled, then measures its own CPU time (`process.cpuUsage()`, every
 * thread of the process) over the window and prints `{"cpu":{"user":µs,"system":µs},"seconds":s,"slices":[ms…]}`.
 * `idleWindow` below is that second half, for the measured scripts to share.
 */
export interface IdleReport {
  /** What the process said when it became idle. */
  ready: Record<string, unknown>;
  /** CPU time (user + system) over the window, seconds. */
  cpuSeconds: number;
  /** The window as the process measured it, seconds. */
  seconds: number;
  /** CPU time of each second of the window, ms. */
  slices: number[];
}

export interface IdleProcess {
  /** Resolves with the ready line (rejects when the process ends first). */
  ready: Promise<Record<string, unknown>>;
  /** Resolves with the measurement, after the window. */
  report: Promise<IdleReport>;
  kill(): void;
}

/** Runs `node ...args` and follows the idle protocol on its stdout. */
export function runIdle(args: string[], env: Record<string, string | undefined> = {}): IdleProcess {
  const child = spawn(process.execPath, args, { cwd: process.cwd(), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (let end = stdout.indexOf('\n'); end >= 0; end = stdout.indexOf('\n')) {
      const line = stdout.slice(0, end).trim();
      stdout = stdout.slice(end + 1);
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  let ended = false;
  child.once('close', () => {
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  });
  const line = async (match: (line: Record<string, unknown>) => boolean, what: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const found = lines.find(match);
      if (found) return found;
      if (ended) throw new Error(`${args.join(' ').slice(0, 80)} ended before ${what}: ${stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const ready = line((l) => l.ready === true, 'it was ready');
  const report = ready.then(async (readyLine) => {
    const done = await line((l) => typeof l.cpu === 'object' && l.cpu !== null, 'it reported its CPU time');
    const cpu = done.cpu as { user: number; system: number };
    return {
      ready: readyLine,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      seconds: Number(done.seconds),
      slices: (done.slices as number[] | undefined) ?? [],
    };
  });
  return { ready, report, kill: () => child.kill('SIGKILL') };
}

/**
 * The measuring half of the protocol, for a script to call once it is idle: resolves after the
 * window. It wakes once a second to note the CPU time of that second (`slices`, ms), so that a
 * one-off cost (what V8 finishes after start-up) shows apart from a steady one.
 */
export async function idleWindow(seconds: number, ready: Record<string, unknown> = {}): Promise<void> {
  process.stdout.write(`${JSON.stringify({ ready: true, ...ready })}\n`);
  const start = process.cpuUsage();
  const started = performance.now();
  const slices: number[] = [];
  let last = start;
  for (let second = 0; second < seconds; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = process.cpuUsage();
    slices.push(Math.round((now.user - last.user + now.system - last.system) / 1000));
    last = now;
  }
  const cpu = process.cpuUsage(start);
  process.stdout.write(`${JSON.stringify({ cpu, seconds: (performance.now() - started) / 1000, slices })}\n`);
}

/** The baseline: a bare Node process (`node -e`) doing what `idleWindow` does, and nothing else. */
export function bareNode(seconds: number): IdleProcess {
  const script = `
    process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
    const start = process.cpuUsage();
    const started = performance.now();
    const slices = [];
    let last = start;
    const tick = () => {
      const now = process.cpuUsage();
      slices.push(Math.round((now.user - last.user + now.system - last.system) / 1000));
      last = now;
      if (slices.length < ${seconds}) return setTimeout(tick, 1000);
      const cpu = process.cpuUsage(start);
      process.stdout.write(JSON.stringify({ cpu, seconds: (performance.now() - started) / 1000, slices }) + '\\n');
    };
    setTimeout(tick, 1000);`;
  return runIdle(['-e', script]);
}
