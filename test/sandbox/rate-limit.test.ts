import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './core/clock';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;
const clock = new ManualClock(Date.UTC(2025, 5, 1, 12, 0, 0));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 6, clock, rateLimit: { rate: 1, burst: 3 } });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await sandbox.controlClient.setRateLimit({ enabled: true, rate: 1, burst: 3, retry_after: 'seconds' });
});

async function statuses(count: number, path = '/api/v2/documents', client = api): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await client.get(path)).status);
  return result;
}

describe('§8 rate limiting: a token bucket per key', () => {
  it('§8 exceeding the rate limit → 429 with a detail body and Retry-After in seconds', async () => {
    expect(await statuses(3)).toEqual([200, 200, 200]);
    const answer = await api.get('/api/v2/documents');
    expect(answer.status).toBe(429);
    expect(answer.json).toEqual({ detail: expect.stringMatching(/throttled/) });
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('§8 the bucket refills at the configured rate', async () => {
    await statuses(4);
    clock.advance(1000);
    expect(await statuses(2)).toEqual([200, 429]);
    clock.advance(3000);
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
  });

  it('§8 buckets are per key: another key is still served', async () => {
    await statuses(4);
    const other = api.withKey(await sandbox.controlClient.addKey());
    expect(await statuses(3, '/api/v2/documents', other)).toEqual([200, 200, 200]);
  });

  it('§8 Retry-After can be switched off, or sent as an HTTP date', async () => {
    await sandbox.controlClient.setRateLimit({ retry_after: 'off' });
    await statuses(3);
    const without = await api.get('/api/v2/documents');
    expect(without.status).toBe(429);
    expect(without.headers.get('retry-after')).toBeNull();

    await sandbox.controlClient.setRateLimit({ retry_after: 'date' });
    await statuses(3);
    const dated = await api.get('/api/v2/documents');
    expect(dated.status).toBe(429);
    expect(Date.parse(dated.headers.get('retry-after') ?? '')).toBe(Math.floor(clock.now() / 1000) * 1000 + 1000);
  });

  it('§7 429 on cancel, invalidate and downloads too', async () => {
    await sandbox.controlClient.setRateLimit({ enabled: false });
    const document = await createDocument(api);
    await sandbox.controlClient.setRateLimit({ enabled: true, rate: 0.001, burst: 1 });
    await api.get('/api/v2/documents');
    const id = document.id;
    const signatureId = document.signatures[0]?.id ?? '';
    expect((await api.patch(`/api/v2/documents/${id}/cancel`, {})).status).toBe(429);
    expect((await api.patch(`/api/v2/signatures/${signatureId}/invalidate`, { invalidation_reason: 'x', notify: false })).status).toBe(429);
    for (const kind of ['zipfile', 'pdf-certificate', 'document']) {
      expect((await api.get(`/api/v2/documents/${id}/download/${kind}`)).status).toBe(429);
    }
    expect((await api.get(`/api/v2/documents/${id}`)).status).toBe(429);
    // Nothing happened to the document.
    expect((await sandbox.controlClient.state()).documents.find((entry) => entry.id === id)?.status).toBe('PE');
  });

  it('§8 429s are counted in the statistics', async () => {
    await sandbox.controlClient.reset();
    await sandbox.controlClient.setRateLimit({ enabled: true, rate: 1, burst: 3 });
    await statuses(5);
    const stats = await sandbox.controlClient.stats();
    expect(stats.status_429).toBe(2);
    expect(stats.throttled.rate_limit).toBe(2);
    expect(stats.requests.by_status['200']).toBe(3);
  });

  it('§8 disabled rate limiting never answers 429', async () => {
    await sandbox.controlClient.setRateLimit({ enabled: false });
    expect((await statuses(10)).every((status) => status === 200)).toBe(true);
  });
});
