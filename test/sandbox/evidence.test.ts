import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { caCertificateUrl, caKeyUrl } from './helpers/ca-files';
import { sandboxCaCertPem, sandboxCaKeyPem } from './ca/sandbox-ca-pems';
import type { CreatedDocument } from './helpers/api-client';
import { ApiClient, createDocument } from './helpers/api-client';
import { pdfTextLines } from './helpers/pdf-text';
import { verifyDetachedCms } from './helpers/verify-cms';

let sandbox: Sandbox;
let api: ApiClient;
let completed: CreatedDocument;
let invalidatedId: string;
let zip: JSZip;
let zipBytes: Buffer;
let certificate: Buffer;
let signedPdf: Buffer;
const caPem = readFileSync(caCertificateUrl, 'utf8');
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function download(id: string, kind: string) {
  return api.get(`/api/v2/documents/${id}/download/${kind}`);
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 10 });
  api = new ApiClient(sandbox);
  completed = await createDocument(api, {
    title: 'Contrato de arrendamiento – Calle Mayor 12',
    signatures: [
      { validations: { EM: 'maria.garcia@example.es', PH: null }, invite_channel: ['EM'] },
      { validations: { EM: 'james.smith@example.com', BI: null, AF: '20123456789' } },
      { validations: { EM: 'old.signer@example.com' }, invite_channel: ['EM'] },
    ],
  });
  const [first, second, third] = completed.signatures;
  const replacement = await api.patch(`/api/v2/signatures/${third?.id ?? ''}/invalidate`, {
    invalidation_reason: 'Left the company',
    notify: false,
    new_signer: 'new.signer@example.com',
  });
  invalidatedId = third?.id ?? '';
  await sandbox.controlClient.sign(first?.id ?? '', {
    name: 'María García López',
    ip: '203.0.113.10',
    device: 'Firefox 133 on Windows',
    phone: '+34600111222',
  });
  await sandbox.controlClient.sign(second?.id ?? '', { name: 'James Smith', ip: '198.51.100.7', device: 'Safari on iPhone' });
  await sandbox.controlClient.sign((replacement.json as { new_signature_id: string }).new_signature_id, { name: 'Nuevo Firmante' });
  zipBytes = (await download(completed.id, 'zipfile')).bytes;
  zip = await JSZip.loadAsync(zipBytes);
  certificate = (await download(completed.id, 'pdf-certificate')).bytes;
  signedPdf = (await download(completed.id, 'document')).bytes;
});
afterAll(() => sandbox.stop());

describe('§4.6 evidence downloads: status codes', () => {
  it('§4.6 downloads → 404 while the document is not completed (PE, DR, CA)', async () => {
    const pending = await createDocument(api);
    const draft = await sandbox.controlClient.createDocument({ status: 'DR', signatures: [{ validations: { EM: 'd@example.com' } }] });
    const cancelled = await createDocument(api);
    await api.patch(`/api/v2/documents/${cancelled.id}/cancel`, {});
    for (const id of [pending.id, draft.id, cancelled.id]) {
      for (const kind of ['zipfile', 'pdf-certificate', 'document']) {
        const answer = await download(id, kind);
        expect(answer.status).toBe(404);
        expect(answer.json).toHaveProperty('detail');
      }
    }
  });

  it('§4.6 downloads of a document that does not exist → 404', async () => {
    expect((await download('01900000-0000-7000-8000-000000000000', 'zipfile')).status).toBe(404);
  });

  it('§4.6 an error in the request (an id that is not a UUID) → 400', async () => {
    const answer = await download('not-a-uuid', 'document');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ detail: '"not-a-uuid" is not a valid UUID.' });
  });

  it('§4.6 a completed document → 200 with a ZIP, a PDF certificate and the signed PDF, as attachments', async () => {
    const kinds: [string, string, Buffer][] = [
      ['zipfile', 'application/zip', Buffer.from('PK\x03\x04', 'latin1')],
      ['pdf-certificate', 'application/pdf', Buffer.from('%PDF-')],
      ['document', 'application/pdf', Buffer.from('%PDF-')],
    ];
    for (const [kind, type, magic] of kinds) {
      const answer = await download(completed.id, kind);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(answer.bytes.subarray(0, magic.length)).toEqual(magic);
    }
  });

  it('§4.6 repeated downloads give the same bytes, and are counted per document and kind', async () => {
    expect((await download(completed.id, 'zipfile')).bytes.equals(zipBytes)).toBe(true);
    expect((await download(completed.id, 'pdf-certificate')).bytes.equals(certificate)).toBe(true);
    expect((await download(completed.id, 'document')).bytes.equals(signedPdf)).toBe(true);
    const downloads = (await sandbox.controlClient.stats()).downloads[completed.id];
    expect(downloads).toEqual({ zipfile: 3, 'pdf-certificate': 3, document: 3 });
  });

  it('evidence is deterministic: made again from the same records, the files are byte for byte the same', async () => {
    sandbox.services.evidence.clear();
    expect((await download(completed.id, 'zipfile')).bytes.equals(zipBytes)).toBe(true);
    expect((await download(completed.id, 'pdf-certificate')).bytes.equals(certificate)).toBe(true);
  });
});

describe('§1 evidence consistency', () => {
  it('§1 the package holds the original PDF, the signed PDF, signature files, metadata per signer and hash lists', () => {
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      'SHA256SUMS',
      'ca/sandbox-ca.pem',
      'hashes.json',
      'metadata/signer-1.json',
      'metadata/signer-2.json',
      'metadata/signer-3.json',
      'metadata/signer-4.json',
      'original.pdf',
      'signatures/signer-1.cert.pem',
      'signatures/signer-1.p7s',
      'signatures/signer-2.cert.pem',
      'signatures/signer-2.p7s',
      'signatures/signer-4.cert.pem',
      'signatures/signer-4.p7s',
      'signed.pdf',
    ]);
  });

  it('§1 every hash listed in hashes.json and SHA256SUMS matches its file', async () => {
    const hashes = JSON.parse((await zip.file('hashes.json')?.async('string')) ?? '{}') as {
      algorithm: string;
      files: { path: string; sha256: string; size: number }[];
      signed_sha256: string;
      original_sha256: string;
    };
    expect(hashes.algorithm).toBe('SHA-256');
    expect(hashes.files.length).toBe(Object.keys(zip.files).length - 2);
    for (const entry of hashes.files) {
      const bytes = await zip.file(entry.path)?.async('nodebuffer');
      expect(bytes, entry.path).toBeDefined();
      expect(sha256(bytes as Buffer), entry.path).toBe(entry.sha256);
      expect(bytes?.length).toBe(entry.size);
    }
    const sums = ((await zip.file('SHA256SUMS')?.async('string')) ?? '').trim().split('\n');
    expect(sums).toHaveLength(hashes.files.length);
    for (const line of sums) {
      const [hex, path] = line.split(/ {2}/);
      expect(sha256((await zip.file(path ?? '')?.async('nodebuffer')) as Buffer)).toBe(hex);
    }
  });

  it('§1 the CA certificate in the package is the committed sandbox CA (ca/ca-cert.pem = the embedded copy)', async () => {
    expect(await zip.file('ca/sandbox-ca.pem')?.async('string')).toBe(caPem);
    expect(sandboxCaCertPem).toBe(caPem);
    expect(sandboxCaKeyPem).toBe(readFileSync(caKeyUrl, 'utf8'));
  });

  it("§1 the original in the package is the uploaded PDF and the package's signed PDF is the one downloaded alone", async () => {
    const original = await zip.file('original.pdf')?.async('nodebuffer');
    const document = (await api.get(`/api/v2/documents/${completed.id}`)).json as { file_hash: string };
    expect(sha256(original as Buffer)).toBe(document.file_hash);
    expect((await zip.file('signed.pdf')?.async('nodebuffer'))?.equals(signedPdf)).toBe(true);
  });

  it('§1 the signed PDF is the original with a signature page appended', async () => {
    const original = await PDFDocument.load((await zip.file('original.pdf')?.async('uint8array')) as Uint8Array);
    const signed = await PDFDocument.load(signedPdf);
    expect(signed.getPageCount()).toBe(original.getPageCount() + 1);
    const text = (await pdfTextLines(signedPdf)).join('\n');
    expect(text).toContain('Signature page');
    expect(text).toContain('María García López');
  });

  it("§1 the certificate's signed-document hash (metadata and drawn text) is the SHA-256 of the signed PDF", async () => {
    const expected = sha256(signedPdf);
    const pdf = await PDFDocument.load(certificate);
    expect(pdf.getKeywords()).toContain(`signed-document-sha256:${expected}`);
    expect(pdf.getSubject()).toBe(`signed-document-sha256=${expected}`);
    const lines = await pdfTextLines(certificate);
    expect(lines.filter((line) => line === expected).length).toBe(5);
    const hashes = JSON.parse((await zip.file('hashes.json')?.async('string')) ?? '{}') as { signed_sha256: string };
    expect(hashes.signed_sha256).toBe(expected);
  });

  it('§1 the certificate gives per signature the name and data, date and time, IP, device, completed validations and status', async () => {
    const text = (await pdfTextLines(certificate)).join('\n');
    const signature = (await api.get(`/api/v2/signatures/${completed.signatures[0]?.id ?? ''}`)).json as { signed_date: string };
    for (const expected of [
      'Signature 1 of 4: María García López',
      'Data: e-mail (EM): maria.garcia@example.es',
      'Data: phone (SMS code) (PH): +34600111222',
      `Date and time of signature (UTC): ${signature.signed_date}`,
      'IP address: 203.0.113.10',
      'Device: Firefox 133 on Windows',
      'Completed validations: EM, PH',
      'Status: CO (signed)',
      'Signature 2 of 4: James Smith',
      'Data: tax id (AF): 20123456789',
      'Completed validations: EM, BI, AF',
      'IP address: 198.51.100.7',
      'Status: CA (cancelled)',
      'Invalidation reason: Left the company',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("§1 each signer's signature file is a detached CMS over the original PDF that verifies against the sandbox CA", async () => {
    const original = (await zip.file('original.pdf')?.async('nodebuffer')) as Buffer;
    for (const index of [1, 2, 4]) {
      const p7s = (await zip.file(`signatures/signer-${index}.p7s`)?.async('nodebuffer')) as Buffer;
      const check = verifyDetachedCms(p7s, original, caPem);
      expect(check, `signer ${index}`).toMatchObject({ digestMatches: true, signatureValid: true, issuedByCa: true });
      const metadata = JSON.parse((await zip.file(`metadata/signer-${index}.json`)?.async('string')) ?? '{}') as {
        signed_date: string;
        signature_file: string;
      };
      expect(check.signingTime?.toISOString().slice(0, 19)).toBe(metadata.signed_date.slice(0, 19));
      expect(metadata.signature_file).toBe(`signatures/signer-${index}.p7s`);
    }
    expect(
      verifyDetachedCms((await zip.file('signatures/signer-1.p7s')?.async('nodebuffer')) as Buffer, Buffer.from('tampered'), caPem)
        .digestMatches,
    ).toBe(false);
  });

  it('§1 metadata per signer gives IP address, device, date and time; the invalidated signer has no signature file', async () => {
    const first = JSON.parse((await zip.file('metadata/signer-1.json')?.async('string')) ?? '{}') as Record<string, unknown>;
    expect(first).toMatchObject({
      signature_id: completed.signatures[0]?.id,
      status: 'CO',
      ip_address: '203.0.113.10',
      info_device: 'Firefox 133 on Windows',
    });
    expect(first.signed_date).toMatch(/Z$/);
    const third = JSON.parse((await zip.file('metadata/signer-3.json')?.async('string')) ?? '{}') as Record<string, unknown>;
    expect(third).toMatchObject({
      signature_id: invalidatedId,
      status: 'CA',
      signature_file: null,
      invalidation_reason: 'Left the company',
    });
  });

  const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
  it.skipIf(!hasOpenssl)('§1 openssl agrees: `openssl cms -verify` accepts each signature file with the sandbox CA', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-cms-'));
    try {
      writeFileSync(join(folder, 'original.pdf'), (await zip.file('original.pdf')?.async('nodebuffer')) as Buffer);
      for (const index of [1, 2, 4]) {
        writeFileSync(join(folder, 'signer.p7s'), (await zip.file(`signatures/signer-${index}.p7s`)?.async('nodebuffer')) as Buffer);
        const result = spawnSync('openssl', [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          join(folder, 'signer.p7s'),
          '-content',
          join(folder, 'original.pdf'),
          '-CAfile',
          fileURLToPath(caCertificateUrl),
          '-purpose',
          'any',
          '-no_check_time',
          '-out',
          join(folder, 'out'),
        ]);
        expect(result.status, result.stderr.toString()).toBe(0);
        expect(result.stderr.toString()).toContain('Verification successful');
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
  it.skipIf(!hasPdftotext)('§1 pdftotext reads the signed document hash from the certificate', () => {
    const text = execFileSync('pdftotext', ['-', '-'], { input: certificate }).toString('utf8');
    expect(text).toContain(sha256(signedPdf));
  });
});
