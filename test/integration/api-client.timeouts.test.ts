import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';
import { json, startTestServer, testClient, wireDocument, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;
const folder = tempFolder('signdock-timeouts-');

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

// The client sets the headers and body timeouts on every request itself, so they hold even on a
// dispatcher created without any. (undici checks them about once a second, so 300 ms acts as ~1 s.)
function quick(maxAttempts: number): TestClient {
  return testClient(server.url, { client: { dispatcher: new Agent(), timeouts: { headersMs: 300, bodyMs: 300 }, maxAttempts } });
}

describe('timeouts on every request', () => {
  it('a read whose answer never starts times out, is retried, then reported in plain words', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls += 1;
      if (calls < 2) return; // never answer
      json(res, 200, wireDocument('d1'));
    });
    t = quick(2);
    expect((await t.client.getDocument('d1')).id).toBe('d1');
    expect(calls).toBe(2);
    await t.close();

    server.handle(() => undefined);
    t = quick(1);
    const started = Date.now();
    await expect(t.client.getDocument('d1')).rejects.toMatchObject({
      kind: 'Network',
      code: 'network.timeout',
      message: expect.stringMatching(/did not answer in time/),
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a cancel whose answer never comes is Ambiguous (it may have been done), not retried', async () => {
    server.handle(() => undefined);
    t = quick(3);
    await expect(t.client.cancelDocument('d1')).rejects.toMatchObject({
      kind: 'Ambiguous',
      message: expect.stringMatching(/did not answer in time after the request to cancel the document went out/),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('a download whose body stalls times out and leaves no partial file', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '100000' });
      res.write(Buffer.alloc(1000, 1)); // then nothing more
    });
    t = quick(2);
    const dest = join(folder.path, 'certificate.pdf');
    await expect(t.client.downloadEvidence('d1', 'pdf-certificate', dest)).rejects.toMatchObject({
      kind: 'Network',
      code: 'network.timeout',
    });
    expect(server.requests).toHaveLength(2);
    expect(readdirSync(folder.path)).toEqual([]);
  });
});
