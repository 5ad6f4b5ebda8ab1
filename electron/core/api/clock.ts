import { setTimeout as delay } from 'node:timers/promises';

/** Time as the limiter and the retry loop see it; tests pass a virtual clock to run fast. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) {
      signal?.throwIfAborted();
      return;
    }
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
};
