import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './core/clock';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument, twoSigners } from './helpers/api-client';
import { WebhookReceiver } from './helpers/webhook-receiver';

let sandbox: Sandbox;
let api: ApiClient;
const clock = new ManualClock(Date.UTC(2025, 2, 3, 10, 0, 0));
const receiver = new WebhookReceiver();

beforeAll(async () => {
  await receiver.start();
  sandbox = await startSandbox({ seed: 4, clock, webhook: { url: receiver.url, retry_base_ms: 10 } });
  api = new ApiClient(sandbox);
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
});
beforeEach(() => receiver.clear());

type Signature = { id: string; status: string; validations: Record<string, { value: string | null; validated: boolean }> };
type Doc = { id: string; status: string; signatures: Signature[] };

async function read(id: string): Promise<Doc> {
  return (await api.get(`/api/v2/documents/${id}`)).json as Doc;
}

async function delivered() {
  await sandbox.controlClient.webhookIdle();
  return receiver.received.map((entry) => entry.body);
}

describe('§3 signature states (IN → PE → CO or DE) and §6 their notifications', () => {
  it('§3 IN → PE when the signer opens the link; an e-mail invitation link verifies EM', async () => {
    const document = await createDocument(api);
    const id = document.signatures[0]?.id ?? '';
    await sandbox.controlClient.open(id);
    const signature = (await read(document.id)).signatures[0];
    expect(signature?.status).toBe('PE');
    expect(signature?.validations.EM?.validated).toBe(true);
    expect((await read(document.id)).status).toBe('PE');
  });

  it('§3 PE → CO when the signer signs; §6 DS with document_id and signature_id', async () => {
    const document = await createDocument(api, twoSigners());
    const id = document.signatures[0]?.id ?? '';
    await sandbox.controlClient.open(id);
    await sandbox.controlClient.sign(id);
    const after = await read(document.id);
    expect(after.signatures.map((signature) => signature.status)).toEqual(['CO', 'IN']);
    expect(after.status).toBe('PE');
    expect(await delivered()).toEqual([expect.objectContaining({ notification_action: 'DS', document_id: document.id, signature_id: id })]);
  });

  it('§3 IN or PE → DE when the signer rejects; §6 SD with document_id and signature_id; the document stays PE', async () => {
    const document = await createDocument(api);
    const id = document.signatures[0]?.id ?? '';
    await sandbox.controlClient.reject(id);
    const after = await read(document.id);
    expect(after.signatures[0]?.status).toBe('DE');
    expect(after.status).toBe('PE');
    expect(await delivered()).toEqual([expect.objectContaining({ notification_action: 'SD', document_id: document.id, signature_id: id })]);
  });

  it('§3 any → CO when every required signature is complete; §6 DC with new_status CO', async () => {
    const document = await createDocument(api, twoSigners());
    const [first, second] = document.signatures;
    await sandbox.controlClient.sign(first?.id ?? '');
    expect((await read(document.id)).status).toBe('PE');
    await sandbox.controlClient.sign(second?.id ?? '');
    const after = await read(document.id);
    expect(after.status).toBe('CO');
    expect(after.signatures.every((signature) => Object.values(signature.validations).every((validation) => validation.validated))).toBe(
      true,
    );
    const kinds = (await delivered()).map((body) => `${String(body.notification_action)}:${String(body.new_status ?? body.signature_id)}`);
    expect(kinds.sort()).toEqual([`DS:${first?.id}`, `DS:${second?.id}`, 'DC:CO'].sort());
  });

  it('§3 a rejected signature blocks completion: the others signing leaves the document PE', async () => {
    const document = await createDocument(api, twoSigners());
    await sandbox.controlClient.reject(document.signatures[0]?.id ?? '');
    await sandbox.controlClient.sign(document.signatures[1]?.id ?? '');
    expect((await read(document.id)).status).toBe('PE');
  });

  it('§3 signed, rejected and cancelled signatures cannot move again (control answers 409)', async () => {
    const document = await createDocument(api, twoSigners());
    const [first, second] = document.signatures;
    await sandbox.controlClient.reject(first?.id ?? '');
    await expect(sandbox.controlClient.sign(first?.id ?? '')).rejects.toMatchObject({ status: 409 });
    await sandbox.controlClient.sign(second?.id ?? '');
    await expect(sandbox.controlClient.reject(second?.id ?? '')).rejects.toMatchObject({ status: 409 });
    await expect(sandbox.controlClient.sign('01900000-0000-7000-8000-00000000dead')).rejects.toMatchObject({ status: 404 });
  });

  it('§2.2 PH null accepts any phone: the number used at signing becomes the value', async () => {
    const document = await createDocument(api, { signatures: [{ validations: { EM: 'p@example.com', PH: null } }] });
    await sandbox.controlClient.sign(document.signatures[0]?.id ?? '', { phone: '+34611222333' });
    expect((await read(document.id)).signatures[0]?.validations.PH).toEqual({ value: '+34611222333', validated: true });
  });

  it('signing link: GET /sign/{id} opens the signature (IN → PE); its Sign button signs it', async () => {
    const document = await createDocument(api);
    const url = document.signatures[0]?.url ?? '';
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Contrato de prueba');
    expect((await read(document.id)).signatures[0]?.status).toBe('PE');
    await fetch(url, { method: 'POST', body: 'action=sign', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await read(document.id)).status).toBe('CO');
  });
});

describe('GET /api/v2/signatures/{id}', () => {
  it('GET signature → 200 with signed_date, ip_address, info_device and invalidation_reason', async () => {
    const document = await createDocument(api);
    const id = document.signatures[0]?.id ?? '';
    const before = (await api.get(`/api/v2/signatures/${id}`)).json;
    expect(before).toMatchObject({
      id,
      status: 'IN',
      signed_date: null,
      ip_address: null,
      info_device: null,
      invalidation_reason: null,
      document_id: document.id,
    });
    await sandbox.controlClient.sign(id, { ip: '203.0.113.9', device: 'Firefox on Linux', name: 'Ana Pérez' });
    const answer = await api.get(`/api/v2/signatures/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id,
      status: 'CO',
      signed_date: new Date(clock.now()).toISOString(),
      ip_address: '203.0.113.9',
      info_device: 'Firefox on Linux',
    });
  });

  it('GET signature that does not exist → 404', async () => {
    expect((await api.get('/api/v2/signatures/01900000-0000-7000-8000-000000000002')).status).toBe(404);
  });
});

describe('POST /api/v2/signatures/{id}/resend-invitation', () => {
  const resend = (id: string) => api.post(`/api/v2/signatures/${id}/resend-invitation`);

  it('resend → 200 with an empty body; the reminder goes out on the original channel', async () => {
    const document = await createDocument(api, {
      signatures: [{ validations: { EM: 'r@example.com', PH: '+34600000001' }, invite_channel: ['EM', 'PH'] }],
    });
    const id = document.signatures[0]?.id ?? '';
    const answer = await resend(id);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const reminders = (await sandbox.controlClient.messages()).filter(
      (message) => message.kind === 'reminder' && message.signatureId === id,
    );
    expect(reminders.map((message) => [message.channel, message.to])).toEqual([
      ['EM', 'r@example.com'],
      ['PH', '+34600000001'],
    ]);
  });

  it('resend less than 2 hours after the last reminder → 429; after 2 hours → 200 again', async () => {
    const document = await createDocument(api);
    const id = document.signatures[0]?.id ?? '';
    expect((await resend(id)).status).toBe(200);
    clock.advance(2 * 60 * 60 * 1000 - 1000);
    const early = await resend(id);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    expect((await resend(id)).status).toBe(200);
  });

  it('resend for a signature of a draft → 400', async () => {
    const draft = await sandbox.controlClient.createDocument({
      status: 'DR',
      signatures: [{ validations: { EM: 'd@example.com' }, invite_channel: ['EM'] }],
    });
    expect((await resend(draft.signatures[0]?.id ?? '')).status).toBe(400);
  });

  it('resend for a completed (CO) or cancelled (CA) signature → 400', async () => {
    const signed = await createDocument(api);
    await sandbox.controlClient.sign(signed.signatures[0]?.id ?? '');
    expect((await resend(signed.signatures[0]?.id ?? '')).status).toBe(400);
    const cancelled = await createDocument(api);
    await api.patch(`/api/v2/documents/${cancelled.id}/cancel`, {});
    expect((await resend(cancelled.signatures[0]?.id ?? '')).status).toBe(400);
  });

  it('resend for a signature without an invitation channel → 400', async () => {
    const document = await createDocument(api, { signatures: [{ validations: { EM: 'link@example.com' } }] });
    const answer = await resend(document.signatures[0]?.id ?? '');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ detail: 'The signature has no invitation channel.' });
  });

  it('resend for a signature that does not exist → 404', async () => {
    expect((await resend('01900000-0000-7000-8000-000000000003')).status).toBe(404);
  });
});
