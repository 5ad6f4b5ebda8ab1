import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './core/clock';
import { resolveVariant } from './core/variant';
import { ApiClient, pdfBase64 } from './helpers/api-client';
import { WebhookReceiver } from './helpers/webhook-receiver';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';

// The `alt` variant (README.md "The `alt` variant"): each open choice of the interface made otherwise.
let sandbox: Sandbox;
let api: ApiClient;
const clock = new ManualClock();
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  sandbox = await startSandbox({ seed: 4, clock, variant: 'alt', webhook: { url: receiver.url, retry_base_ms: 10 } });
  api = new ApiClient(sandbox);
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
});
beforeEach(async () => {
  await sandbox.controlClient.reset();
  receiver.clear();
});

type Doc = {
  id: string;
  status: string;
  creation_date?: string;
  signatures: { id: string; status: string; url?: string; created_date: string }[];
};

async function create(
  signatures: unknown[] = [{ validations: { EM: 'ana@example.com' }, invite_channel: ['EM'] }, { validations: { EM: 'luis@example.com' } }],
) {
  const answer = await api.post('/api/v2/documents/create', { title: 'Alt', file_content: await pdfBase64(), signatures });
  return { answer, document: answer.json as Doc };
}

describe('alt variant', () => {
  it('is chosen by option or by SIGNDOCK_SANDBOX_VARIANT, and refuses an unknown name', () => {
    expect(resolveVariant(undefined, {})).toBe('default');
    expect(resolveVariant(undefined, { SIGNDOCK_SANDBOX_VARIANT: 'alt' })).toBe('alt');
    expect(resolveVariant('default', { SIGNDOCK_SANDBOX_VARIANT: 'alt' })).toBe('default');
    expect(() => resolveVariant(undefined, { SIGNDOCK_SANDBOX_VARIANT: 'other' })).toThrow(/Unknown sandbox variant/);
  });

  it('create: 200, status DR, v4 ids, no url where an invite channel is given, dates with microseconds and offset', async () => {
    const { answer, document } = await create();
    expect(answer.status).toBe(200);
    expect(document.status).toBe('DR');
    expect(document.creation_date).toBeUndefined();
    expect(document.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(document.signatures[0]?.url).toBeUndefined();
    expect(document.signatures[1]?.url).toMatch(/\/sign\//);
    expect(document.signatures[0]?.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(((await api.get(`/api/v2/documents/${document.id}`)).json as Doc).status).toBe('PE');
  });

  it('list: always a page without count, oldest first, relative next, at most 25', async () => {
    for (let i = 0; i < 12; i += 1) {
      await create();
      clock.advance(1000);
    }
    const first = (await api.get('/api/v2/documents')).json as { next: string; results: Doc[]; count?: number };
    expect(first.count).toBeUndefined();
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe('/api/v2/documents?limit=10&offset=10');
    const big = (await api.get('/api/v2/documents?limit=100')).json as { next: string | null; results: Doc[] };
    expect(big.results).toHaveLength(12);
    expect(big.next).toBeNull();
  });

  it('errors: 403 empty for a bad key, HTML 404, 429 empty without Retry-After', async () => {
    const bad = await api.withKey('nope').get('/api/v2/documents');
    expect(bad.status).toBe(403);
    expect(bad.text).toBe('');
    const missing = await api.get('/api/v2/documents/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    await sandbox.controlClient.setFaults({ throttle_rate: 1 });
    const throttled = await api.get('/api/v2/documents');
    await sandbox.controlClient.setFaults({ throttle_rate: 0 });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeNull();
    expect(throttled.text).toBe('');
  });

  it('cancel twice: 400 with its own words; invalidate: no new_signature_id, replacement first', async () => {
    const { document } = await create();
    const original = document.signatures[1]!.id;
    const invalidated = await api.patch(`/api/v2/signatures/${original}/invalidate`, {
      invalidation_reason: 'x',
      notify: false,
      new_signer: 'eva@example.com',
    });
    expect(invalidated.status).toBe(200);
    expect(invalidated.json).not.toHaveProperty('new_signature_id');
    const records = sandbox.services.store.signaturesOf(sandbox.services.store.documents.get(document.id)!);
    expect(records[0]?.replaces).toBe(original);
    expect((await api.patch(`/api/v2/documents/${document.id}/cancel`, {})).status).toBe(200);
    const again = await api.patch(`/api/v2/documents/${document.id}/cancel`, {});
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ detail: 'Document already cancelled' });
  });

  it('resend within 2 h: 429 without Retry-After, in other words', async () => {
    const { document } = await create();
    const id = document.signatures[0]!.id;
    expect((await api.post(`/api/v2/signatures/${id}/resend-invitation`)).status).toBe(200);
    const again = await api.post(`/api/v2/signatures/${id}/resend-invitation`);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeNull();
    expect(again.json).toEqual({ detail: 'Reminder limit reached for this signer' });
  });

  it('downloads: 400 while pending; octet-stream, chunked, no length once completed; an opened signer reads RD', async () => {
    const { document } = await create([{ validations: { EM: 'ana@example.com' }, invite_channel: ['EM'] }]);
    const id = document.signatures[0]!.id;
    const early = await api.get(`/api/v2/documents/${document.id}/download/zipfile`);
    expect(early.status).toBe(400);
    await sandbox.controlClient.open(id);
    expect(((await api.get(`/api/v2/signatures/${id}`)).json as { status: string }).status).toBe('RD');
    await sandbox.controlClient.sign(id);
    const file = await api.get(`/api/v2/documents/${document.id}/download/zipfile`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-length')).toBeNull();
    expect(file.headers.get('transfer-encoding')).toBe('chunked');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('webhooks: extra fields, and a TU after each DS', async () => {
    const { document } = await create([{ validations: { EM: 'ana@example.com' }, invite_channel: ['EM'] }]);
    await sandbox.controlClient.sign(document.signatures[0]!.id);
    await sandbox.controlClient.webhookIdle();
    const kinds = receiver.received.map((entry) => entry.body.notification_action);
    expect(kinds).toEqual(expect.arrayContaining(['DS', 'TU', 'DC']));
    const ds = receiver.received.find((entry) => entry.body.notification_action === 'DS')!.body;
    expect(ds).toMatchObject({ environment: 'sandbox', document_id: document.id });
  });
});
