import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';
import { json, startTestServer, testClient, wireDocument, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;
const folder = tempFolder('signdock-retries-');
const pdf = join(folder.path, 'contract.pdf');
const bigPdf = join(folder.path, 'big.pdf');
const signers = [{ validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] }];

beforeAll(async () => {
  writeFileSync(pdf, '%PDF-1.4\n%minimal\n');
  writeFileSync(bigPdf, randomBytes(4 * 1024 * 1024));
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

/** Answers with `failures` in turn, then with `success` for good. */
function script(failures: ((res: Parameters<Parameters<TestServer['handle']>[0]>[1]) => void)[], success: unknown) {
  let calls = 0;
  server.handle((_req, res) => {
    const fail = failures[calls];
    calls += 1;
    if (fail) fail(res);
    else json(res, 200, success);
  });
}
const cut = (res: { socket: { destroy(): void } | null }) => void res.socket?.destroy();
const status = (code: number) => (res: Parameters<typeof json>[0]) => json(res, code, { detail: 'x' });

describe('retries: reads are retried, changes only when the service certainly did not act', () => {
  it('a read is retried after 5xx answers and cut connections, and succeeds', async () => {
    script([status(500), cut, status(503)], wireDocument('d1'));
    t = testClient(server.url);
    const document = await t.client.getDocument('d1');
    expect(document.id).toBe('d1');
    expect(server.requests).toHaveLength(4);
    // Each retry waited a backoff first.
    expect(t.clock.sleeps.length).toBeGreaterThanOrEqual(3);
  });

  it('a read gives up after the attempts allowed', async () => {
    script([status(500), status(500), status(500)], wireDocument('d1'));
    t = testClient(server.url, { client: { maxAttempts: 3 } });
    await expect(t.client.getDocument('d1')).rejects.toMatchObject({ kind: 'ServerError', status: 500 });
    expect(server.requests).toHaveLength(3);
  });

  it('a create is never retried: not after 429, 500, 503 nor a cut connection', async () => {
    const expected = { 429: 'RateLimited', 500: 'Ambiguous', 503: 'ServerError' } as const;
    for (const code of [429, 500, 503] as const) {
      server.requests.length = 0;
      script([status(code)], wireDocument('d1'));
      t = testClient(server.url);
      await expect(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers })).rejects.toMatchObject({
        kind: expected[code],
      });
      expect(server.requests, `after ${code}`).toHaveLength(1);
      await t.close();
    }
    server.requests.length = 0;
    script([cut], wireDocument('d1'));
    t = testClient(server.url);
    await expect(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers })).rejects.toMatchObject({ kind: 'Ambiguous' });
    expect(server.requests).toHaveLength(1);
  });

  it('a create cut off before its body was fully sent is a plain Network failure (safe to send again)', async () => {
    const streaming = await startTestServer(
      (_req, res, raw) => {
        let received = 0;
        raw.on('data', (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > 256 * 1024) res.socket?.destroy();
        });
      },
      { streaming: true },
    );
    t = testClient(streaming.url);
    await expect(t.client.createDocument({ title: 'T', filePath: bigPdf, signatures: signers })).rejects.toMatchObject({
      kind: 'Network',
      code: 'network.reset',
    });
    expect(streaming.requests).toHaveLength(1);
    await streaming.close();
  });

  it('a create that nobody answers is a Network failure, not Ambiguous', async () => {
    const gone = await startTestServer();
    await gone.close();
    t = testClient(gone.url);
    await expect(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers })).rejects.toMatchObject({
      kind: 'Network',
      code: 'network.refused',
    });
  });

  it('a cancel is retried after a 429 and succeeds', async () => {
    script([(res) => json(res, 429, { detail: 'throttled' }, { 'retry-after': '1' })], wireDocument('d1', { status: 'CA' }));
    t = testClient(server.url);
    const document = await t.client.cancelDocument('d1', 'sent twice');
    expect(document.status).toBe('CA');
    expect(server.requests.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
    expect(JSON.parse(server.requests[1]?.body.toString() ?? '')).toEqual({ cancel_reason: 'sent twice' });
  });

  it('a cancel cut off after it went out is Ambiguous and not repeated (a repeat would answer "cannot be cancelled")', async () => {
    script([cut], wireDocument('d1', { status: 'CA' }));
    t = testClient(server.url);
    await expect(t.client.cancelDocument('d1')).rejects.toMatchObject({ kind: 'Ambiguous', params: { operation: 'cancel' } });
    expect(server.requests).toHaveLength(1);
  });

  it('an invalidation answered 500 is Ambiguous and not repeated (it may have invited the new signer)', async () => {
    script([status(500)], { id: 's1', status: 'CA' });
    t = testClient(server.url);
    await expect(
      t.client.invalidateSignature('s1', { reason: 'wrong person', newSigner: 'b@example.com', notify: true }),
    ).rejects.toMatchObject({
      kind: 'Ambiguous',
      status: 500,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('a reminder answered 429 is not retried: it may mean one went out less than 2 hours ago', async () => {
    script([(res) => json(res, 429, { detail: 'Wait.' }, { 'retry-after': '7200' })], {});
    t = testClient(server.url);
    const error = await t.client.resendInvitation('s1').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'RateLimited', code: 'service.reminderLimited' });
    expect((error as Error).message).toContain('less than 2 hours ago');
    expect(server.requests).toHaveLength(1);
  });

  it('the wire bodies of cancel and invalidate are what the interface says', async () => {
    script([], { id: 's1', status: 'CA', invalidation_reason: 'typo' });
    t = testClient(server.url);
    const result = await t.client.invalidateSignature('s1', {
      reason: 'typo',
      newSigner: 'b@example.com',
      customSignature: { validations: { EM: 'b@example.com' }, message: 'Please sign', inviteChannel: ['EM'] },
      notify: true,
    });
    expect(result).toMatchObject({ id: 's1', status: 'CA', invalidationReason: 'typo', newSignatureId: null });
    const sent = server.requests[0];
    expect(sent?.method).toBe('PATCH');
    expect(sent?.path).toBe('/api/v2/signatures/s1/invalidate');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.body.toString() ?? '')).toEqual({
      invalidation_reason: 'typo',
      new_signer: 'b@example.com',
      custom_signature: { validations: { EM: 'b@example.com' }, message: 'Please sign', invite_channel: ['EM'] },
      notify: true,
    });
  });
});
