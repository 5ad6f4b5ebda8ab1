import { describe, expect, it } from 'vitest';
import { Limiter } from '../../electron/core/api/limiter';
import type { Permit } from '../../electron/core/api/limiter-options';
import { parseRetryAfter } from '../../electron/core/api/retry-after';
import { VirtualClock } from '../helpers/api-test-server';
import { between, sendThrough } from '../helpers/limiter-service-model';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('account limiter', () => {
  it('never lets more requests be in flight than its current limit', async () => {
    const limiter = new Limiter({ initialConcurrency: 2, maxConcurrency: 2, requestsPerSecond: Infinity }, { clock: new VirtualClock() });
    const granted: Permit[] = [];
    for (let i = 0; i < 5; i += 1) void limiter.acquire().then((permit) => granted.push(permit));
    await settle();
    expect(granted).toHaveLength(2);
    expect(limiter.state()).toMatchObject({ inFlight: 2, queued: 3 });
    granted[0]?.release({ kind: 'neutral' });
    await settle();
    expect(granted).toHaveLength(3);
  });

  it('spaces requests out to the request-rate cap once the burst is used', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({ requestsPerSecond: 5, burst: 2, maxConcurrency: 100, initialConcurrency: 100 }, { clock });
    const start = clock.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, () =>
        limiter.acquire().then((permit) => {
          times.push(clock.now() - start);
          permit.release({ kind: 'success' });
        }),
      ),
    );
    // 2 at once, then one every 200 ms: 5 more take 1 s.
    expect(times.slice(0, 2)).toEqual([0, 0]);
    expect(times[6]).toBeGreaterThanOrEqual(1000);
    for (let i = 3; i < times.length; i += 1) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(199);
  });

  it('holds every request of the account until a Retry-After has passed', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({ requestsPerSecond: Infinity }, { clock });
    const first = await limiter.acquire();
    const throttledAt = clock.now();
    first.release({ kind: 'throttled', retryAfterMs: 3000 });
    const grantedAt: number[] = [];
    await Promise.all(
      [1, 2, 3].map(() => limiter.acquire().then((permit) => grantedAt.push(clock.now()) && permit.release({ kind: 'success' }))),
    );
    for (const at of grantedAt) expect(at - throttledAt).toBeGreaterThanOrEqual(3000);
  });

  it('halves the number in flight after a 429, once per round, and grows it again after successes', async () => {
    const limiter = new Limiter({ initialConcurrency: 8, maxConcurrency: 8, requestsPerSecond: Infinity }, { clock: new VirtualClock() });
    const round = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    // Four requests of the same round are throttled: one cut, not four.
    for (const permit of round) permit.release({ kind: 'throttled', retryAfterMs: null });
    expect(limiter.state().limit).toBe(4);
    const next = await limiter.acquire();
    next.release({ kind: 'throttled', retryAfterMs: null });
    expect(limiter.state().limit).toBe(2);
    for (let i = 0; i < 2; i += 1) (await limiter.acquire()).release({ kind: 'success' });
    expect(limiter.state().limit).toBe(3);
    for (let i = 0; i < 30; i += 1) (await limiter.acquire()).release({ kind: 'success' });
    expect(limiter.state().limit).toBe(8);
  });

  it('never goes below one request in flight', async () => {
    const limiter = new Limiter({ initialConcurrency: 1, requestsPerSecond: Infinity }, { clock: new VirtualClock() });
    (await limiter.acquire()).release({ kind: 'throttled', retryAfterMs: null });
    expect(limiter.state().limit).toBe(1);
  });

  it('backs off exponentially with full jitter, up to its ceiling', () => {
    const top = new Limiter({ backoffBaseMs: 500, backoffMaxMs: 8000 }, { random: () => 0.999999 });
    const bottom = new Limiter({ backoffBaseMs: 500, backoffMaxMs: 8000 }, { random: () => 0 });
    expect([0, 1, 2, 3, 4, 5].map((attempt) => top.backoffDelay(attempt))).toEqual([499, 999, 1999, 3999, 7999, 7999]);
    expect(bottom.backoffDelay(3)).toBe(0);
  });

  it('lets a caller stop waiting for a slot', async () => {
    const limiter = new Limiter({ initialConcurrency: 1, maxConcurrency: 1, requestsPerSecond: Infinity }, { clock: new VirtualClock() });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('batch stopped'));
    await expect(waiting).rejects.toThrow('batch stopped');
    expect(limiter.state().queued).toBe(0);
  });
});

describe('account limiter: background requests', () => {
  const oneAtATime = { initialConcurrency: 1, maxConcurrency: 1, minConcurrency: 1 };

  it('lets a request of a batch being sent go before a scheduled re-read queued earlier', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter(oneAtATime, { clock });
    const held = await limiter.acquire();
    const order: string[] = [];
    const reread = limiter.acquire(undefined, 'background').then((permit) => (order.push('re-read'), permit));
    const create = limiter.acquire().then((permit) => (order.push('create'), permit));
    held.release({ kind: 'success' });
    (await create).release({ kind: 'success' });
    (await reread).release({ kind: 'success' });
    expect(order).toEqual(['create', 're-read']);
  });

  it('goes when nothing else waits; never takes the turn of a batch still sending, however long it waited', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter(oneAtATime, { clock });
    (await limiter.acquire(undefined, 'background')).release({ kind: 'success' });

    let held = await limiter.acquire();
    let reread: Permit | null = null;
    const waiting = limiter.acquire(undefined, 'background').then((permit) => (reread = permit));
    // A create every 500 ms for 40 s: the re-read queued before them never goes in between.
    const start = clock.now();
    while (clock.now() - start < 40_000) {
      await clock.sleep(500);
      held.release({ kind: 'success' });
      held = await limiter.acquire();
      expect(reread).toBeNull();
    }
    // The batch is over: the re-read goes once the creates left room.
    held.release({ kind: 'success' });
    await waiting;
    expect(clock.now() - start).toBeGreaterThanOrEqual(40_000);
    reread!.release({ kind: 'success' });
  });
});

describe('account limiter: learning the service’s rate from its 429s', () => {
  it('does not hold requests back before the service refuses any', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock });
    const start = clock.now();
    for (let i = 0; i < 100; i += 1) (await limiter.acquire()).release({ kind: 'success' });
    expect(clock.now() - start).toBe(0);
    expect(limiter.state()).toMatchObject({ pace: Number.POSITIVE_INFINITY, learnedRate: null });
  });

  it('reads the rate a token-bucket limit allows and keeps just under it, evenly spaced, with 429s only when it probes', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock });
    const { acceptedAt, refusedAt, seconds } = await sendThrough(
      limiter,
      clock,
      { rate: () => 20, burst: 5 },
      { workers: 4, latencyMs: 10, requests: 1200 },
    );
    const learned = limiter.state().learnedRate ?? 0;
    expect(learned).toBeGreaterThan(18);
    expect(learned).toBeLessThan(21);
    // Over the last 30 s: at least 90% of the limit, and at most a couple of 429s (probing upwards).
    const end = seconds * 1000;
    expect(between(acceptedAt, end - 30_000, end) / 30).toBeGreaterThanOrEqual(18);
    expect(between(refusedAt, end - 30_000, end)).toBeLessThanOrEqual(2);
    // Evenly spaced: never more in a quarter second than the limit allows in one (plus one).
    for (let t = end - 30_000; t < end - 250; t += 50) expect(between(acceptedAt, t, t + 250)).toBeLessThanOrEqual(6);
  });

  it('follows the limit down when it drops (another client on the same key)', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock });
    const rate = (ms: number) => (ms < 20_000 ? 20 : 10);
    const { acceptedAt, refusedAt, seconds } = await sendThrough(
      limiter,
      clock,
      { rate, burst: 5 },
      { workers: 4, latencyMs: 10, requests: 900 },
    );
    const end = seconds * 1000;
    expect(end).toBeGreaterThan(60_000);
    expect(between(acceptedAt, end - 20_000, end) / 20).toBeGreaterThanOrEqual(9);
    expect(between(refusedAt, end - 20_000, end)).toBeLessThanOrEqual(2);
    expect(limiter.state().learnedRate).not.toBeNull();
    expect(limiter.state().learnedRate ?? 0).toBeLessThan(11);
  });

  it('429s that come whatever the pace do not drive it to a crawl', async () => {
    const clock = new VirtualClock();
    const limiter = new Limiter({}, { clock });
    // A service with room for 1,000 requests/s that refuses every tenth request anyway.
    const { refusedAt, seconds } = await sendThrough(
      limiter,
      clock,
      { rate: () => 1000, burst: 1000, refuse: (n) => n % 10 === 0 },
      { workers: 4, latencyMs: 10, requests: 400 },
    );
    // Each refusal's Retry-After (1 s) stops everything, and that is all that should: the 400
    // requests themselves go at 20/s or more (a pace driven down by the refusals would take minutes).
    expect(seconds - refusedAt.length).toBeLessThan(20);
    expect(limiter.state().pace).toBeGreaterThanOrEqual(20);
  });
});

describe('Retry-After header', () => {
  const now = Date.UTC(2025, 0, 6, 9, 0, 0);
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(['120'], now)).toBe(120_000);
  });
  it('reads an HTTP date', () => {
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfter(new Date(now - 5000).toUTCString(), now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-1', now)).toBeNull();
  });
});
