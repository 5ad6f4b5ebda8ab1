import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPdfSignatures } from '../../electron/core/evidence/checks/pdf-signatures';
import { verifyEvidence } from '../../electron/core/evidence/checks/verify-evidence';
import { signedPdf } from '../helpers/signed-pdf';
import { tempFolder } from '../helpers/temp-folder';
import { sandboxCaCertPem } from '../sandbox';

/**
 * Issue 14: a signed PDF carrying a real PDF signature (ByteRange + CMS by a signer of the sandbox CA)
 * is reported valid by Poppler's `pdfsig`, and SignDock's own check agrees (trusted only with the CA as
 * a trust anchor); a copy with bytes appended after the signature is flagged plainly; a changed byte
 * inside the signed ranges makes the signature invalid.
 */
const pdfsig = (path: string) => spawnSync('pdfsig', [path], { encoding: 'utf8' });
const anchor = new X509Certificate(sandboxCaCertPem);

describe('PDF signatures of the signed PDF', () => {
  let home: ReturnType<typeof tempFolder>;
  let original: Buffer;
  let path: string;
  beforeAll(async () => {
    home = tempFolder('signdock-pdfsig-');
    original = await signedPdf();
    path = join(home.path, 'signed.pdf');
    writeFileSync(path, original);
  });
  afterAll(() => home.remove());

  it('pdfsig and SignDock agree the signature is valid; trusted only through the anchor', async () => {
    const poppler = pdfsig(path);
    expect(poppler.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(poppler.stdout).toContain('Total document signed');
    const trusted = await verifyPdfSignatures(path, 'signed.pdf', [anchor]);
    expect(trusted.checks).toHaveLength(1);
    expect(trusted.checks[0]).toMatchObject({ file: 'signed.pdf#1', valid: true, trust: 'trusted', problem: null });
    expect(trusted.checks[0]?.subject).toContain('CN=Test Signer');
    expect(trusted.bytesAfterLast).toBe(0);
    const untrusted = await verifyPdfSignatures(path, 'signed.pdf', []);
    expect(untrusted.checks[0]).toMatchObject({ valid: true, trust: 'untrusted' });
  });

  it('flags bytes appended after the signature (pdfsig: not the total document)', async () => {
    const appended = join(home.path, 'appended.pdf');
    writeFileSync(appended, Buffer.concat([original, Buffer.from('\n% added after signing\n1 0 obj\n<< /Evil true >>\nendobj\n')]));
    expect(pdfsig(appended).stdout).not.toContain('Total document signed');
    const result = await verifyPdfSignatures(appended, 'signed.pdf', [anchor]);
    expect(result.checks[0]?.valid).toBe(true);
    expect(result.bytesAfterLast).toBeGreaterThan(0);

    const data = join(home.path, 'bag', 'data');
    mkdirSync(data, { recursive: true });
    copyFileSync(appended, join(data, 'signed.pdf'));
    copyFileSync(appended, join(data, 'certificate.pdf'));
    writeFileSync(join(data, 'package.zip'), Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1'));
    const report = await verifyEvidence({ dataFolder: data, documentId: 'x' }, { anchors: [anchor], tool: 'test' });
    // Two checks with two ids: the signature itself (intact) and what was added after it (failed).
    expect(report.checks.filter((c) => c.id === 'signed.pdfSignature').map((c) => c.status)).toEqual(['passed']);
    const added = report.checks.find((c) => c.id === 'signed.nothingAdded');
    expect(added?.status).toBe('failed');
    expect(added?.title).toMatch(/^\d+ bytes were added after the last PDF signature$/);
    expect(report.verdict).toBe('failed');
  });

  it('a byte changed inside the signed ranges makes the signature invalid, for both', async () => {
    const tampered = Buffer.from(original);
    // One byte of the page's media box, well inside the first signed range.
    const at = tampered.indexOf('/MediaBox [ 0 0 595 842 ]');
    expect(at).toBeGreaterThan(0);
    tampered[at + 'MediaBox [ 0 0 59'.length + 1] = '4'.charCodeAt(0);
    const changed = join(home.path, 'tampered.pdf');
    writeFileSync(changed, tampered);
    expect(pdfsig(changed).stdout).not.toContain('Signature is Valid.');
    const result = await verifyPdfSignatures(changed, 'signed.pdf', [anchor]);
    expect(result.checks[0]).toMatchObject({ valid: false, trust: 'invalid' });
    expect(result.checks[0]?.problem).toMatch(/does not match the signature/);
  });
});
