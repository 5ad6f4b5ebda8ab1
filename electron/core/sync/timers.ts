/** Time as the sync module sees it: tests pass a manual implementation to run schedules instantly. */
export interface Timers {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock; its timers never keep the process alive on their own. */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, Math.max(0, ms));
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Read stamps: the clock's milliseconds, made strictly increasing within the process so two reads
 * sent in the same millisecond still have an order (the order they were sent in).
 */
export class ReadStamps {
  private last = 0;

  constructor(private readonly now: () => number) {}

  next(): number {
    this.last = Math.max(this.now(), this.last + 1);
    return this.last;
  }
}
