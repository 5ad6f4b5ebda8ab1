import { describe, expect, it } from 'vitest';
import { documentSchema } from '../../shared/domain/documents';
import { documentStatusLabel, signatureStatusLabel } from '../../shared/domain/status-codes';
import { parseDocument, parseDocumentPage, parseInvalidation, parseSignature } from '../../electron/core/api/parse-document';
import { wireDocument } from '../helpers/api-test-server';

function ok<T>(result: { ok: true; value: T } | { ok: false; problem: string }): T {
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

describe('parsing the service’s documents', () => {
  it('reads a document into SignDock’s own shape and keeps the raw JSON', () => {
    const wire = wireDocument('d1', { archived: false, tiny_url: 'https://t.example/x', settings: { lang: 'es' } });
    const document = ok(parseDocument(wire));
    expect(document).toMatchObject({
      id: 'd1',
      title: 'Contract d1',
      status: 'PE',
      createdAt: '2025-01-06T09:00:00Z',
      cancelReason: null,
      fileName: 'contract.pdf',
      fileHash: 'ab'.repeat(32),
    });
    expect(document.signatures[0]).toMatchObject({
      id: 'd1-s1',
      status: 'IN',
      url: 'https://sign.example/d1-s1',
      inviteChannel: ['EM'],
      validations: { EM: { value: 'ana@example.com', validated: false } },
      displayName: 'ana@example.com',
    });
    expect(document.raw).toBe(wire);
    expect(document.raw.settings).toEqual({ lang: 'es' });
    // The domain value crosses the contract boundary as is.
    expect(documentSchema.safeParse(document).success).toBe(true);
  });

  it('accepts created_date as well as creation_date', () => {
    const { creation_date: _, ...rest } = wireDocument('d2');
    expect(ok(parseDocument({ ...rest, created_date: '2025-02-01T00:00:00Z' })).createdAt).toBe('2025-02-01T00:00:00Z');
  });

  it('keeps unknown status and validation codes as the codes themselves', () => {
    const wire = wireDocument('d3', { status: 'XX' });
    (wire.signatures as Record<string, unknown>[])[0] = {
      id: 's',
      status: 'ZZ',
      validations: { EM: 'plain@example.com', QR: { value: 'abc', validated: true } },
    };
    const document = ok(parseDocument(wire));
    expect(document.status).toBe('XX');
    expect(documentStatusLabel(document.status)).toBe('XX');
    expect(documentStatusLabel('CO')).toBe('Completed');
    const signature = document.signatures[0];
    expect(signature?.status).toBe('ZZ');
    expect(signatureStatusLabel('PE')).toBe('Read');
    expect(signature?.validations).toEqual({
      EM: { value: 'plain@example.com', validated: null },
      QR: { value: 'abc', validated: true },
    });
    expect(signature?.createdAt).toBeNull();
    expect(signature?.inviteChannel).toEqual([]);
  });

  it('names a signer by the full name of the tax-id record, else the e-mail, else the phone', () => {
    const name = (validations: Record<string, unknown>) => ok(parseSignature({ id: 's', status: 'IN', validations })).displayName;
    expect(
      name({
        AF: { value: { full_name: 'Ana Pérez', cuit: '20123456789' }, validated: true },
        EM: { value: 'ana@example.com', validated: true },
      }),
    ).toBe('Ana Pérez');
    expect(name({ AF: { value: '20123456789', validated: false }, EM: { value: 'ana@example.com', validated: true } })).toBe(
      'ana@example.com',
    );
    expect(name({ PH: { value: '+5491100000000', validated: false }, BI: { value: null, validated: false } })).toBe('+5491100000000');
    expect(name({})).toBe('');
  });

  it('reads the signing metadata of GET /api/v2/signatures/{id}', () => {
    const signature = ok(
      parseSignature({
        id: 's9',
        status: 'CO',
        document_id: 'd9',
        signed_date: '2025-01-07T10:00:00Z',
        ip_address: '203.0.113.7',
        info_device: 'Firefox on Linux',
        invalidation_reason: null,
        invite_channel: 'PH',
        validations: { PH: { value: '+5491100000000', validated: true } },
      }),
    );
    expect(signature).toMatchObject({
      documentId: 'd9',
      signedDate: '2025-01-07T10:00:00Z',
      ip: '203.0.113.7',
      device: 'Firefox on Linux',
      inviteChannel: ['PH'],
    });
  });

  it('reads both a plain array and a paginated list', () => {
    const plain = ok(parseDocumentPage([wireDocument('a'), wireDocument('b')]));
    expect(plain.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(plain).toMatchObject({ count: null, next: null });
    const page = ok(
      parseDocumentPage({ count: 3, next: 'http://x/api/v2/documents?limit=2&offset=2', previous: null, results: [wireDocument('a')] }),
    );
    expect(page).toMatchObject({ count: 3, next: 'http://x/api/v2/documents?limit=2&offset=2' });
  });

  it('refuses what is not a document and says which one', () => {
    const broken = parseDocumentPage([wireDocument('a'), { title: 'no id', status: 'PE' }]);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.problem).toContain('item 2');
    expect(parseDocument('<html>').ok).toBe(false);
    expect(parseDocumentPage({ detail: 'x' }).ok).toBe(false);
  });

  it('tolerates fields of an unexpected type as absent', () => {
    const document = ok(parseDocument(wireDocument('d', { cancel_reason: { weird: true }, file_name: 12 })));
    expect(document.cancelReason).toBeNull();
    expect(document.fileName).toBe('12');
  });

  it('a field holding {"length": {"toString": 0}} is a problem with that answer, not a crash', () => {
    // Zod 4 compares such an object's length with a number, which throws a TypeError.
    const hostile = () => JSON.parse('{"length": {"toString": 0}}') as unknown;
    for (const key of ['id', 'status', 'title', 'signatures']) {
      const result = parseDocument(wireDocument('d', { [key]: hostile() }));
      if (!result.ok) expect(result.problem).toMatch(/document/);
    }
    expect(parseDocument(wireDocument('d', { id: hostile() })).ok).toBe(false);
    expect(parseDocumentPage({ results: hostile(), count: 1, next: null }).ok).toBe(false);
    expect(parseSignature({ id: hostile(), status: 'PE' }).ok).toBe(false);
    expect(parseInvalidation({ id: hostile(), status: 'CA' }).ok).toBe(false);
  });

  it('reads an invalidation answer, with or without the new signature id', () => {
    expect(ok(parseInvalidation({ id: 's1', status: 'CA', invalidation_reason: 'wrong e-mail' }))).toMatchObject({
      id: 's1',
      status: 'CA',
      invalidationReason: 'wrong e-mail',
      newSignatureId: null,
    });
    expect(ok(parseInvalidation({ id: 's1', status: 'CA', new_signature_id: 's2' })).newSignatureId).toBe('s2');
  });
});
