import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limiter } from '../../electron/core/api/limiter';
import { ServiceClient } from '../../electron/core/api/service-client';
import { Redactor } from '../../electron/core/logging/redact';
import { API_KEY, json, startTestServer, wireDocument, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The one test on the real clock (about 3 s): the waits of every other test are virtual.
describe('Retry-After on the real clock', () => {
  it('with Retry-After: 3, no request of the account goes out before 3 s have passed', async () => {
    let throttledAt = 0;
    server.handle((req, res) => {
      if (throttledAt === 0) {
        throttledAt = Date.now();
        json(res, 429, { detail: 'Request was throttled. Expected available in 3 seconds.' }, { 'retry-after': '3' });
      } else if (req.path.startsWith('/api/v2/signatures')) json(res, 200, { id: 's1', status: 'IN' });
      else if (req.path.startsWith('/api/v2/documents?')) json(res, 200, []);
      else json(res, 200, wireDocument('d1'));
    });
    const limiter = new Limiter();
    const dispatcher = new Agent();
    const client = new ServiceClient({ baseUrl: server.url, apiKey: API_KEY, dispatcher, limiter, redactor: new Redactor() });
    const document = client.getDocument('d1');
    for (let spins = 0; limiter.state().pausedUntil === 0; spins += 1) {
      if (spins > 400) throw new Error('the client never took the Retry-After into account');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const others = [client.getSignature('s1'), client.listAll()];
    await Promise.all([document, ...others]);
    await dispatcher.close();
    const later = server.requests.slice(1);
    expect(later.length).toBe(3);
    for (const request of later) expect(request.at - throttledAt).toBeGreaterThanOrEqual(3000);
  }, 15_000);
});
