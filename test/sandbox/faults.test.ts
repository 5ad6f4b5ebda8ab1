import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, pdfBase64 } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 9 });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.controlClient.reset());

async function createBody(title: string): Promise<string> {
  return JSON.stringify({ title, file_content: await pdfBase64(), signatures: [{ validations: { EM: 'f@example.com' } }] });
}

/** Raw request with node:http, reporting how the body arrived. */
function rawGet(path: string, key: string): Promise<{ status: number; chunks: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${key}` }, agent: false }, (res) => {
      let chunks = 0;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        chunks += 1;
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, chunks, body, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('faults on demand', () => {
  it('5xx rate 1 → every request answers a 5xx (not JSON) and does nothing', async () => {
    await sandbox.controlClient.setFaults({ error_rate: 1, error_statuses: [502] });
    const answer = await api.call('POST', '/api/v2/documents/create', await createBody('should not exist'), {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    await sandbox.controlClient.setFaults({ error_rate: 0 });
    expect((await sandbox.controlClient.state()).documents).toHaveLength(0);
    expect((await sandbox.controlClient.stats()).faults.errors).toBe(1);
  });

  it('5xx rate 0.5 → about half the requests fail, the same ones for the same seed', async () => {
    const run = async (): Promise<number[]> => {
      const fresh = await startSandbox({ seed: 1234, faults: { error_rate: 0.5 } });
      const client = new ApiClient(fresh);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) statuses.push((await client.get('/api/v2/documents')).status);
      await fresh.stop();
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const failures = first.filter((status) => status >= 500).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
  });

  it('faults can target some operations only', async () => {
    await sandbox.controlClient.setFaults({ error_rate: 1, operations: ['create'] });
    expect((await api.get('/api/v2/documents')).status).toBe(200);
    expect(
      (await api.call('POST', '/api/v2/documents/create', await createBody('x'), { 'content-type': 'application/json' })).status,
    ).toBeGreaterThanOrEqual(500);
  });

  it('429 storm: throttle_rate 1 → 429 with Retry-After whatever the bucket says', async () => {
    await sandbox.controlClient.setFaults({ throttle_rate: 1 });
    const answer = await api.get('/api/v2/documents');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('latency → the answer comes no sooner than the configured delay', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 120 });
    const started = Date.now();
    expect((await api.get('/api/v2/documents')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('slow body → the response is dribbled out in small chunks with pauses, and arrives whole', async () => {
    for (let i = 0; i < 3; i += 1)
      await api.call('POST', '/api/v2/documents/create', await createBody(`Slow ${i}`), { 'content-type': 'application/json' });
    const whole = await api.get('/api/v2/documents');
    await sandbox.controlClient.setFaults({ slow_body_rate: 1, slow_body_chunk_bytes: 256, slow_body_delay_ms: 10 });
    const slow = await rawGet('/api/v2/documents', sandbox.key);
    expect(slow.status).toBe(200);
    expect(slow.body).toBe(whole.text);
    expect(slow.chunks).toBeGreaterThanOrEqual(Math.floor(whole.bytes.length / 256) - 1);
    expect(slow.ms).toBeGreaterThanOrEqual(Math.floor(whole.bytes.length / 256) * 10 - 20);
  });

  it('malformed JSON → a 200 with a JSON content type whose body does not parse', async () => {
    await sandbox.controlClient.setFaults({ malformed_json_rate: 1 });
    const answer = await api.get('/api/v2/documents');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(answer.text) as unknown).toThrow();
    expect((await sandbox.controlClient.stats()).faults.malformed).toBe(1);
  });

  it('ambiguous create (destroy) → the connection drops with no answer, yet the document exists', async () => {
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 1 });
    await expect(
      api.call('POST', '/api/v2/documents/create', await createBody('Ambiguo'), { 'content-type': 'application/json' }),
    ).rejects.toThrow();
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0 });
    const list = (await api.get('/api/v2/documents')).json as { title: string; status: string }[];
    expect(list).toEqual([expect.objectContaining({ title: 'Ambiguo', status: 'PE' })]);
    const stats = await sandbox.controlClient.stats();
    expect(stats.faults.ambiguous_creates).toBe(1);
    expect(stats.creates.by_title).toEqual({ Ambiguo: 1 });
  });

  it('ambiguous create (hang) → no answer until the client gives up, yet the document exists', async () => {
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 1, ambiguous_create_mode: 'hang' });
    const attempt = fetch(`${sandbox.url}/api/v2/documents/create`, {
      method: 'POST',
      body: await createBody('Colgado'),
      signal: AbortSignal.timeout(300),
      headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
    });
    await expect(attempt).rejects.toThrow();
    expect((await sandbox.controlClient.state()).documents.map((document) => document.title)).toEqual(['Colgado']);
  });

  it('a retried ambiguous create shows as a duplicate in the statistics (per title and per file hash)', async () => {
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 1 });
    await api
      .call('POST', '/api/v2/documents/create', await createBody('Twice'), { 'content-type': 'application/json' })
      .catch(() => undefined);
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0 });
    await api.call('POST', '/api/v2/documents/create', await createBody('Twice'), { 'content-type': 'application/json' });
    const stats = await sandbox.controlClient.stats();
    expect(stats.duplicates.titles).toEqual(['Twice']);
    expect(stats.duplicates.file_hashes).toHaveLength(1);
  });

  it('a create quota: creates beyond it are answered 429 until it is raised; other requests go through', async () => {
    await sandbox.controlClient.setFaults({ create_quota: 1 });
    const create = async (title: string) =>
      api.call('POST', '/api/v2/documents/create', await createBody(title), { 'content-type': 'application/json' });
    expect((await create('Uno')).status).toBe(201);
    const refused = await create('Dos');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await api.get('/api/v2/documents')).status).toBe(200);
    await sandbox.controlClient.setFaults({ create_quota: -1 });
    expect((await create('Dos')).status).toBe(201);
    expect((await sandbox.controlClient.stats()).creates.by_title).toEqual({ Uno: 1, Dos: 1 });
  });

  it('the control API refuses fault rates outside 0..1', async () => {
    await expect(sandbox.controlClient.setFaults({ error_rate: 2 })).rejects.toMatchObject({ status: 400 });
    await expect(sandbox.controlClient.setFaults({ nonsense: 1 } as never)).rejects.toMatchObject({ status: 400 });
  });
});
