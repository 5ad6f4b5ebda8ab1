/**
 * A service that limits requests with a token bucket, on the limiter's virtual clock, and callers
 * sending through a limiter to it: for the tests of the limiter's rate learning.
 */
import type { Limiter } from '../../electron/core/api/limiter';
import type { VirtualClock } from './api-test-server';

/** A service that limits requests with a token bucket (and may refuse others too), on the limiter's clock. */
export interface ServiceModel {
  rate: (now: number) => number;
  burst: number;
  /** Refuses this request whatever the bucket holds. */
  refuse?: (n: number) => boolean;
}

/**
 * `workers` callers each sending one request after another through the limiter, `latencyMs` each,
 * until `requests` were accepted. A refusal answers 429 with Retry-After in whole seconds (at least
 * 1), as the sandbox does. Returns when each request was accepted or refused (ms since the start).
 */
export async function sendThrough(
  limiter: Limiter,
  clock: VirtualClock,
  service: ServiceModel,
  run: { workers: number; latencyMs: number; requests: number },
) {
  const start = clock.now();
  const bucket = { tokens: service.burst, at: start };
  const acceptedAt: number[] = [];
  const refusedAt: number[] = [];
  const readRates: number[] = [];
  let arrived = 0;
  const arrive = (): number | null => {
    const now = clock.now();
    bucket.tokens = Math.min(service.burst, bucket.tokens + ((now - bucket.at) / 1000) * service.rate(now - start));
    bucket.at = now;
    arrived += 1;
    if (service.refuse?.(arrived)) return 1000;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / service.rate(now - start))) * 1000;
  };
  await Promise.all(
    Array.from({ length: run.workers }, async () => {
      while (acceptedAt.length < run.requests) {
        const permit = await limiter.acquire();
        await clock.sleep(run.latencyMs / 2);
        const retryAfterMs = arrive();
        await clock.sleep(run.latencyMs / 2);
        if (retryAfterMs === null) {
          permit.release({ kind: 'success' });
          acceptedAt.push(clock.now() - start);
        } else {
          permit.release({ kind: 'throttled', retryAfterMs });
          refusedAt.push(clock.now() - start);
        }
        const learned = limiter.state().learnedRate;
        if (learned !== null) readRates.push(learned);
      }
    }),
  );
  return { acceptedAt, refusedAt, readRates, seconds: (clock.now() - start) / 1000 };
}

/** How many of `times` fall in [fromMs, toMs). */
export const between = (times: number[], fromMs: number, toMs: number) => times.filter((t) => t >= fromMs && t < toMs).length;
