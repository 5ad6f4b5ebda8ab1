import { describe, expect, it } from 'vitest';
import { matchesAttempt, pairUncertain, clockSkewMs, type Wanted } from '../../electron/core/batches/find-sent';
import { resultsCsv, csvCell } from '../../electron/core/batches/results-csv';
import type { BatchItem } from '../../shared/domain/batches';
import type { Document, Signature } from '../../shared/domain/documents';
import { manifestTemplate, parseManifest } from '../../shared/domain/manifest';

const attemptAt = Date.parse('2026-11-21T10:00:00Z');

function signature(validations: Record<string, unknown>): Signature {
  return {
    id: `s-${JSON.stringify(validations)}`,
    status: 'IN',
    createdAt: null,
    url: 'https://sign/x',
    inviteChannel: [],
    validations: Object.fromEntries(
      Object.entries(validations).map(([code, value]) => [code, { value: value as string | null, validated: false }]),
    ),
    invalidationReason: null,
    signedDate: null,
    ip: null,
    device: null,
    documentId: null,
    displayName: '',
    raw: {},
  };
}

function document(
  id: string,
  title: string,
  createdAt: string,
  validations: Record<string, unknown>[],
  fileHash: string | null = null,
): Document {
  return {
    id,
    title,
    status: 'PE',
    createdAt,
    cancelReason: null,
    fileName: null,
    fileHash,
    signatures: validations.map(signature),
    raw: {},
  };
}

const wanted: Wanted = {
  title: 'Lease 12',
  signers: [
    { validations: { EM: 'ana@example.com', PH: null }, invite: ['EM'] },
    { validations: { AF: '20123456789' }, invite: [] },
  ],
  sha256: 'a'.repeat(64),
  attemptAt,
};
const sameSigners = [{ EM: 'Ana@Example.com', PH: '+5491100000000' }, { AF: { number: '20123456789', full_name: 'ANA' } }];

describe('finding the document an uncertain create made', () => {
  it('matches the same title and signers created since the attempt', () => {
    expect(matchesAttempt(document('d1', 'Lease 12', '2026-11-21T10:00:01Z', sameSigners), wanted)).toBe(true);
    // The service's clock may lag ours a little.
    expect(matchesAttempt(document('d1', 'Lease 12', new Date(attemptAt - 60_000).toISOString(), sameSigners), wanted)).toBe(true);
    expect(matchesAttempt(document('d1', 'Lease 12', new Date(attemptAt - clockSkewMs - 1000).toISOString(), sameSigners), wanted)).toBe(
      false,
    );
  });

  it('does not match another title, other signers, another file, or an older document', () => {
    expect(matchesAttempt(document('d', 'Lease 13', '2026-11-21T10:00:01Z', sameSigners), wanted)).toBe(false);
    expect(
      matchesAttempt(
        document('d', 'Lease 12', '2026-11-21T10:00:01Z', [{ EM: 'bob@example.com', PH: null }, { AF: '20123456789' }]),
        wanted,
      ),
    ).toBe(false);
    expect(matchesAttempt(document('d', 'Lease 12', '2026-11-21T10:00:01Z', [sameSigners[0]!]), wanted)).toBe(false);
    expect(matchesAttempt(document('d', 'Lease 12', '2026-11-21T10:00:01Z', sameSigners, 'b'.repeat(64)), wanted)).toBe(false);
    expect(matchesAttempt(document('d', 'Lease 12', '2026-11-21T09:00:00Z', sameSigners), wanted)).toBe(false);
  });

  it('gives each document to one row only, and never one already recorded', () => {
    const docs = [
      document('d1', 'Lease 12', '2026-11-21T10:00:01Z', sameSigners),
      document('d2', 'Lease 12', '2026-11-21T10:00:02Z', sameSigners),
    ];
    const found = pairUncertain(docs, [wanted, wanted, wanted], new Set(['d1']));
    expect([...found.entries()].map(([row, doc]) => [row, doc.id])).toEqual([[0, 'd2']]);
  });
});

describe('results CSV and the manifest template of a batch', () => {
  const item = (over: Partial<BatchItem>): BatchItem => ({
    id: 'i',
    batchId: 'b',
    position: 0,
    path: '/x/a.pdf',
    fileName: 'a.pdf',
    title: 'A',
    size: 1,
    pages: 1,
    sha256: null,
    checked: true,
    problems: [],
    signers: [],
    excluded: false,
    state: 'sent',
    attempts: 1,
    documentId: 'doc-1',
    signatures: [],
    error: null,
    recovered: false,
    updatedAt: '',
    ...over,
  });

  it('writes one line per row with each signer and link, and defuses formulas', () => {
    const csv = resultsCsv([
      item({ title: 'Smith, Ana', signatures: [{ id: 's1', url: 'https://sign/s1', label: 'ana@example.com' }] }),
      item({
        fileName: 'b.pdf',
        title: '=HYPERLINK("x")',
        state: 'failed',
        documentId: null,
        error: { kind: 'InvalidInput', message: 'Bad "thing"' },
      }),
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('file,title,status,document_id,error,signer1,signer1_signature_id,signer1_link,signer1_phone,signer1_channel');
    expect(lines[1]).toBe('a.pdf,"Smith, Ana",sent,doc-1,,ana@example.com,s1,https://sign/s1,,');
    expect(lines[2]).toBe(`b.pdf,"'=HYPERLINK(""x"")",failed,,"Bad ""thing""",,,,,`);
    expect(csvCell('-1')).toBe("'-1");
  });

  it('gives each signer its phone and channel: an SMS signer shows the number it is invited on', () => {
    const csv = resultsCsv([
      item({
        signers: [
          { name: 'Ana', validations: { EM: 'ana@example.com' }, invite: ['EM'] },
          { name: 'Bruno', validations: { EM: 'bruno@example.com', PH: '+5491198765432' }, invite: ['PH'] },
        ],
        signatures: [
          { id: 's1', url: 'https://sign/s1', label: 'ana@example.com' },
          { id: 's2', url: 'https://sign/s2', label: 'bruno@example.com' },
        ],
      }),
      item({
        fileName: 'b.pdf',
        signers: [{ validations: { PH: null, BI: 'AR:1' }, invite: [] }],
        signatures: [{ id: 's3', url: 'https://sign/s3', label: 'AR:1' }],
      }),
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'file,title,status,document_id,error,' +
        'signer1_name,signer1,signer1_signature_id,signer1_link,signer1_phone,signer1_channel,' +
        'signer2_name,signer2,signer2_signature_id,signer2_link,signer2_phone,signer2_channel',
    );
    // The phone is written as text (a leading ' keeps a spreadsheet from reading +54… as a formula).
    expect(lines[1]).toBe(
      "a.pdf,A,sent,doc-1,,Ana,ana@example.com,s1,https://sign/s1,,email,Bruno,bruno@example.com,s2,https://sign/s2,'+5491198765432,sms",
    );
    expect(lines[2]).toBe('b.pdf,A,sent,doc-1,,,AR:1,s3,https://sign/s3,any,link,,,,,,');
  });

  it('a template made from rows reads back as the same titles and signers', () => {
    const rows = [
      { file: 'a.pdf', title: 'Contract A', signers: [{ validations: { EM: 'ana@example.com', PH: null }, invite: ['EM' as const] }] },
      {
        file: 'b.pdf',
        title: 'Contract; B',
        signers: [
          { validations: { BI: 'AR:123' }, invite: [] },
          { validations: { PH: '+5491123456789' }, invite: ['PH' as const] },
        ],
      },
    ];
    const manifest = parseManifest(manifestTemplate(',', rows));
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries.map(({ file, title, signers }) => ({ file, title, signers }))).toEqual(rows);
  });
});
