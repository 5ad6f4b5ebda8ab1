import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, testClient, wireDocument, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await t?.close();
  server.requests.length = 0;
});
afterAll(() => server.close());

const all = Array.from({ length: 5 }, (_, i) =>
  wireDocument(`d${i + 1}`, i === 2 ? { created_date: '2025-01-01T00:00:00Z', creation_date: undefined } : {}),
);

/** Django REST Framework's limit/offset pagination, with absolute `next` links as DRF writes them. */
function paginated(origin: string) {
  return (req: { path: string }, res: Parameters<typeof json>[0]) => {
    const url = new URL(req.path, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 0);
    if (!limit) return json(res, 200, all);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const next = offset + limit < all.length ? `${origin}/api/v2/documents?limit=${limit}&offset=${offset + limit}` : null;
    json(res, 200, { count: all.length, next, previous: null, results: all.slice(offset, offset + limit) });
  };
}

describe('listing documents', () => {
  it('follows next until null and yields each page as it comes', async () => {
    server.handle(paginated(server.url));
    t = testClient(server.url, { client: { pageSize: 2 } });
    const pages = [];
    for await (const page of t.client.listDocuments()) pages.push(page);
    expect(pages.map((p) => p.documents.map((d) => d.id))).toEqual([['d1', 'd2'], ['d3', 'd4'], ['d5']]);
    expect(pages.map((p) => [p.pageNumber, p.count])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
    ]);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v2/documents?limit=2',
      '/api/v2/documents?limit=2&offset=2',
      '/api/v2/documents?limit=2&offset=4',
    ]);
    expect(pages[1]?.documents[0]?.createdAt).toBe('2025-01-01T00:00:00Z');
  });

  it('accepts a plain array as the whole list', async () => {
    server.handle((_req, res) => json(res, 200, all));
    t = testClient(server.url);
    expect((await t.client.listAll()).map((d) => d.id)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(server.requests).toHaveLength(1);
  });

  it('can ask without any parameters', async () => {
    server.handle(paginated(server.url));
    t = testClient(server.url, { client: { pageSize: null } });
    expect(await t.client.listAll()).toHaveLength(5);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v2/documents']);
  });

  it('keeps the key on its own server: a next link elsewhere is followed on the account’s address', async () => {
    // DRF behind a proxy may write http:// links for an https:// service: only the path and query are taken.
    server.handle(paginated('http://localhost:1'));
    t = testClient(server.url, { client: { pageSize: 2 } });
    await expect(t.client.listAll()).rejects.toMatchObject({
      kind: 'ServerError',
      code: 'service.unreadableResponse',
      message: expect.stringContaining('the next page is on another server (localhost)'),
    });
    expect(server.requests).toHaveLength(1);
    await t.close();

    server.requests.length = 0;
    const otherPort = server.url.replace(/:\d+$/, ':1');
    server.handle(paginated(otherPort));
    t = testClient(server.url, { client: { pageSize: 2 } });
    expect(await t.client.listAll()).toHaveLength(5);
    expect(server.requests).toHaveLength(3);
  });

  it('stops when a page points back to one already read', async () => {
    server.handle((_req, res) =>
      json(res, 200, { count: 9, next: `${server.url}/api/v2/documents?limit=100`, results: [wireDocument('d1')] }),
    );
    t = testClient(server.url);
    await expect(t.client.listAll()).rejects.toMatchObject({ code: 'service.unreadableResponse' });
    expect(server.requests).toHaveLength(1);
  });
});
