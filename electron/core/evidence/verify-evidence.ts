import type { X509Certificate } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Check, VerificationReport } from '../../../shared/domain/evidence';
import { check, signatureAsCheck } from './checks';
import { hashFileRanges } from './file-hash';
import { memStep } from './mem-log';
import { inspectPackage } from './package-checks';
import { verifyPdfSignatures } from './pdf-signatures';
import { pdfText, textHasHex } from './pdf-text';
import type { HashAlgorithm, ZipLimits } from './zip-inspect';

/**
 * The verification of one document's evidence (DESIGN.md, "Evidence formats"): each check passed,
 * failed (which file, expected, found) or not applicable (why). The report never claims more than it
 * checked; its `scope` says in words what the checks prove and what they do not.
 */
export interface EvidenceFiles {
  /** A bag's `data/` folder: package.zip, certificate.pdf, signed.pdf. */
  dataFolder: string;
  documentId: string;
}

export interface VerifyOptions {
  anchors: readonly X509Certificate[];
  tool: string;
  limits?: ZipLimits;
  now?: () => Date;
}

const signedAlgorithms: HashAlgorithm[] = ['sha256', 'sha512', 'sha1', 'md5'];

export async function verifyEvidence(files: EvidenceFiles, options: VerifyOptions): Promise<VerificationReport> {
  const zipPath = join(files.dataFolder, 'package.zip');
  const certificatePath = join(files.dataFolder, 'certificate.pdf');
  const signedPath = join(files.dataFolder, 'signed.pdf');
  const checks: Check[] = [];
  const signed = await hashFile(signedPath, signedAlgorithms);

  memStep(`${files.documentId.slice(-4)} verify package`);
  const found = await inspectPackage(zipPath, options.anchors, options.limits);
  checks.push(...found.checks);

  // The signed PDF's hash in the package: listed in a text file, or the package holds the same file.
  if (found.refused) {
    checks.push(check('signed.inPackage', 'notApplicable', 'The signed PDF\'s hash appears in the package', 'Not checked: the package was refused.'));
  } else if (!signed) {
    checks.push(check('signed.inPackage', 'failed', 'The signed PDF\'s hash appears in the package', 'The signed PDF is missing from the bag.', { file: 'data/signed.pdf' }));
  } else {
    const listed = found.claims.find((claim) => signed[claim.algorithm] === claim.hex);
    const same = [...found.entryHashes].find(([, sha256]) => sha256 === signed.sha256)?.[0];
    const where = [listed ? `listed in ${listed.source}${listed.label ? ` (${listed.label})` : ''}` : null, same ? `the package holds the same file (${same})` : null].filter(Boolean).join('; ');
    checks.push(
      where
        ? check('signed.inPackage', 'passed', 'The signed PDF\'s hash appears in the package', `Its SHA-256 ${signed.sha256}: ${where}.`, { file: 'data/signed.pdf', found: signed.sha256, params: { source: listed?.source ?? same ?? '' } })
        : check('signed.inPackage', 'failed', 'The signed PDF\'s hash appears in the package', 'No hash of the signed PDF (SHA-256, SHA-512, SHA-1 or MD5) appears in the package, and no entry is the same file.', { file: 'data/signed.pdf', found: signed.sha256 }),
    );
  }

  memStep(`${files.documentId.slice(-4)} verify certificate text`);
  checks.push(await certificateCheck(certificatePath, signed));

  const signatures = [...found.signatures];
  if (!found.refused) {
    if (found.signatures.length === 0) checks.push(check('signature.cms', 'notApplicable', 'Signature files in the package', 'The package holds no signature file (.p7s): no signer signature could be verified.'));
    checks.push(...found.signatures.map((signature) => signatureAsCheck('signature.cms', signature)));
  } else {
    checks.push(check('signature.cms', 'notApplicable', 'Signature files in the package', 'Not checked: the package was refused.'));
  }

  if (signed) {
    memStep(`${files.documentId.slice(-4)} verify PDF signatures`);
    const pdf = await verifyPdfSignatures(signedPath, 'signed.pdf', options.anchors);
    signatures.push(...pdf.checks);
    if (pdf.checks.length === 0) checks.push(check('signed.pdfSignature', 'notApplicable', 'PDF signatures in the signed PDF', 'The signed PDF carries no PDF signature (/ByteRange): there was none to verify.', { file: 'data/signed.pdf' }));
    checks.push(...pdf.checks.map((signature) => signatureAsCheck('signed.pdfSignature', signature)));
    if (pdf.checks.length > 0) {
      checks.push(
        pdf.bytesAfterLast === 0
          ? check('signed.pdfSignature', 'passed', 'Nothing added after the last PDF signature', 'The last signature covers the whole file: no bytes were added after it.', { file: 'data/signed.pdf' })
          : check('signed.pdfSignature', 'failed', 'Nothing added after the last PDF signature', `${pdf.bytesAfterLast} bytes were added after the last signature: whatever they change is not covered by any signature.`, { file: 'data/signed.pdf', params: { bytesAfter: pdf.bytesAfterLast } }),
      );
    }
  }

  const failed = checks.some((c) => c.status === 'failed');
  return {
    format: 'signdock-verification/1',
    documentId: files.documentId,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    tool: options.tool,
    verdict: found.refused ? 'refused' : failed ? 'failed' : 'passed',
    checks,
    signatures,
    signers: found.signers,
    scope: scope(checks),
  };
}

async function certificateCheck(path: string, signed: Record<HashAlgorithm, string> | null): Promise<Check> {
  const title = 'The signed PDF\'s hash appears in the audit certificate';
  if (!signed) return check('signed.inCertificate', 'notApplicable', title, 'Not checked: the signed PDF is missing from the bag.');
  let text;
  try {
    text = await pdfText(path);
  } catch (error) {
    return check('signed.inCertificate', 'failed', title, `The certificate's text could not be read (${error instanceof Error ? error.message : String(error)}).`, { file: 'data/certificate.pdf' });
  }
  const algorithm = (['sha256', 'sha512', 'sha1'] as const).find((a) => textHasHex(text.text, signed[a]));
  if (algorithm) return check('signed.inCertificate', 'passed', title, `The certificate's text shows the signed PDF's ${algorithm.toUpperCase()}.`, { file: 'data/certificate.pdf', expected: signed[algorithm], found: signed[algorithm], params: { algorithm } });
  const inProperties = textHasHex(text.metadata, signed.sha256);
  return check('signed.inCertificate', 'failed', title, inProperties ? 'The certificate\'s visible text does not show the signed PDF\'s hash (only its document properties do).' : 'The certificate\'s text does not show the hash of this signed PDF: it may be the certificate of another version of the document.', {
    file: 'data/certificate.pdf',
    expected: signed.sha256,
  });
}

function scope(checks: Check[]): string[] {
  const lines = [
    'The package was read without extracting anything to disk.',
    'A hash that matches proves a file is the same as the one the package (or the certificate) lists; it does not prove who signed it.',
  ];
  if (checks.some((c) => c.id === 'signature.cms' || c.id === 'signed.pdfSignature')) {
    lines.push('A valid signature proves the signed content has not changed since it was signed with that certificate\'s key. Who holds the key is only as certain as the certificate\'s issuer: "trusted" means it chains to a trust anchor added in Settings; "issuer not trusted" means no anchor vouches for it.');
  }
  lines.push('Checks marked "not applicable" were not made; nothing is claimed about them.');
  return lines;
}

async function hashFile(path: string, algorithms: HashAlgorithm[]): Promise<Record<HashAlgorithm, string> | null> {
  try {
    await access(path);
  } catch {
    return null;
  }
  const { digests } = await hashFileRanges(path, algorithms);
  return Object.fromEntries(algorithms.map((algorithm) => [algorithm, digests[algorithm].toString('hex')])) as Record<HashAlgorithm, string>;
}
