import { describe, expect, it } from 'vitest';
import { Limiter, type Permit } from '../../electron/core/api/limiter';
import { parseRetryAfter } from '../../electron/core/api/retry-after';
import { VirtualClock } from '../helpers/api-test-server';

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
    await Promise.all([1, 2, 3].map(() => limiter.acquire().then((permit) => grantedAt.push(clock.now()) && permit.release({ kind: 'success' }))));
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
