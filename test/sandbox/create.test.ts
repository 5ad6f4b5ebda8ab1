import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { ApiClient, createDocument, pdfBase64 } from './helpers/api-client';

let sandbox: Sandbox;
let api: ApiClient;
let pdf: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1 });
  api = new ApiClient(sandbox);
  pdf = await pdfBase64();
});
afterAll(() => sandbox.stop());

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function create(body: unknown) {
  return api.post('/api/v2/documents/create', body);
}

function valid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Contrato',
    file_content: pdf,
    signatures: [{ validations: { EM: 'ana@example.com' }, invite_channel: ['EM'] }],
    ...overrides,
  };
}

function withSignature(signature: unknown): Record<string, unknown> {
  return valid({ signatures: [signature] });
}

describe('§4.2 create: the answer', () => {
  it('§4.2 create → 201 with the document in PE and each signature id, status IN and url, in the order sent', async () => {
    const emails = ['uno@example.com', 'dos@example.com', 'tres@example.com'];
    const answer = await create(valid({ title: 'Orden', signatures: emails.map((EM) => ({ validations: { EM } })) }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const document = answer.json as {
      id: string;
      status: string;
      title: string;
      signatures: { id: string; status: string; url: string; validations: Record<string, { value: string }> }[];
    };
    expect(document.status).toBe('PE');
    expect(document.title).toBe('Orden');
    expect(document.id).toMatch(uuidV7);
    expect(document.signatures.map((signature) => signature.validations.EM?.value)).toEqual(emails);
    for (const signature of document.signatures) {
      expect(signature.id).toMatch(uuidV7);
      expect(signature.status).toBe('IN');
      expect(signature.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\//);
    }
  });

  it('§2.1 §2.2 the created document carries creation_date, file_name, file_hash (SHA-256 of the PDF) and validations as {value, validated}', async () => {
    const document = (
      await create(
        valid({ signatures: [{ validations: { EM: 'ana@example.com', PH: null, BI: null, AF: '12345678' }, invite_channel: ['EM'] }] }),
      )
    ).json as Record<string, unknown>;
    expect(document.creation_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(document.file_hash).toBe(createHash('sha256').update(Buffer.from(pdf, 'base64')).digest('hex'));
    expect(typeof document.file_name).toBe('string');
    expect(document.cancel_reason).toBeNull();
    const [signature] = document.signatures as Record<string, unknown>[];
    expect(signature?.created_date).toMatch(/Z$/);
    expect(signature?.invite_channel).toEqual(['EM']);
    expect(signature?.validations).toEqual({
      EM: { value: 'ana@example.com', validated: false },
      PH: { value: null, validated: false },
      BI: { value: null, validated: false },
      AF: { value: '12345678', validated: false },
    });
  });

  it('§4.2 GET of the created document answers the same document', async () => {
    const created = await createDocument(api);
    const read = await api.get(`/api/v2/documents/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created);
  });

  it('§4.2 with invite_channel EM the invitation goes to the address under EM; without invite_channel no message, only the link', async () => {
    const document = await createDocument(api, {
      signatures: [{ validations: { EM: 'invitada@example.com' }, invite_channel: ['EM'] }, { validations: { EM: 'enlace@example.com' } }],
    });
    const messages = (await sandbox.controlClient.messages()).filter((message) => message.documentId === document.id);
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'invitation', channel: 'EM', to: 'invitada@example.com', signatureId: document.signatures[0]?.id }),
      expect.objectContaining({ kind: 'invitation', channel: 'link', to: null, signatureId: document.signatures[1]?.id }),
    ]);
    expect(document.signatures[1]?.url).toContain(document.signatures[1]?.id);
  });

  it('§4.2 invite_channel PH invites by SMS to the number under PH', async () => {
    const document = await createDocument(api, { signatures: [{ validations: { PH: '+34600111222' }, invite_channel: ['PH'] }] });
    const messages = (await sandbox.controlClient.messages()).filter((message) => message.documentId === document.id);
    expect(messages).toEqual([expect.objectContaining({ kind: 'invitation', channel: 'PH', to: '+34600111222' })]);
  });
});

describe('§4.2 create: validation (400, field → list of messages)', () => {
  it.each([
    ['title missing', { title: undefined }, { title: ['This field is required.'] }],
    ['title blank', { title: '  ' }, { title: ['This field may not be blank.'] }],
    ['title not a string', { title: 7 }, { title: ['Not a valid string.'] }],
    ['title null', { title: null }, { title: ['This field may not be null.'] }],
    ['file_content missing', { file_content: undefined }, { file_content: ['This field is required.'] }],
    ['signatures missing', { signatures: undefined }, { signatures: ['This field is required.'] }],
    ['signatures empty', { signatures: [] }, { signatures: ['This list may not be empty.'] }],
    ['signatures not a list', { signatures: { validations: {} } }, { signatures: ['Expected a list of items but got type "dict".'] }],
  ])('§4.2 %s → 400', async (_name, overrides, errors) => {
    const answer = await create(valid(overrides));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(errors);
  });

  it.each([
    ['characters outside the alphabet', (b64: string) => `${b64.slice(0, 8)}!${b64.slice(9)}`],
    ['line breaks', (b64: string) => `${b64.slice(0, 76)}\n${b64.slice(76)}`],
    ['missing padding', (b64: string) => b64.replace(/=+$/, '') + (b64.endsWith('=') ? '' : 'A')],
    ['URL-safe alphabet', () => Buffer.from('%PDF-1.7 \xfb\xff\xfe', 'latin1').toString('base64url')],
  ])('§2.1 file_content that is not RFC 4648 base64 (%s) → 400 on file_content', async (_name, mangle) => {
    const answer = await create(valid({ file_content: mangle(pdf) }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json as object)).toEqual(['file_content']);
  });

  it('§2.1 file_content that is base64 of something other than a PDF → 400 on file_content', async () => {
    const answer = await create(valid({ file_content: Buffer.from('<html>not a pdf</html>').toString('base64') }));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ file_content: ['The file is not a PDF document.'] });
  });

  it('§4.2 a signature entry that is not an object → 400 keyed by its index', async () => {
    const answer = await create(valid({ signatures: [{ validations: { EM: 'a@example.com' } }, 'ana@example.com'] }));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ signatures: { 1: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] } } });
  });

  it('§4.2 signatures[].validations missing → 400 at signatures.<index>.validations', async () => {
    const answer = await create(withSignature({ invite_channel: [] }));
    expect(answer.json).toEqual({ signatures: { 0: { validations: ['This field is required.'] } } });
    expect(answer.status).toBe(400);
  });

  it.each([
    ['an unknown code', { XX: 'x' }],
    ['EM not a string', { EM: null }],
    ['EM not an e-mail address', { EM: 'not-an-address' }],
    ['PH a number', { PH: 34600111222 }],
    ['BI an object', { BI: { id: 1 } }],
    ['AF null', { AF: null }],
    ['validations a list', ['EM']],
  ])('§2.2 validations with %s → 400 at signatures.0.validations', async (_name, validations) => {
    const answer = await create(withSignature({ validations }));
    expect(answer.status).toBe(400);
    const errors = answer.json as { signatures: Record<string, { validations: string[] }> };
    expect(errors.signatures['0']?.validations.length).toBeGreaterThan(0);
  });

  it('§2.2 validation values of section 2.2 are accepted: EM string, PH null or string, BI null or string, AF string', async () => {
    for (const validations of [
      { EM: 'a@example.com', PH: null, BI: null, AF: '20123456789' },
      { PH: '+34600111222', BI: 'AR:12345678' },
      {},
    ]) {
      expect((await create(withSignature({ validations }))).status).toBe(201);
    }
  });

  it('§2.2 invite_channel items other than EM and PH → 400 keyed by item index', async () => {
    const answer = await create(
      valid({
        signatures: [{ validations: { EM: 'a@example.com' } }, { validations: { EM: 'b@example.com' }, invite_channel: ['EM', 'SMS'] }],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ signatures: { 1: { invite_channel: { 1: ['"SMS" is not a valid choice.'] } } } });
  });

  it('§2.2 invite_channel not a list → 400', async () => {
    const answer = await create(withSignature({ validations: { EM: 'a@example.com' }, invite_channel: 'EM' }));
    expect(answer.json).toEqual({ signatures: { 0: { invite_channel: ['Expected a list of items but got type "str".'] } } });
  });

  it('§4.2 invite_channel EM without an address under EM → 400', async () => {
    const answer = await create(withSignature({ validations: { PH: '+34600111222' }, invite_channel: ['EM'] }));
    expect(answer.status).toBe(400);
    expect((answer.json as { signatures: Record<string, { invite_channel: string[] }> }).signatures['0']?.invite_channel[0]).toMatch(/EM/);
  });

  it('§4.2 invite_channel PH without a number under PH → 400 (sandbox choice: an SMS needs a number)', async () => {
    const answer = await create(withSignature({ validations: { EM: 'a@example.com', PH: null }, invite_channel: ['PH'] }));
    expect(answer.status).toBe(400);
  });

  it('§7 errors of several fields come together, each under its field', async () => {
    const answer = await create({ title: '', signatures: [] });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      title: ['This field may not be blank.'],
      file_content: ['This field is required.'],
      signatures: ['This list may not be empty.'],
    });
  });

  it('§7 a body that is not JSON → 400 with detail', async () => {
    const answer = await api.call('POST', '/api/v2/documents/create', '{"title": ', { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expect((answer.json as { detail: string }).detail).toMatch(/^JSON parse error/);
  });

  it('§7 a JSON body that is not an object → 400 non_field_errors', async () => {
    const answer = await create([1, 2]);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('§4.2 Content-Type other than application/json → 415 with detail', async () => {
    const answer = await api.call('POST', '/api/v2/documents/create', JSON.stringify(valid()), { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.json).toHaveProperty('detail');
  });

  it('§4.2 refused creates create nothing', async () => {
    const before = (await sandbox.controlClient.stats()).creates.total;
    await create(valid({ title: '' }));
    expect((await sandbox.controlClient.stats()).creates.total).toBe(before);
  });
});
