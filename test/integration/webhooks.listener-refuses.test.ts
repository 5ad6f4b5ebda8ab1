import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileLogger } from '../../electron/core/logging/logger';
import { Redactor } from '../../electron/core/logging/redact';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { NOT_FOUND_ERROR } from '../../electron/core/webhooks/inbox-worker';
import { WebhookListener } from '../../electron/core/webhooks/webhook-listener';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import { startSandbox, type Sandbox } from '../sandbox';
import { post, SandboxRefresher, tempDatabase } from './fixtures/webhook-helpers';

let sandbox: Sandbox;
let store: ReturnType<typeof tempDatabase>;
let service: WebhookService;
let hookUrl: string;
const logFile = () => join(store.file, '..', 'logs', 'signdock.log');

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 });
  store = tempDatabase();
  const redactor = new Redactor();
  service = new WebhookService({
    db: store.db,
    secrets: new MemorySecretStore(),
    refresher: new SandboxRefresher(sandbox.url, sandbox.key),
    accounts: () => ['acc-1'],
    logger: new FileLogger(logFile(), redactor),
    redactor,
    worker: { backoffBaseMs: 50 },
  });
  await service.start();
  hookUrl = service.endpoint('acc-1').localHookUrl ?? '';
});
afterAll(async () => {
  await service.stop();
  await sandbox.stop();
  store.remove();
});

const notification = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    notification_id: randomUUID(),
    notification_action: 'DS',
    document_id: randomUUID(),
    signature_id: randomUUID(),
    ...fields,
  });
const rowCount = () => service.stats().received;

/** Streams `total` bytes in 16 KiB chunks, one per `delayMs`, and reports how much was sent when the answer came. */
function streamBody(
  url: string,
  total: number,
  declareLength: boolean,
): Promise<{ status: number | null; sentWhenAnswered: number; error: string | null }> {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (declareLength) headers['content-length'] = String(total);
    const req = request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, sentWhenAnswered, error: null }));
    });
    req.on('error', (error) => answered || resolve({ status: null, sentWhenAnswered: sent, error: error.message }));
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const pump = (): void => {
      if (answered || req.destroyed) return;
      if (sent >= total) return void req.end();
      req.write(chunk);
      sent += chunk.length;
      setTimeout(pump, 2);
    };
    pump();
  });
}

describe('webhook listener: refused, counted and harmless', () => {
  it('takes a notification on its secret path and answers 200 only after storing it; a repeat is counted and still 200', async () => {
    const body = notification();
    const first = await post(hookUrl, body);
    expect(first.status).toBe(200);
    expect(service.list('acc-1').items.find((item) => item.raw === body)).toBeDefined();
    const again = await post(hookUrl, body, { 'content-type': 'application/json; charset=utf-8' });
    expect(again).toMatchObject({ status: 200, body: '{"status":"duplicate"}' });
    expect(service.list('acc-1').items.find((item) => item.raw === body)?.duplicates).toBe(1);
    expect(service.counters()).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it('a wrong token, another path or another method: 404 / 405, nothing stored', async () => {
    const before = rowCount();
    const base = hookUrl.replace(/\/hooks\/.*$/, '');
    expect((await post(`${base}/hooks/not-the-token`, notification())).status).toBe(404);
    expect((await post(`${base}/hooks/${'a'.repeat(43)}`, notification())).status).toBe(404);
    expect((await post(`${base}/`, notification())).status).toBe(404);
    expect((await post(`${hookUrl}/extra`, notification())).status).toBe(404);
    expect((await fetch(hookUrl)).status).toBe(405);
    expect(rowCount()).toBe(before);
    expect(service.counters().refused).toMatchObject({ 'not-found': 4, method: 1 });
  });

  it('not JSON: 415 for another content type, 400 for a body that is not a JSON object', async () => {
    const before = rowCount();
    expect((await post(hookUrl, notification(), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(hookUrl, notification(), {})).status).toBe(415);
    expect((await post(hookUrl, '{"notification_action": "DS"')).status).toBe(400);
    expect((await post(hookUrl, '[1, 2, 3]')).status).toBe(400);
    expect(rowCount()).toBe(before);
    expect(service.counters().refused).toMatchObject({ 'media-type': 2, 'bad-json': 2 });
  });

  it('1 MiB: 413 on the declared length and, streamed without one, after 256 KiB — long before the body is all sent', async () => {
    const before = rowCount();
    const declared = await streamBody(hookUrl, 1024 * 1024, true);
    expect(declared.status).toBe(413);
    expect(declared.sentWhenAnswered).toBeLessThan(256 * 1024);
    const chunked = await streamBody(hookUrl, 1024 * 1024, false);
    expect(chunked.status).toBe(413);
    expect(chunked.sentWhenAnswered).toBeGreaterThan(256 * 1024);
    expect(chunked.sentWhenAnswered).toBeLessThan(512 * 1024);
    expect(rowCount()).toBe(before);
    expect(service.counters().refused['too-large']).toBe(2);
    expect((await post(hookUrl, notification())).status).toBe(200);
  });

  it('with an HMAC secret set, a missing or forged x-signature-sha256 is 401; the right one is 200', async () => {
    await service.configure('acc-1', { hmacSecret: 'whsec-test-123' });
    const body = notification();
    const before = rowCount();
    expect((await post(hookUrl, body)).status).toBe(401);
    const forged = createHmac('sha256', 'guessed-secret').update(body).digest('hex');
    expect((await post(hookUrl, body, { 'content-type': 'application/json', 'x-signature-sha256': forged })).status).toBe(401);
    expect(rowCount()).toBe(before);
    const good = createHmac('sha256', 'whsec-test-123').update(body).digest('hex');
    expect((await post(hookUrl, body, { 'content-type': 'application/json', 'x-signature-sha256': good })).status).toBe(200);
    expect(service.counters().refused['bad-signature']).toBe(2);
    expect(service.state('acc-1').hmacConfigured).toBe(true);
    await service.configure('acc-1', { hmacSecret: null });
    expect((await post(hookUrl, notification())).status).toBe(200);
  });

  it('malformed HTTP is answered 400 and the connection closed', async () => {
    const { port } = new URL(hookUrl);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(service.counters().refused['bad-request']).toBe(1);
  });

  it('rotating the token makes the old path answer 404 and the new one 200', async () => {
    const oldUrl = hookUrl;
    await service.rotateToken('acc-1');
    const newUrl = service.endpoint('acc-1').localHookUrl ?? '';
    expect(newUrl).not.toBe(oldUrl);
    expect((await post(oldUrl, notification())).status).toBe(404);
    expect((await post(newUrl, notification())).status).toBe(200);
    hookUrl = newUrl;
  });

  it('a notification for a document the service does not know: stored, the read answers 404, recorded as failed', async () => {
    const documentId = randomUUID();
    expect((await post(hookUrl, notification({ document_id: documentId }))).status).toBe(200);
    await service.whenIdle();
    const row = service.list('acc-1').items.find((item) => item.documentId === documentId);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastError: NOT_FOUND_ERROR });
    expect(
      (await fetch(`${sandbox.url}/api/v2/documents/${documentId}`, { headers: { authorization: `Bearer ${sandbox.key}` } })).status,
    ).toBe(404);
  });

  it('when the inbox cannot commit, the answer is 503 (the service will retry), never 200', async () => {
    const failing = new WebhookListener({
      credentials: { accountFor: () => 'acc-1', verify: () => true },
      store: () => Promise.reject(new Error('disk I/O error')),
    });
    const port = await failing.start();
    expect((await post(`http://127.0.0.1:${port}/hooks/any`, notification())).status).toBe(503);
    expect(failing.counters.refused['store-failed']).toBe(1);
    await failing.stop();
  });

  it('after all that the listener still serves, the counts add up, and no token reached the log', async () => {
    expect((await post(hookUrl, notification())).status).toBe(200);
    await service.whenIdle();
    const stats = service.stats('acc-1');
    expect(stats.refused).toMatchObject({
      'not-found': 5,
      method: 1,
      'media-type': 2,
      'bad-json': 2,
      'too-large': 2,
      'bad-signature': 2,
      'bad-request': 1,
      'store-failed': 0,
    });
    expect(stats).toMatchObject({ received: 7, duplicates: 1, pending: 0 });
    const log = readFileSync(logFile(), 'utf8');
    expect(log).toContain('Webhook listener started');
    expect(log).toContain('Webhook token rotated');
    expect(log).not.toContain(hookUrl.split('/hooks/')[1]);
  });
});
