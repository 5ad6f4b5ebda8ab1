import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './core/clock';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;
const clock = new ManualClock(Date.UTC(2025, 4, 1, 8, 0, 0));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, clock, key: 'fixed-test-key-0001' });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());

const someId = '01900000-0000-7000-8000-000000000000';
const endpoints: [string, string][] = [
  ['GET', '/api/v2/documents'],
  ['POST', '/api/v2/documents/create'],
  ['GET', `/api/v2/documents/${someId}`],
  ['PATCH', `/api/v2/documents/${someId}/cancel`],
  ['GET', `/api/v2/documents/${someId}/download/zipfile`],
  ['GET', `/api/v2/documents/${someId}/download/pdf-certificate`],
  ['GET', `/api/v2/documents/${someId}/download/document`],
  ['GET', `/api/v2/signatures/${someId}`],
  ['PATCH', `/api/v2/signatures/${someId}/invalidate`],
  ['POST', `/api/v2/signatures/${someId}/resend-invitation`],
];

describe('§5 authentication', () => {
  it('§5 the fixed key given to startSandbox works', async () => {
    expect(sandbox.key).toBe('fixed-test-key-0001');
    expect((await api.get('/api/v2/documents')).status).toBe(200);
  });

  it.each(endpoints)('§5 %s %s without Authorization → 401 with a detail body', async (method, path) => {
    const answer = await api.withKey(null).call(method, path, method === 'GET' ? undefined : {});
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it.each(endpoints)('§5 %s %s with an unknown key → 401 with a detail body', async (method, path) => {
    const answer = await api.withKey('not-a-key').call(method, path, method === 'GET' ? undefined : {});
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ detail: 'Invalid token.' });
  });

  it('§5 a scheme other than Bearer → 401', async () => {
    const answer = await api.withKey(null).call('GET', '/api/v2/documents', undefined, { authorization: `Token ${sandbox.key}` });
    expect(answer.status).toBe(401);
  });

  it('§5 several keys per account: each works and sees the same documents; a revoked key → 401', async () => {
    const second = await sandbox.controlClient.addKey();
    const third = await sandbox.controlClient.addKey('integration-key-42');
    const created = await createDocument(api);
    for (const key of [second, third]) {
      const answer = await api.withKey(key).get(`/api/v2/documents/${created.id}`);
      expect(answer.status).toBe(200);
    }
    await sandbox.controlClient.revokeKey(third);
    expect((await api.withKey(third).get('/api/v2/documents')).status).toBe(401);
    expect((await api.withKey(second).get('/api/v2/documents')).status).toBe(200);
  });
});

describe('§4.1 GET /api/v2/documents', () => {
  it('§4.1 without parameters → 200 and a plain JSON array, newest first', async () => {
    await sandbox.controlClient.reset();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      ids.push((await createDocument(api, { title: `Doc ${i}` })).id);
    }
    const answer = await api.get('/api/v2/documents');
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.json)).toBe(true);
    expect((answer.json as { id: string }[]).map((document) => document.id)).toEqual([...ids].reverse());
  });

  it('§4.1 an empty account lists [] (the request that checks a key)', async () => {
    await sandbox.controlClient.reset();
    const answer = await api.get('/api/v2/documents');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([]);
  });

  it('§4.1 with limit and offset → {count, next, previous, results}; next and previous are absolute URLs or null', async () => {
    await sandbox.controlClient.reset();
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      await createDocument(api, { title: `Página ${i}` });
    }
    const first = (await api.get('/api/v2/documents?limit=2')).json as {
      count: number;
      next: string | null;
      previous: string | null;
      results: { title: string }[];
    };
    expect(first.count).toBe(5);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${sandbox.url}/api/v2/documents?limit=2&offset=2`);
    expect(first.results.map((document) => document.title)).toEqual(['Página 4', 'Página 3']);

    const middle = (await api.get('/api/v2/documents?limit=2&offset=2')).json as typeof first;
    expect(middle.previous).toBe(`${sandbox.url}/api/v2/documents?limit=2`);
    expect(middle.next).toBe(`${sandbox.url}/api/v2/documents?limit=2&offset=4`);

    const titles: string[] = [];
    let next: string | null = `${sandbox.url}/api/v2/documents?limit=2`;
    while (next) {
      const page = (await api.get(next.slice(sandbox.url.length))).json as typeof first;
      titles.push(...page.results.map((document) => document.title));
      next = page.next;
    }
    expect(titles).toEqual(['Página 4', 'Página 3', 'Página 2', 'Página 1', 'Página 0']);
  });

  it('§4.1 a limit that is not a positive integer is ignored → plain array', async () => {
    const answer = await api.get('/api/v2/documents?limit=abc');
    expect(Array.isArray(answer.json)).toBe(true);
  });
});

describe('§4.3 GET /api/v2/documents/{id} and unknown paths', () => {
  it('§4.3 an unknown document → 404 {"detail": "Not found."}', async () => {
    const answer = await api.get(`/api/v2/documents/${someId}`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: 'Not found.' });
  });

  it('§4.3 an id that is not a UUID → 404', async () => {
    expect((await api.get('/api/v2/documents/not-a-uuid')).status).toBe(404);
  });

  it('§9 an unknown path under /api → 404 and the wrong method on a known path → 405 with Allow', async () => {
    expect((await api.get('/api/v1/documents')).status).toBe(404);
    const created = await createDocument(api);
    const answer = await api.call('DELETE', `/api/v2/documents/${created.id}`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });

  it('§4.3 trailing slashes are accepted as DRF routes do', async () => {
    expect((await api.get('/api/v2/documents/')).status).toBe(200);
  });
});
