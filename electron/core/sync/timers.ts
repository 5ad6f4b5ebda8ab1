/** Time as the sync module sees it: tests pass a manual implementation to run schedules instantly. */
export interface Timers {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's longest timer (about 24.8 days): a longer (or NaN) delay would fire after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

interface LongTimeout {
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The real clock; its timers never keep the process alive on their own. A wait longer than Node's
 * longest timer is made of several, so it never ends early (which would make a schedule spin).
 */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle: LongTimeout = { timer: null };
    const end = performance.now() + (Number.isFinite(ms) ? Math.max(0, ms) : MAX_TIMER_MS);
    const arm = (): void => {
      const left = end - performance.now();
      handle.timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(callback, Math.max(0, left));
      handle.timer.unref();
    };
    arm();
    return handle;
  },
  clearTimeout: (handle) => {
    const long = handle as LongTimeout | null;
    if (long?.timer) clearTimeout(long.timer);
    if (long) long.timer = null;
  },
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
