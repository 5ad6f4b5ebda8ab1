import { setTimeout as delay } from 'node:timers/promises';

/** Time as the limiter and the retry loop see it; tests pass a virtual clock to run fast. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Node's longest timer (about 24.8 days): a longer delay would end after 1 ms. */
const maxTimerMs = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) {
      signal?.throwIfAborted();
      return;
    }
    const options = signal ? { signal } : undefined;
    // A wait past Node's longest timer (a Retry-After of weeks) is made of several: it never ends early.
    const end = performance.now() + ms;
    let left = ms;
    while (left > maxTimerMs) {
      await delay(maxTimerMs, undefined, options);
      left = end - performance.now();
    }
    await delay(left, undefined, options);
  },
};
