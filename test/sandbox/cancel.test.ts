import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument, twoSigners } from './helpers/api-client';
import { WebhookReceiver } from './helpers/webhook-receiver';

let sandbox: Sandbox;
let api: ApiClient;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  sandbox = await startSandbox({ seed: 2, webhook: { url: receiver.url, retry_base_ms: 10 } });
  api = new ApiClient(sandbox);
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
});
beforeEach(() => receiver.clear());

type Doc = { id: string; status: string; cancel_reason: string | null; title: string; signatures: Record<string, unknown>[] };

async function cancel(id: string, body?: unknown) {
  return api.patch(`/api/v2/documents/${id}/cancel`, body);
}

async function dcNotifications(documentId: string) {
  await sandbox.controlClient.webhookIdle();
  return receiver.received
    .map((entry) => entry.body)
    .filter((body) => body.document_id === documentId && body.notification_action === 'DC');
}

describe('§3 document transitions: cancel', () => {
  it('§3 DR or PE → cancel → CA, pending signatures CA, DC/CA sent (from PE)', async () => {
    const created = await createDocument(api, twoSigners());
    await sandbox.controlClient.open(created.signatures[0]?.id ?? '');
    const answer = await cancel(created.id, { cancel_reason: 'Se enviará una versión corregida.' });
    expect(answer.status).toBe(200);
    const document = answer.json as Doc;
    expect(document.status).toBe('CA');
    expect(document.cancel_reason).toBe('Se enviará una versión corregida.');
    expect(document.signatures.map((signature) => signature.status)).toEqual(['CA', 'CA']);
    expect(await dcNotifications(created.id)).toEqual([expect.objectContaining({ document_id: created.id, new_status: 'CA' })]);
  });

  it('§3 DR or PE → cancel → CA, pending signatures CA, DC/CA sent (from DR)', async () => {
    const draft = await sandbox.controlClient.createDocument({
      title: 'Borrador',
      status: 'DR',
      signatures: [{ validations: { EM: 'x@example.com' } }],
    });
    expect(draft.status).toBe('DR');
    const answer = await cancel(draft.id, {});
    expect(answer.status).toBe(200);
    expect((answer.json as Doc).status).toBe('CA');
    expect((answer.json as Doc).signatures.map((signature) => signature.status)).toEqual(['CA']);
    expect(await dcNotifications(draft.id)).toEqual([expect.objectContaining({ new_status: 'CA' })]);
  });

  it('§4.4 the 200 body has id, title, status CA, cancel_reason and signatures with id, status CA, created_date, validations, invite_channel, url', async () => {
    const created = await createDocument(api);
    const document = (await cancel(created.id, { cancel_reason: 'Duplicado' })).json as Doc;
    expect(document).toMatchObject({ id: created.id, title: created.title, status: 'CA', cancel_reason: 'Duplicado' });
    for (const signature of document.signatures) {
      expect(Object.keys(signature)).toEqual(
        expect.arrayContaining(['id', 'status', 'created_date', 'validations', 'invite_channel', 'url']),
      );
      expect(signature.status).toBe('CA');
    }
  });

  it('§4.4 cancel_reason is optional: no body → 200 with cancel_reason null', async () => {
    const created = await createDocument(api);
    const answer = await cancel(created.id);
    expect(answer.status).toBe(200);
    expect((answer.json as Doc).cancel_reason).toBeNull();
  });

  it('§3 after cancel, signers who have not signed can no longer sign; a signer who signed stays CO', async () => {
    const created = await createDocument(api, twoSigners());
    const [first, second] = created.signatures;
    await sandbox.controlClient.sign(first?.id ?? '');
    const document = (await cancel(created.id)).json as Doc;
    expect(document.signatures.map((signature) => signature.status)).toEqual(['CO', 'CA']);
    await expect(sandbox.controlClient.sign(second?.id ?? '')).rejects.toMatchObject({ status: 409 });
  });

  it('§3 a cancelled document stays visible in the account (list and GET)', async () => {
    const created = await createDocument(api);
    await cancel(created.id);
    expect((await api.get(`/api/v2/documents/${created.id}`)).status).toBe(200);
    const list = (await api.get('/api/v2/documents')).json as Doc[];
    expect(list.find((document) => document.id === created.id)?.status).toBe('CA');
  });

  it('§3 CO or CA → cancel → 400, unchanged (from CO)', async () => {
    const created = await createDocument(api);
    await sandbox.controlClient.sign(created.signatures[0]?.id ?? '');
    const answer = await cancel(created.id, { cancel_reason: 'late' });
    expect(answer.status).toBe(400);
    expect(answer.json).toHaveProperty('detail');
    const after = (await api.get(`/api/v2/documents/${created.id}`)).json as Doc;
    expect(after.status).toBe('CO');
    expect(after.cancel_reason).toBeNull();
  });

  it('§3 CO or CA → cancel → 400, unchanged (from CA)', async () => {
    const created = await createDocument(api);
    await cancel(created.id, { cancel_reason: 'first' });
    await sandbox.controlClient.webhookIdle();
    receiver.clear();
    const answer = await cancel(created.id, { cancel_reason: 'second' });
    expect(answer.status).toBe(400);
    expect(((await api.get(`/api/v2/documents/${created.id}`)).json as Doc).cancel_reason).toBe('first');
    expect(await dcNotifications(created.id)).toEqual([]);
  });

  it('§4.4 cancel of a document that does not exist → 404', async () => {
    const answer = await cancel('01900000-0000-7000-8000-000000000000', {});
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: 'Not found.' });
  });

  it('§8 cancel_reason of exactly 254 characters → 200', async () => {
    const created = await createDocument(api);
    const answer = await cancel(created.id, { cancel_reason: 'r'.repeat(254) });
    expect(answer.status).toBe(200);
    expect((answer.json as Doc).cancel_reason).toHaveLength(254);
  });

  it('§8 cancel_reason over 254 characters → 400, document unchanged', async () => {
    const created = await createDocument(api);
    const answer = await cancel(created.id, { cancel_reason: 'r'.repeat(255) });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ cancel_reason: ['Ensure this field has no more than 254 characters.'] });
    expect(((await api.get(`/api/v2/documents/${created.id}`)).json as Doc).status).toBe('PE');
  });

  it('§4.4 cancel_reason that is not a string → 400', async () => {
    const created = await createDocument(api);
    expect((await cancel(created.id, { cancel_reason: 42 })).json).toEqual({ cancel_reason: ['Not a valid string.'] });
  });

  it('§4.4 cancel with another method than PATCH → 405', async () => {
    const created = await createDocument(api);
    const answer = await api.post(`/api/v2/documents/${created.id}/cancel`, {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('PATCH');
  });
});
