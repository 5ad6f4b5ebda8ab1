/**
 * The limiter at the service's rate from the first minute (issue 33): how fast it learns a rate it
 * does not know, how it paces at a rate learnt in an earlier run, and how it re-learns a kept rate
 * the service no longer allows. On a virtual clock against a token-bucket model of the service.
 */
import { describe, expect, it } from 'vitest';
import { Limiter } from '../../electron/core/api/limiter';
import { validLearntRate, type LearntRate } from '../../electron/core/api/learnt-rate';
import { VirtualClock } from '../helpers/api-test-server';
import { between, sendThrough } from '../helpers/limiter-service-model';

const run = { workers: 4, latencyMs: 10 };

/** Accepted per second from the first acceptance `fromMs` after the start to the last. */
function rateAfter(acceptedAt: number[], fromMs: number): number {
  const after = acceptedAt.filter((t) => t >= fromMs);
  return (after.length - 1) / ((after[after.length - 1]! - after[0]!) / 1000);
}

describe('account limiter: at the rate limit from the first minute', () => {
  it.each([400, 1000])('learns an unknown limit within 10 s and keeps at least 97 percent of it after (%i requests)', async (requests) => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock });
    const { acceptedAt, refusedAt } = await sendThrough(limiter, clock, { rate: () => 20, burst: 5 }, { ...run, requests });
    expect(rateAfter(acceptedAt, 10_000)).toBeGreaterThanOrEqual(19.4);
    expect(between(refusedAt, 10_000, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('paces at a rate learnt in an earlier run from the first request: one 429 (the early probe), at least 97% of the limit', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock, learnt: { rate: 20, burst: 5 } });
    const { acceptedAt, refusedAt, seconds } = await sendThrough(limiter, clock, { rate: () => 20, burst: 5 }, { ...run, requests: 1000 });
    expect(refusedAt.length).toBeLessThanOrEqual(1);
    expect(between(acceptedAt, 0, 5_000) / 5).toBeGreaterThanOrEqual(19.4);
    expect(acceptedAt.length / seconds).toBeGreaterThanOrEqual(19.4);
    expect(limiter.state().learnedRate).toBeGreaterThanOrEqual(20);
    expect(limiter.state().learnedRate).toBeLessThan(20.4);
  });

  // The service allows 20/s, bucket 5. A kept rate a little low (or read on a busy machine) used to
  // cost the whole batch: paced at 0.99 of it, probed only after 60 s. The kept rate is now probed
  // after 2 s: at most one Retry-After pause, then at least 98 % of the limit from 10 s on.
  it.each([
    ['3 % low', { rate: 19.4, burst: 5 }, 19.6],
    ['10 % low', { rate: 18, burst: 5 }, 19.6],
    ['right', { rate: 20, burst: 5 }, 19.6],
    ['5 % high', { rate: 21, burst: 5 }, 19.6],
    // A bucket kept too large reads the probe low: the kept rate stands (it was 0.99 of it before).
    ['right, bucket kept as 7', { rate: 20, burst: 7 }, 19.6],
    // As a run on a busy machine kept it: it was 89 % of the limit for the whole batch.
    ['10 % low, bucket kept as 7', { rate: 17.92, burst: 7 }, 18.8],
  ])('kept %s: one 429 at most, and the limit from 10 s on', async (_, learnt, atLeast) => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock, learnt });
    const { acceptedAt, refusedAt } = await sendThrough(limiter, clock, { rate: () => 20, burst: 5 }, { ...run, requests: 1000 });
    expect(refusedAt.length).toBeLessThanOrEqual(1);
    expect(rateAfter(acceptedAt, 10_000)).toBeGreaterThanOrEqual(atLeast);
  });

  it('does not probe a kept bucket of 1: the catch-up after a Retry-After pause (two at once) would meet a 429 again', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock, learnt: { rate: 20, burst: 1 } });
    const { acceptedAt, refusedAt } = await sendThrough(limiter, clock, { rate: () => 20, burst: 1 }, { ...run, requests: 1000 });
    expect(refusedAt).toEqual([]);
    expect(rateAfter(acceptedAt, 10_000)).toBeGreaterThanOrEqual(19.4);
  });

  it('re-learns a kept rate the service no longer allows, and tells the new one', async () => {
    const clock = new VirtualClock();
    const told: LearntRate[] = [];
    const limiter = new Limiter({}, { clock, learnt: { rate: 20, burst: 5 }, onLearnt: (learnt) => told.push(learnt) });
    const { acceptedAt, refusedAt, seconds } = await sendThrough(limiter, clock, { rate: () => 10, burst: 5 }, { ...run, requests: 600 });
    const end = seconds * 1000;
    expect(between(acceptedAt, end - 30_000, end) / 30).toBeGreaterThanOrEqual(9.5);
    expect(between(refusedAt, end - 30_000, end)).toBe(0);
    const last = told[told.length - 1];
    expect(last?.rate).toBeGreaterThan(9);
    expect(last?.rate).toBeLessThan(10.5);
  });

  it('tells the rate it learnt, for the next run', async () => {
    const clock = new VirtualClock();
    const told: LearntRate[] = [];
    const limiter = new Limiter({}, { clock, onLearnt: (learnt) => told.push(learnt) });
    await sendThrough(limiter, clock, { rate: () => 20, burst: 5 }, { ...run, requests: 400 });
    expect(told.length).toBeGreaterThan(0);
    expect(told[told.length - 1]).toEqual({ rate: limiter.state().learnedRate, burst: expect.closeTo(5, 0) as unknown });
  });
});

describe('a kept rate read back', () => {
  it('is used only when both numbers are finite and within bounds', () => {
    expect(validLearntRate({ rate: 19.7, burst: 5 })).toEqual({ rate: 19.7, burst: 5 });
    for (const bad of [null, 'fast', 20, {}, { rate: 20 }, { rate: '20', burst: 5 }, { rate: Number.NaN, burst: 5 }])
      expect(validLearntRate(bad)).toBeNull();
    for (const bad of [
      { rate: 0, burst: 5 },
      { rate: -3, burst: 5 },
      { rate: 1e9, burst: 5 },
      { rate: 20, burst: 0 },
      { rate: 20, burst: 1e9 },
    ])
      expect(validLearntRate(bad)).toBeNull();
  });
});
