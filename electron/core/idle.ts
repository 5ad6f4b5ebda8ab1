/** How the core became idle: how long it took from the call, and the process's CPU time meanwhile. */
export interface IdleReport {
  waitedMs: number;
  cpuMs: number;
  /** False when the process was still busy after `maxMs` (reported anyway). */
  settled: boolean;
}

export interface IdleOptions {
  /** The CPU time is read over slices of this long (default 250 ms). */
  sliceMs?: number;
  /** A slice that cost the process less than this much CPU is quiet (default 2 ms: under 1 %). */
  quietCpuMs?: number;
  /** Gives up looking after this long (default 15 s). */
  maxMs?: number;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Resolves once the core is idle: none of its work runs (`work()` lists a promise per part, each
 * resolving when that part has nothing to do) and the process's CPU time has settled, on every
 * thread: what start-up leaves to V8's own threads (it compiles the HTTP client's WebAssembly parser
 * there, about 200 ms of CPU once per process) is not idle time. Between slices it only sleeps.
 */
export async function whenIdle(work: () => Promise<unknown>[], options: IdleOptions = {}): Promise<IdleReport> {
  const sliceMs = options.sliceMs ?? 250;
  const quiet = options.quietCpuMs ?? 2;
  const started = performance.now();
  const startCpu = process.cpuUsage();
  for (;;) {
    await Promise.all(work());
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, sliceMs));
    const spent = cpuMs(process.cpuUsage(before));
    const waitedMs = performance.now() - started;
    const settled = spent < quiet;
    if (settled || waitedMs >= (options.maxMs ?? 15_000)) return { waitedMs, cpuMs: cpuMs(process.cpuUsage(startCpu)), settled };
  }
}
