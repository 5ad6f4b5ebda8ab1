import type { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import type { Check, VerificationReport } from '../../../../shared/domain/evidence';
import { trustOf, verdictOf } from '../../../../shared/domain/evidence-verdict';
import { entryKind, NotRegularFile } from '../bag/bag-files';
import { check, notRun, signatureAsCheck } from './checks';
import { hashFileRanges } from '../bag/file-hash';
import { memStep } from '../archive/mem-log';
import { inspectPackage } from './package-checks';
import { verifyPdfSignatures } from './pdf-signatures';
import { pdfText, textHasHex } from './pdf-text';
import type { HashAlgorithm, ZipLimits } from '../zip/zip-inspect';

/**
 * The verification of one document's evidence: each check passed, failed (which file, expected,
 * found), incomplete (a file it needs is missing or not a regular file, or it could not run: why) or
 * not applicable. Every check that can run runs: the PDF's own signatures and the certificate need no
 * package. The report never claims more than it checked; its `scope` says what the checks prove.
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

/** The bag file a check needs: there as a regular file, or why it cannot be read. */
async function needed(path: string, file: string): Promise<{ ok: true } | { ok: false; reason: 'missing' | 'notRegular'; file: string }> {
  const kind = await entryKind(path);
  if (kind === 'file') return { ok: true };
  return { ok: false, reason: kind === 'missing' ? 'missing' : 'notRegular', file };
}

export async function verifyEvidence(files: EvidenceFiles, options: VerifyOptions): Promise<VerificationReport> {
  const zipPath = join(files.dataFolder, 'package.zip');
  const certificatePath = join(files.dataFolder, 'certificate.pdf');
  const signedPath = join(files.dataFolder, 'signed.pdf');
  const checks: Check[] = [];
  const zipState = await needed(zipPath, 'data/package.zip');
  const signedState = await needed(signedPath, 'data/signed.pdf');
  const signed = signedState.ok ? await hashFile(signedPath, signedAlgorithms) : null;

  memStep(`${files.documentId.slice(-4)} verify package`);
  // Without the package, what needs it cannot run (incomplete); everything else still runs.
  const found = zipState.ok ? await inspectPackage(zipPath, options.anchors, options.limits) : null;
  if (found) checks.push(...found.checks);
  else {
    checks.push(notRun('package.safe', zipState.ok ? 'unreadable' : zipState.reason, 'data/package.zip'));
    checks.push(notRun('package.listedHash', 'packageMissing', 'data/package.zip'));
  }

  // The signed PDF's hash in the package: listed in a text file, or the package holds the same file.
  if (!found) checks.push(notRun('signed.inPackage', 'packageMissing', 'data/package.zip'));
  else if (found.refused) checks.push(notRun('signed.inPackage', 'packageRefused', 'data/package.zip'));
  else if (!signed) checks.push(notRun('signed.inPackage', signedState.ok ? 'unreadable' : signedState.reason, 'data/signed.pdf'));
  else {
    const listed = found.claims.find((claim) => signed[claim.algorithm] === claim.hex);
    const same = [...found.entryHashes].find(([, sha256]) => sha256 === signed.sha256)?.[0];
    if (listed)
      checks.push(
        check('signed.inPackage', 'passed', {
          file: 'data/signed.pdf',
          found: signed.sha256,
          params: { case: 'listed', source: `${listed.source}${listed.label ? ` (${listed.label})` : ''}` },
        }),
      );
    else if (same)
      checks.push(
        check('signed.inPackage', 'passed', { file: 'data/signed.pdf', found: signed.sha256, params: { case: 'same', source: same } }),
      );
    else checks.push(check('signed.inPackage', 'failed', { file: 'data/signed.pdf', found: signed.sha256 }));
  }

  memStep(`${files.documentId.slice(-4)} verify certificate text`);
  checks.push(await certificateCheck(certificatePath, signed, signedState));

  const signatures = [...(found?.signatures ?? [])];
  if (!found) checks.push(notRun('signature.cms', 'packageMissing', 'data/package.zip'));
  else if (found.refused) checks.push(notRun('signature.cms', 'packageRefused', 'data/package.zip'));
  else if (found.signatures.length === 0) checks.push(check('signature.cms', 'notApplicable'));
  else checks.push(...found.signatures.map((signature) => signatureAsCheck('signature.cms', signature)));

  // The PDF's own signatures need nothing but the signed PDF.
  if (!signedState.ok) {
    checks.push(notRun('signed.pdfSignature', signedState.reason, signedState.file, { case: 'noFile' }));
  } else {
    memStep(`${files.documentId.slice(-4)} verify PDF signatures`);
    const pdf = await verifyPdfSignatures(signedPath, 'signed.pdf', options.anchors).catch((error: unknown) =>
      error instanceof NotRegularFile ? null : Promise.reject(error),
    );
    if (!pdf) checks.push(notRun('signed.pdfSignature', 'notRegular', 'data/signed.pdf', { case: 'noFile' }));
    else {
      signatures.push(...pdf.checks);
      if (pdf.checks.length === 0) checks.push(check('signed.pdfSignature', 'notApplicable', { file: 'data/signed.pdf' }));
      checks.push(...pdf.checks.map((signature) => signatureAsCheck('signed.pdfSignature', signature)));
      if (pdf.checks.length > 0)
        checks.push(
          check('signed.nothingAdded', pdf.bytesAfterLast === 0 ? 'passed' : 'failed', {
            file: 'data/signed.pdf',
            params: { bytesAfter: pdf.bytesAfterLast },
          }),
        );
    }
  }

  return {
    format: 'signdock-verification/1',
    documentId: files.documentId,
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    tool: options.tool,
    verdict: verdictOf(checks),
    trust: trustOf(signatures),
    checks,
    covers: null,
    signatures,
    signers: found?.signers ?? [],
    scope: scope(checks),
  };
}

async function certificateCheck(
  path: string,
  signed: Record<HashAlgorithm, string> | null,
  signedState: Awaited<ReturnType<typeof needed>>,
): Promise<Check> {
  const file = 'data/certificate.pdf';
  const state = await needed(path, file);
  if (!state.ok) return notRun('signed.inCertificate', state.reason, file);
  if (!signed) return notRun('signed.inCertificate', signedState.ok ? 'unreadable' : 'signedMissing', 'data/signed.pdf');
  let text;
  try {
    text = await pdfText(path);
  } catch (error) {
    return notRun('signed.inCertificate', 'unreadable', file, { error: error instanceof Error ? error.message : String(error) });
  }
  const algorithm = (['sha256', 'sha512', 'sha1'] as const).find((a) => textHasHex(text.text, signed[a]));
  if (algorithm)
    return check('signed.inCertificate', 'passed', {
      file,
      expected: signed[algorithm],
      found: signed[algorithm],
      params: { algorithm: algorithm.toUpperCase() },
    });
  const inProperties = textHasHex(text.metadata, signed.sha256);
  // What was looked for is the signed PDF's hash as it is now (found); the certificate shows none to expect.
  return check('signed.inCertificate', 'failed', { file, found: signed.sha256, params: inProperties ? { case: 'onlyProperties' } : {} });
}

function scope(checks: Check[]): string[] {
  const lines = [
    'The package was read without extracting anything to disk.',
    'A hash that matches proves a file is the same as the one the package (or the certificate) lists; it does not prove who signed it.',
  ];
  if (checks.some((c) => c.id === 'signature.cms' || c.id === 'signed.pdfSignature')) {
    lines.push(
      'A valid signature proves the signed content has not changed since it was signed with that certificate\'s key. Who holds the key is only as certain as the certificate\'s issuer: "trusted" means it chains to a trust anchor added in Settings; "signer not vouched for" means no anchor vouches for it.',
    );
  }
  lines.push(
    'Checks marked "incomplete" could not run (a file missing or not a regular file): the evidence is then incomplete, not passed. Checks marked "not applicable" had nothing to check; nothing is claimed about them.',
  );
  return lines;
}

async function hashFile(path: string, algorithms: HashAlgorithm[]): Promise<Record<HashAlgorithm, string> | null> {
  try {
    const { digests } = await hashFileRanges(path, algorithms);
    return Object.fromEntries(algorithms.map((algorithm) => [algorithm, digests[algorithm].toString('hex')])) as Record<
      HashAlgorithm,
      string
    >;
  } catch (error) {
    if (error instanceof NotRegularFile) return null;
    throw error;
  }
}
