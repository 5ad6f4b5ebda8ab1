import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, createDocument } from './helpers/api-client';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';

/**
 * Issue 15, finding 3: the control API (`/_sandbox/*`) needed no token, checked neither Host nor
 * Origin and took `text/plain` bodies, so a page on another origin signed and rejected documents
 * through it, and with DNS rebinding could read the webhook secret and every signing link. Now it
 * wants the token printed with the address, a loopback Host, no Origin or its own, and JSON bodies.
 */
let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 15, webhook: { url: 'http://127.0.0.1:9/hook', secret: 'webhook-secret-value' } });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.controlClient.reset());

interface Answer {
  status: number;
  text: string;
}

/** A raw HTTP request, so Host and Origin are exactly what a browser (or an attacker's page) would send. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, setHost: false, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const token = () => ({ 'x-sandbox-control-token': sandbox.controlToken });
const signatureStatus = async (documentId: string) =>
  ((await api.get(`/api/v2/documents/${documentId}`)).json as { signatures: { status: string }[] }).signatures[0]?.status;

describe('control API access', () => {
  it('refuses a call without the token, or with a wrong one, and does not run it', async () => {
    const created = await createDocument(api);
    const signatureId = created.signatures[0]?.id ?? '';
    const json = { 'content-type': 'application/json' };
    const none = await send('POST', `/_sandbox/signatures/${signatureId}/sign`, json, '{}');
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toEqual({ detail: expect.stringContaining('x-sandbox-control-token') });
    const wrong = await send(
      'POST',
      `/_sandbox/signatures/${signatureId}/sign`,
      { ...json, 'x-sandbox-control-token': 'f'.repeat(64) },
      '{}',
    );
    expect(wrong.status).toBe(401);
    expect((await send('GET', '/_sandbox/webhook', {})).status).toBe(401);
    expect(await signatureStatus(created.id)).toBe('IN');

    const right = await send('POST', `/_sandbox/signatures/${signatureId}/sign`, { ...json, ...token() }, '{}');
    expect(right.status).toBe(200);
    expect(await signatureStatus(created.id)).toBe('CO');
  });

  it('refuses what another web page can send: a foreign Origin, a text/plain or form body', async () => {
    const created = await createDocument(api);
    const path = `/_sandbox/signatures/${created.signatures[0]?.id ?? ''}/reject`;
    const foreign = await send('POST', path, { ...token(), origin: 'https://evil.example', 'content-type': 'application/json' }, '{}');
    expect(foreign.status).toBe(403);
    expect((await send('POST', path, { ...token(), origin: 'null', 'content-type': 'application/json' }, '{}')).status).toBe(403);
    expect((await send('POST', path, { ...token(), 'content-type': 'text/plain' }, '{}')).status).toBe(415);
    expect((await send('POST', path, { ...token(), 'content-type': 'application/x-www-form-urlencoded' }, 'name=x')).status).toBe(415);
    expect((await send('POST', path, { ...token() }, '{}')).status).toBe(415);
    expect((await send('PUT', '/_sandbox/auto-sign', { ...token(), 'content-type': 'text/plain' }, '{"enabled":true}')).status).toBe(415);
    expect(await signatureStatus(created.id)).toBe('IN');
    expect((await sandbox.controlClient.autoSign()).enabled).toBe(false);

    const { port } = new URL(sandbox.url);
    const own = await send(
      'POST',
      path,
      { ...token(), origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json; charset=utf-8' },
      '{}',
    );
    expect(own.status).toBe(200);
    expect(await signatureStatus(created.id)).toBe('DE');
  });

  it('refuses a Host that is not a loopback name of this sandbox (DNS rebinding), even with the token', async () => {
    const { port } = new URL(sandbox.url);
    for (const host of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${Number(port) + 1}`, '']) {
      const answer = await send('GET', '/_sandbox/webhook', { ...token(), host });
      expect(answer.status, host).toBe(421);
      expect(answer.text).not.toContain('webhook-secret-value');
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await send('GET', '/_sandbox/webhook', { ...token(), host });
      expect(answer.status, host).toBe(200);
    }
  });

  it('leaves the service API as it was: no control token asked, any Host', async () => {
    const { port } = new URL(sandbox.url);
    const listed = await send('GET', '/api/v2/documents', { authorization: `Bearer ${sandbox.key}`, host: `localhost:${port}` });
    expect(listed.status).toBe(200);
  });

  it('the signing page refuses a form posted from another origin', async () => {
    const created = await createDocument(api);
    const path = `/sign/${created.signatures[0]?.id ?? ''}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await send('POST', path, { ...form, origin: 'https://evil.example' }, 'action=sign')).status).toBe(403);
    expect(await signatureStatus(created.id)).toBe('IN');
    const { port } = new URL(sandbox.url);
    expect((await send('POST', path, { ...form, origin: `http://127.0.0.1:${port}` }, 'action=sign')).status).toBe(200);
    expect(await signatureStatus(created.id)).toBe('CO');
  });
});
