import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import type { CreatedDocument } from './helpers/api-client';
import { ApiClient, createDocument, twoSigners } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());

type Signature = {
  id: string;
  status: string;
  invalidation_reason: string | null;
  invite_channel: string[];
  validations: Record<string, { value: string | null; validated: boolean }>;
};
type Doc = { id: string; status: string; signatures: Signature[] };

function invalidate(signatureId: string, body: unknown) {
  return api.patch(`/api/v2/signatures/${signatureId}/invalidate`, body);
}

async function read(id: string): Promise<Doc> {
  return (await api.get(`/api/v2/documents/${id}`)).json as Doc;
}

async function documentWithSignatureIn(status: 'IN' | 'PE' | 'CO' | 'DE'): Promise<{ document: CreatedDocument; signatureId: string }> {
  const document = await createDocument(api, twoSigners());
  const signatureId = document.signatures[0]?.id ?? '';
  if (status === 'PE') await sandbox.controlClient.open(signatureId);
  if (status === 'CO') await sandbox.controlClient.sign(signatureId);
  if (status === 'DE') await sandbox.controlClient.reject(signatureId);
  return { document, signatureId };
}

describe('§3 signature transitions: invalidate', () => {
  it.each(['IN', 'PE', 'CO', 'DE'] as const)('§3 any existing signature (%s) → invalidate → CA, reason recorded', async (status) => {
    const { document, signatureId } = await documentWithSignatureIn(status);
    const answer = await invalidate(signatureId, { invalidation_reason: 'Wrong e-mail address.', notify: false });
    expect(answer.status).toBe(200);
    const signature = (await read(document.id)).signatures.find((entry) => entry.id === signatureId);
    expect(signature?.status).toBe('CA');
    expect(signature?.invalidation_reason).toBe('Wrong e-mail address.');
  });

  it('§4.5 200 body: id, invalidation_reason, status CA, and no new_signature_id without a replacement', async () => {
    const { signatureId } = await documentWithSignatureIn('IN');
    const answer = await invalidate(signatureId, { invalidation_reason: 'No longer with us', notify: false });
    expect(answer.json).toEqual({ id: signatureId, invalidation_reason: 'No longer with us', status: 'CA' });
  });

  it('§3 (new) → IN: new_signer as an e-mail creates a new IN signature under EM, invited by e-mail', async () => {
    const { document, signatureId } = await documentWithSignatureIn('PE');
    const answer = await invalidate(signatureId, {
      invalidation_reason: 'Cambio de firmante',
      notify: false,
      new_signer: 'nuevo@example.com',
    });
    const body = answer.json as { new_signature_id: string };
    expect(answer.status).toBe(200);
    const after = await read(document.id);
    const replacement = after.signatures.find((entry) => entry.id === body.new_signature_id);
    expect(replacement).toMatchObject({
      status: 'IN',
      invite_channel: ['EM'],
      validations: { EM: { value: 'nuevo@example.com', validated: false } },
    });
    expect(after.signatures).toHaveLength(3);
    const messages = await sandbox.controlClient.messages();
    expect(messages).toContainEqual(
      expect.objectContaining({ kind: 'invitation', channel: 'EM', to: 'nuevo@example.com', signatureId: body.new_signature_id }),
    );
  });

  it('§3 (new) → IN: new_signer as a phone number goes under PH and is invited by SMS', async () => {
    const { document, signatureId } = await documentWithSignatureIn('IN');
    const body = (await invalidate(signatureId, { invalidation_reason: 'Phone signer', notify: false, new_signer: '+34600999888' }))
      .json as { new_signature_id: string };
    const replacement = (await read(document.id)).signatures.find((entry) => entry.id === body.new_signature_id);
    expect(replacement).toMatchObject({ status: 'IN', invite_channel: ['PH'], validations: { PH: { value: '+34600999888' } } });
    expect(await sandbox.controlClient.messages()).toContainEqual(
      expect.objectContaining({ channel: 'PH', to: '+34600999888', signatureId: body.new_signature_id }),
    );
  });

  it('§3 (new) → IN: custom_signature alone creates the new signature with its validations, channel and message', async () => {
    const { document, signatureId } = await documentWithSignatureIn('IN');
    const answer = await invalidate(signatureId, {
      invalidation_reason: 'Reconfigure',
      notify: false,
      custom_signature: { validations: { EM: 'otra@example.com', BI: null }, invite_channel: ['EM'], message: 'Por favor, firme hoy.' },
    });
    const id = (answer.json as { new_signature_id: string }).new_signature_id;
    const replacement = (await read(document.id)).signatures.find((entry) => entry.id === id);
    expect(replacement).toMatchObject({
      status: 'IN',
      validations: { EM: { value: 'otra@example.com' }, BI: { value: null } },
      invite_channel: ['EM'],
    });
    expect(await sandbox.controlClient.messages()).toContainEqual(
      expect.objectContaining({ signatureId: id, text: 'Por favor, firme hoy.' }),
    );
  });

  it('§4.5 rule 3: notify true → the original signer receives a notice; false → none', async () => {
    const { signatureId: notified } = await documentWithSignatureIn('IN');
    const { signatureId: silent } = await documentWithSignatureIn('IN');
    await invalidate(notified, { invalidation_reason: 'Motivo', notify: true });
    await invalidate(silent, { invalidation_reason: 'Motivo', notify: false });
    const notices = (await sandbox.controlClient.messages()).filter((message) => message.kind === 'invalidation-notice');
    expect(notices.map((message) => message.signatureId)).toContain(notified);
    expect(notices.map((message) => message.signatureId)).not.toContain(silent);
    expect(notices.find((message) => message.signatureId === notified)).toMatchObject({ to: 'ana@example.com', text: 'Motivo' });
  });

  it('§3 PE → invalidate → PE: the document stays pending (rule 4) and other signatures are untouched (rule 5)', async () => {
    const { document, signatureId } = await documentWithSignatureIn('IN');
    await invalidate(signatureId, { invalidation_reason: 'x', notify: false, new_signer: 'n@example.com' });
    const after = await read(document.id);
    expect(after.status).toBe('PE');
    expect(after.signatures[1]).toMatchObject({ id: document.signatures[1]?.id, status: 'IN', invalidation_reason: null });
  });

  it('§3 invalidation is irreversible: a second invalidation → 400 and the signature stays CA with its first reason', async () => {
    const { document, signatureId } = await documentWithSignatureIn('IN');
    await invalidate(signatureId, { invalidation_reason: 'first', notify: false });
    const again = await invalidate(signatureId, { invalidation_reason: 'second', notify: false, new_signer: 'z@example.com' });
    expect(again.status).toBe(400);
    const signature = (await read(document.id)).signatures.find((entry) => entry.id === signatureId);
    expect(signature).toMatchObject({ status: 'CA', invalidation_reason: 'first' });
    await expect(sandbox.controlClient.sign(signatureId)).rejects.toMatchObject({ status: 409 });
  });

  it('§3 completion counts live signatures only: after a replacement signs, the document is CO', async () => {
    const { document, signatureId } = await documentWithSignatureIn('DE');
    const id = (
      (await invalidate(signatureId, { invalidation_reason: 'rejected', notify: false, new_signer: 'r@example.com' })).json as {
        new_signature_id: string;
      }
    ).new_signature_id;
    await sandbox.controlClient.sign(document.signatures[1]?.id ?? '');
    expect((await read(document.id)).status).toBe('PE');
    await sandbox.controlClient.sign(id);
    expect((await read(document.id)).status).toBe('CO');
  });

  it('§4.5 signatures of a completed or cancelled document cannot be invalidated → 400 (sandbox choice)', async () => {
    const done = await createDocument(api);
    await sandbox.controlClient.sign(done.signatures[0]?.id ?? '');
    expect((await invalidate(done.signatures[0]?.id ?? '', { invalidation_reason: 'x', notify: false })).status).toBe(400);
    const cancelled = await createDocument(api);
    await api.patch(`/api/v2/documents/${cancelled.id}/cancel`, {});
    expect((await invalidate(cancelled.signatures[0]?.id ?? '', { invalidation_reason: 'x', notify: false })).status).toBe(400);
  });

  it('§4.5 a signature that does not exist → 404', async () => {
    const answer = await invalidate('01900000-0000-7000-8000-000000000001', { invalidation_reason: 'x', notify: false });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: 'Not found.' });
  });
});

describe('§4.5 invalidate: invalid input → 400', () => {
  it.each([
    ['invalidation_reason missing', { notify: false }, { invalidation_reason: ['This field is required.'] }],
    ['invalidation_reason blank', { invalidation_reason: '', notify: false }, { invalidation_reason: ['This field may not be blank.'] }],
    ['notify missing', { invalidation_reason: 'x' }, { notify: ['This field is required.'] }],
    ['notify not a boolean', { invalidation_reason: 'x', notify: 'yes' }, { notify: ['Must be a valid boolean.'] }],
    [
      'new_signer neither e-mail nor phone',
      { invalidation_reason: 'x', notify: false, new_signer: 'Juan' },
      { new_signer: ['Enter a valid e-mail address or phone number.'] },
    ],
    [
      'custom_signature not an object',
      { invalidation_reason: 'x', notify: false, custom_signature: 'EM' },
      { custom_signature: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] } },
    ],
    [
      'custom_signature.invite_channel with an unknown item',
      { invalidation_reason: 'x', notify: false, custom_signature: { invite_channel: ['FAX'] } },
      { custom_signature: { invite_channel: { 0: ['"FAX" is not a valid choice.'] } } },
    ],
    ['no body', undefined, { non_field_errors: ['Invalid data. Expected a dictionary, but got NoneType.'] }],
  ])('§4.5 %s → 400', async (_name, body, errors) => {
    const { signatureId, document } = await documentWithSignatureIn('IN');
    const answer = await invalidate(signatureId, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(errors);
    expect((await read(document.id)).signatures[0]?.status).toBe('IN');
  });

  it('§4.5 custom_signature.validations with an unknown code → 400', async () => {
    const { signatureId } = await documentWithSignatureIn('IN');
    const answer = await invalidate(signatureId, {
      invalidation_reason: 'x',
      notify: false,
      custom_signature: { validations: { ZZ: '1' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toHaveProperty(['custom_signature', 'validations']);
  });

  it('§4.5 custom_signature.invite_channel EM without any e-mail address → 400', async () => {
    const { signatureId } = await documentWithSignatureIn('IN');
    const answer = await invalidate(signatureId, {
      invalidation_reason: 'x',
      notify: false,
      new_signer: '+34600123123',
      custom_signature: { validations: { PH: null }, invite_channel: ['EM'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toHaveProperty(['custom_signature', 'invite_channel']);
  });
});
