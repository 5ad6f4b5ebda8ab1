import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCaCertPem } from './ca/sandbox-ca-pems';
import type { CreatedDocument } from './helpers/api-client';
import { ApiClient, createDocument } from './helpers/api-client';
import { verifyDetachedCms } from './helpers/verify-cms';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';

/**
 * Issue 14 item 3: the sandbox's signed PDF carries a real PDF signature (ByteRange + detached CMS by
 * the sandbox's seal, issued by its CA) that Poppler's `pdfsig` reports valid; the package, its hash
 * lists and the audit certificate state the SHA-256 of those very bytes; the same document always
 * gives the same bytes.
 */
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let sandbox: Sandbox;
let api: ApiClient;
let document: CreatedDocument;
let signed: Buffer;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 31 });
  api = new ApiClient(sandbox);
  document = await createDocument(api, { title: 'Sealed lease' });
  for (const signature of document.signatures) await sandbox.controlClient.sign(signature.id, { name: 'Ana Pérez' });
  signed = (await api.get(`/api/v2/documents/${document.id}/download/document`)).bytes;
  folder = mkdtempSync(join(tmpdir(), 'sandbox-pdfsig-'));
});
afterAll(async () => {
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('the signed PDF carries a real PDF signature', () => {
  it('pdfsig reports the signature valid and covering the whole document', () => {
    const path = join(folder, 'signed.pdf');
    writeFileSync(path, signed);
    const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
    expect(run.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(run.stdout).toContain('Total document signed');
    expect(run.stdout).toContain('Signer Certificate Common Name: SignDock Sandbox document seal');
    expect(run.stdout).toContain('Signature Type: adbe.pkcs7.detached');
  });

  it('its ByteRange covers every byte but the /Contents, whose CMS verifies against the sandbox CA', () => {
    const text = signed.toString('latin1');
    const [a, b, c, d] = (/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text) ?? []).slice(1).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(a).toBe(0);
    expect(c + d).toBe(signed.length);
    const hex = text.slice(b + 1, c - 1).replace(/(00)+$/, '');
    const check = verifyDetachedCms(Buffer.from(hex, 'hex'), Buffer.concat([signed.subarray(0, b), signed.subarray(c)]), sandboxCaCertPem);
    expect(check).toMatchObject({ digestMatches: true, signatureValid: true, issuedByCa: true });
    expect(check.signerSubject).toContain('CN=SignDock Sandbox document seal');
  });

  it('is still a readable PDF with the signature page last', async () => {
    const pdf = await PDFDocument.load(signed);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('the package, its hash lists and the audit certificate state the SHA-256 of these bytes', async () => {
    const zip = await JSZip.loadAsync((await api.get(`/api/v2/documents/${document.id}/download/zipfile`)).bytes);
    const inZip = await zip.file('signed.pdf')!.async('nodebuffer');
    expect(inZip.equals(signed)).toBe(true);
    const hashes = JSON.parse(await zip.file('hashes.json')!.async('string')) as { signed_sha256: string };
    expect(hashes.signed_sha256).toBe(sha256(signed));
    expect(await zip.file('SHA256SUMS')!.async('string')).toContain(`${sha256(signed)}  signed.pdf\n`);
    const certificate = await PDFDocument.load((await api.get(`/api/v2/documents/${document.id}/download/pdf-certificate`)).bytes);
    expect(certificate.getSubject()).toBe(`signed-document-sha256=${sha256(signed)}`);
  });

  it('is deterministic: the same document gives the same bytes after the evidence is made again', async () => {
    sandbox.services.evidence.clear();
    const again = (await api.get(`/api/v2/documents/${document.id}/download/document`)).bytes;
    expect(sha256(again)).toBe(sha256(signed));
  });
});
