import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';
import { json, startTestServer, testClient, wireDocument, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;
const folder = tempFolder('signdock-rate-');

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await t?.close();
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
  folder.remove();
});

/** Records the client's (virtual) time of every request the server sees. */
function timed(t: TestClient, answer: (n: number, res: Parameters<typeof json>[0]) => void): number[] {
  const times: number[] = [];
  server.handle((_req, res) => {
    times.push(t.clock.now());
    answer(times.length, res);
  });
  return times;
}

describe('rate limiting: one limiter per account, Retry-After honoured, backoff otherwise', () => {
  it('waits out Retry-After in seconds before retrying', async () => {
    t = testClient(server.url);
    const times = timed(t, (n, res) =>
      n === 1 ? json(res, 429, { detail: 'throttled' }, { 'retry-after': '3' }) : json(res, 200, wireDocument('d1')),
    );
    await t.client.getDocument('d1');
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(3000);
  });

  it('waits out Retry-After given as an HTTP date', async () => {
    t = testClient(server.url);
    const times = timed(t, (n, res) =>
      n === 1 ? json(res, 429, {}, { 'retry-after': new Date(t.clock.now() + 10_000).toUTCString() }) : json(res, 200, wireDocument('d1')),
    );
    await t.client.getDocument('d1');
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(9000);
  });

  it('holds back every operation of the account, not only the one that was throttled', async () => {
    t = testClient(server.url);
    const seen: { path: string; at: number }[] = [];
    server.handle((req, res) => {
      seen.push({ path: req.path, at: t.clock.now() });
      if (seen.length === 1) json(res, 429, {}, { 'retry-after': '5' });
      else if (req.path.startsWith('/api/v2/signatures')) json(res, 200, { id: 's1', status: 'IN' });
      else json(res, 200, wireDocument('d1'));
    });
    const document = t.client.getDocument('d1');
    // Another operation starts once the client has seen the 429.
    for (let spins = 0; t.limiter.state().pausedUntil === 0; spins += 1) {
      if (spins > 10_000) throw new Error('the client never took the Retry-After into account');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const signature = t.client.getSignature('s1');
    await Promise.all([document, signature]);
    const first = seen[0]?.at ?? 0;
    expect(seen.map((r) => r.path).sort()).toEqual(['/api/v2/documents/d1', '/api/v2/documents/d1', '/api/v2/signatures/s1']);
    for (const request of seen.slice(1)) expect(request.at - first).toBeGreaterThanOrEqual(5000);
  });

  it('without Retry-After, backs off exponentially with jitter', async () => {
    t = testClient(server.url, { random: () => 0.999, limiter: { backoffBaseMs: 1000, backoffMaxMs: 60_000 } });
    const times = timed(t, (n, res) => (n <= 3 ? json(res, 429, { detail: 'throttled' }) : json(res, 200, wireDocument('d1'))));
    await t.client.getDocument('d1');
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(990);
    expect(gaps[1]).toBeGreaterThanOrEqual(1990);
    expect(gaps[2]).toBeGreaterThanOrEqual(3990);
  });

  it('fails at once when the service asks for a longer wait than the client waits out, and so do the calls after it', async () => {
    t = testClient(server.url, { client: { maxRetryWaitMs: 60_000 } });
    timed(t, (_n, res) => json(res, 429, {}, { 'retry-after': '600' }));
    await expect(t.client.getDocument('d1')).rejects.toMatchObject({ kind: 'RateLimited', params: { retryAfterSeconds: 600 } });
    await expect(t.client.listAll()).rejects.toMatchObject({ kind: 'RateLimited' });
    expect(server.requests).toHaveLength(1);
  });

  it('has fewer requests in flight after 429s and more again after successes', async () => {
    t = testClient(server.url, { limiter: { initialConcurrency: 8, maxConcurrency: 8 } });
    let throttle = true;
    server.handle((_req, res) => (throttle ? json(res, 429, {}) : json(res, 200, wireDocument('d1'))));
    await Promise.all(Array.from({ length: 8 }, () => t.client.getDocument('d1').catch(() => undefined)));
    const low = t.limiter.state().limit;
    expect(low).toBeLessThan(4);
    throttle = false;
    for (let i = 0; i < 20; i += 1) await t.client.getDocument('d1');
    expect(t.limiter.state().limit).toBeGreaterThan(low);
  });

  it('a 429 on create is not retried, but the next create waits for the Retry-After', async () => {
    t = testClient(server.url);
    const times = timed(t, (n, res) => (n === 1 ? json(res, 429, {}, { 'retry-after': '4' }) : json(res, 200, wireDocument('d1'))));
    const pdf = join(folder.path, 'a.pdf');
    writeFileSync(pdf, '%PDF-1.4\n');
    const input = { title: 'T', filePath: pdf, signatures: [{ validations: { EM: 'a@example.com' } }] };
    await expect(t.client.createDocument(input)).rejects.toMatchObject({ kind: 'RateLimited' });
    expect(times).toHaveLength(1);
    await t.client.createDocument(input);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(4000);
  });
});
