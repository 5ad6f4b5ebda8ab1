import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/contract/errors';
import { isAppError } from '../../shared/contract/errors';
import { tempFolder } from '../helpers/temp-folder';
import { API_KEY, json, startTestServer, testClient, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;
const folder = tempFolder('signdock-errors-');
const pdf = join(folder.path, 'contract.pdf');

beforeAll(async () => {
  writeFileSync(pdf, '%PDF-1.4\n%minimal\n');
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

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const signers = [{ validations: { EM: 'not-an-email' }, inviteChannel: ['EM'] }];

describe('service client errors: each outcome is a typed error in plain words', () => {
  it('Unauthorized (401 and 403): the service did not accept this API key', async () => {
    for (const status of [401, 403]) {
      server.handle((_req, res) => json(res, status, { detail: 'Invalid token.' }));
      t = testClient(server.url);
      const error = await failure(t.client.getDocument('d1'));
      expect(error).toMatchObject({ kind: 'Unauthorized', code: 'keyRejected', status });
      expect(error.message).toMatch(/^The service did not accept this API key/);
      await t.close();
    }
  });

  it('NotFound: names the document, the signature or the file that is missing', async () => {
    server.handle((_req, res) => json(res, 404, { detail: 'Not found.' }));
    t = testClient(server.url);
    const document = await failure(t.client.getDocument('0190a1b2-doc'));
    expect(document).toMatchObject({ kind: 'NotFound', code: 'service.documentNotFound', params: { id: '0190a1b2-doc' } });
    expect(document.message).toBe('The service has no document with id 0190a1b2-doc. It may belong to another account.');
    const signature = await failure(t.client.resendInvitation('0190a1b2-sig'));
    expect(signature).toMatchObject({ kind: 'NotFound', code: 'service.signatureNotFound' });
    expect(signature.message).toContain('no signature with id 0190a1b2-sig');
    const file = await failure(t.client.downloadEvidence('0190a1b2-doc', 'pdf-certificate', join(folder.path, 'c.pdf')));
    expect(file).toMatchObject({ kind: 'NotFound', code: 'service.fileNotAvailable' });
    expect(file.message).toContain('no audit certificate for document 0190a1b2-doc');
  });

  it('InvalidInput: per-field messages from index-keyed bodies, naming the signer and field', async () => {
    server.handle((_req, res) =>
      json(res, 400, {
        title: ['This field may not be blank.'],
        signatures: { '0': { validations: { EM: ['Enter a valid email address.'] } } },
      }),
    );
    t = testClient(server.url);
    const error = await failure(t.client.createDocument({ title: '', filePath: pdf, signatures: signers }));
    expect(error).toMatchObject({ kind: 'InvalidInput', code: 'service.invalidInput', status: 400 });
    expect(error.fields).toEqual({
      title: ['This field may not be blank.'],
      'signatures.0.validations.EM': ['Enter a valid email address.'],
    });
    expect(error.message).toBe(
      'The service did not accept the request to create the document. Title: This field may not be blank. Signer 1, e-mail: Enter a valid email address.',
    );
  });

  it('InvalidInput: non_field_errors and detail are shown as the reason', async () => {
    server.handle((_req, res) => json(res, 400, { non_field_errors: ['Give a new signer or a custom signature'] }));
    t = testClient(server.url);
    const error = await failure(t.client.invalidateSignature('s1', { reason: 'typo', notify: false }));
    expect(error.kind).toBe('InvalidInput');
    expect(error.fields).toBeUndefined();
    expect(error.message).toBe(
      'The service did not accept the request to invalidate the signature. Give a new signer or a custom signature.',
    );
  });

  it('InvalidInput: an error page that is not JSON is not shown to the clerk', async () => {
    server.handle((_req, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body><h1>Bad Request (400)</h1></body></html>');
    });
    t = testClient(server.url);
    const error = await failure(t.client.invalidateSignature('s1', { reason: 'typo', notify: false }));
    expect(error.kind).toBe('InvalidInput');
    expect(error.message).toBe('The service did not accept the request to invalidate the signature. It did not say why (400).');
  });

  it('InvalidInput: a cancellation reason over 254 characters is refused before sending', async () => {
    t = testClient(server.url);
    const error = await failure(t.client.cancelDocument('d1', 'x'.repeat(255)));
    expect(error).toMatchObject({ kind: 'InvalidInput', fields: { cancel_reason: ['At most 254 characters (this one has 255).'] } });
    expect(server.requests).toHaveLength(0);
  });

  it('Conflict: cancelling a completed document (400 on cancel)', async () => {
    server.handle((_req, res) => json(res, 400, { detail: 'Document is not in a cancellable state.' }));
    t = testClient(server.url);
    const error = await failure(t.client.cancelDocument('d1', 'duplicate'));
    expect(error).toMatchObject({ kind: 'Conflict', code: 'service.cannotCancel', status: 400 });
    expect(error.message).toBe(
      'This document can no longer be cancelled: it is already completed or cancelled. The service said: Document is not in a cancellable state.',
    );
  });

  it('Conflict: a reminder for a signature that cannot get one (400 on resend)', async () => {
    server.handle((_req, res) => json(res, 400, { detail: 'Signature already signed.' }));
    t = testClient(server.url);
    const error = await failure(t.client.resendInvitation('s1'));
    expect(error).toMatchObject({ kind: 'Conflict', code: 'service.cannotRemind' });
  });

  it('RateLimited: says when to try again', async () => {
    server.handle((_req, res) => json(res, 429, { detail: 'Request was throttled.' }, { 'retry-after': '30' }));
    t = testClient(server.url);
    const error = await failure(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers }));
    expect(error).toMatchObject({ kind: 'RateLimited', code: 'service.rateLimited', status: 429, params: { retryAfterSeconds: 30 } });
    expect(error.message).toBe(
      'The service is receiving too many requests from this account and did not create the document. SignDock slows down; try again in 30 seconds.',
    );
  });

  it('ServerError: the service had a problem, with its status', async () => {
    server.handle((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    t = testClient(server.url, { client: { maxAttempts: 2 } });
    const error = await failure(t.client.getDocument('d1'));
    expect(error).toMatchObject({ kind: 'ServerError', code: 'service.serverError', status: 502, params: { status: 502 } });
    expect(error.message).toBe('The service had a problem and could not read the document (502). Try again in a moment.');
  });

  it('ServerError: a 200 that is not a document', async () => {
    server.handle((_req, res) => json(res, 200, { hello: 'world' }));
    t = testClient(server.url, { client: { maxAttempts: 1 } });
    const error = await failure(t.client.getDocument('d1'));
    expect(error).toMatchObject({ kind: 'ServerError', code: 'service.unreadableResponse' });
    expect(error.message).toContain('something SignDock could not read');
  });

  it('Network: nothing answers at the address', async () => {
    const gone = await startTestServer();
    const url = gone.url;
    await gone.close();
    t = testClient(url, { client: { maxAttempts: 1 } });
    const error = await failure(t.client.getDocument('d1'));
    expect(error).toMatchObject({ kind: 'Network', code: 'network.refused' });
    expect(error.message).toMatch(/^Could not reach the service at 127\.0\.0\.1:\d+: nothing answered there/);
  });

  it('Ambiguous: the connection is cut after a create went out', async () => {
    server.handle((_req, res) => void res.socket?.destroy());
    t = testClient(server.url);
    const error = await failure(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers }));
    expect(error).toMatchObject({ kind: 'Ambiguous', code: 'service.ambiguous', params: { operation: 'create' } });
    expect(error.message).toMatch(
      /^The connection to 127\.0\.0\.1:\d+ was cut off after the request to create the document went out, so it is not known whether it was done/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('Ambiguous: a create answered 2xx with a body that cannot be read (the document may exist)', async () => {
    server.handle((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"id": "0190a1b2-doc", "title": "T", "sta');
    });
    t = testClient(server.url);
    const error = await failure(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers }));
    expect(error).toMatchObject({ kind: 'Ambiguous', code: 'service.ambiguous' });
    expect(error.message).toMatch(/^The service's answer could not be read after the request to create the document went out/);
    expect(server.requests).toHaveLength(1);
  });

  it('never shows the API key, even when the service echoes it', async () => {
    server.handle((_req, res) => json(res, 400, { detail: `Key ${API_KEY} has no API permission`, title: [`bad ${API_KEY}`] }));
    t = testClient(server.url);
    const error = await failure(t.client.createDocument({ title: 'T', filePath: pdf, signatures: signers }));
    expect(JSON.stringify(error.toShape())).not.toContain(API_KEY);
    expect(error.message).toContain('[redacted]');
    expect(JSON.stringify(t.logger.lines)).not.toContain(API_KEY);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });
});
