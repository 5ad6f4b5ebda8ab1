import { createHash, type X509Certificate } from 'node:crypto';
import type { Check, SignatureCheck, SignerRecord } from '../../../../shared/domain/evidence';
import { failedCheck, parseCms, verifyCms, type SignedContent } from './cms-verify';
import { check, folded } from './checks';
import { findClaims, isTextEntry, type HashClaim } from './hash-claims';
import { signedContentHints, signerRecords } from './signer-records';
import { InspectedZip, ZipRefused, type HashAlgorithm, type Refusal, type ZipLimits } from '../zip/zip-inspect';

/**
 * Everything checked inside the package, without extracting it: its directory (refused when hostile),
 * the hash values its text files list (paired with entries and re-computed), and its signature files.
 */
export interface PackageFindings {
  refused: Refusal | null;
  checks: Check[];
  claims: HashClaim[];
  /** SHA-256 of every file entry. */
  entryHashes: Map<string, string>;
  signatures: SignatureCheck[];
  signers: SignerRecord[];
}

const maxTextBytes = 4 * 1024 * 1024;
const maxSignatureBytes = 2 * 1024 * 1024;
const inMemoryContent = 64 * 1024 * 1024;
const signatureFile = /\.(p7s|p7m|pkcs7|cms)$/i;

export async function inspectPackage(zipPath: string, anchors: readonly X509Certificate[], limits?: ZipLimits): Promise<PackageFindings> {
  const findings: PackageFindings = { refused: null, checks: [], claims: [], entryHashes: new Map(), signatures: [], signers: [] };
  let zip: InspectedZip | null = null;
  try {
    zip = await InspectedZip.open(zipPath, limits);
    const files = zip.files();
    const names = files.map((file) => file.name);
    const hints = new Map<string, string>();
    for (const file of files.filter((f) => isTextEntry(f.name) && f.size <= maxTextBytes)) {
      const text = (await zip.bytes(file.name, maxTextBytes))?.toString('utf8') ?? '';
      findings.claims.push(...findClaims(file.name, text, names));
      if (/\.json$/i.test(file.name)) {
        const json = safeJson(text);
        findings.signers.push(...signerRecords(file.name, json));
        for (const [signature, content] of signedContentHints(json)) hints.set(signature, content);
      }
    }
    // Every entry is streamed once (sizes that lie are caught here), with the algorithms its listed hashes need.
    const computed = new Map<string, Record<string, string>>();
    for (const file of files) {
      const wanted: HashAlgorithm[] = ['sha256', ...findings.claims.filter((c) => c.entry === file.name).map((c) => c.algorithm)];
      const hashes = await zip.hash(file.name, wanted);
      computed.set(file.name, hashes);
      findings.entryHashes.set(file.name, hashes.sha256);
    }
    findings.checks.push(
      check('package.safe', 'passed', {
        params: { entries: files.length, ...(zip.nested.length > 0 ? { case: 'nested', nested: zip.nested.join(', ') } : {}) },
      }),
    );
    findings.checks.push(...listedHashChecks(findings.claims, computed, names));
    for (const file of files.filter((f) => signatureFile.test(f.name))) {
      findings.signatures.push(...(await signatureChecks(zip, file.name, names, hints, anchors)));
    }
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    findings.refused = error.refusal;
    findings.checks = [
      check('package.safe', 'failed', {
        file: error.refusal.entry,
        params: { refusal: error.refusal.detail, refusalReason: error.refusal.reason },
      }),
    ];
    findings.claims = [];
    findings.signatures = [];
    findings.signers = [];
  } finally {
    zip?.close();
  }
  return findings;
}

/** One folded check per text file that lists hashes ("18 files match hashes.txt"), then the files no hash covers. */
function listedHashChecks(claims: HashClaim[], computed: Map<string, Record<string, string>>, names: string[]): Check[] {
  const paired = claims.filter((claim) => claim.entry !== null);
  if (paired.length === 0) return [check('package.listedHash', 'notApplicable')];
  const sources = [...new Set(paired.map((claim) => claim.source))];
  const checks = sources.map((source) => {
    const mine = paired.filter((claim) => claim.source === source);
    const items = mine.map((claim) => {
      const found = computed.get(claim.entry!)?.[claim.algorithm] ?? null;
      return { file: claim.entry!, status: found === claim.hex ? ('passed' as const) : ('failed' as const), expected: claim.hex, found };
    });
    const algorithm = [...new Set(mine.map((claim) => claim.algorithm.toUpperCase()))].join('/');
    return folded('package.listedHash', items, { params: { source, algorithm } });
  });
  const covered = new Set(paired.map((claim) => claim.entry));
  const unlisted = names.filter((name) => !covered.has(name));
  if (unlisted.length > 0) {
    checks.push(
      check('package.unlisted', 'notApplicable', {
        params: { count: unlisted.length },
        items: unlisted.map((file) => ({ file, status: 'notApplicable' as const, expected: null, found: null })),
      }),
    );
  }
  return checks;
}

async function signatureChecks(
  zip: InspectedZip,
  file: string,
  names: string[],
  hints: Map<string, string>,
  anchors: readonly X509Certificate[],
): Promise<SignatureCheck[]> {
  const unreadable = (problem: string): SignatureCheck[] => [failedCheck(file, null, problem, true)];
  const der = await zip.bytes(file, maxSignatureBytes);
  if (!der) return unreadable('The signature file is larger than any signature (over 2 MB): not read.');
  let parsed;
  try {
    parsed = parseCms(der);
  } catch (error) {
    return unreadable(`Not a CMS/PKCS #7 signature (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (parsed.embedded) {
    const embedded = parsed.embedded;
    return verifyCms(
      file,
      parsed,
      { name: `${file} (content inside)`, digest: async (a) => digest(a, embedded), bytes: async () => embedded },
      anchors,
    );
  }
  const stripped = file.replace(signatureFile, '');
  const candidates = [hints.get(file), names.includes(stripped) ? stripped : undefined, ...names.filter((n) => /\.pdf$/i.test(n))].filter(
    (n): n is string => !!n && names.includes(n),
  );
  const unique = [...new Set(candidates)];
  if (unique.length === 0) return unreadable('A detached signature, and the package holds nothing it could sign.');
  let first: SignatureCheck[] | null = null;
  for (const name of unique.slice(0, 8)) {
    const checks = await verifyCms(file, parsed, contentOf(zip, name), anchors);
    if (checks.every((c) => c.valid)) return checks;
    first ??= checks;
  }
  return first ?? unreadable('No content matched.');
}

function contentOf(zip: InspectedZip, name: string): SignedContent {
  const digests = new Map<HashAlgorithm, Buffer>();
  return {
    name,
    async digest(algorithm) {
      const known = digests.get(algorithm);
      if (known) return known;
      const value = Buffer.from((await zip.hash(name, [algorithm]))[algorithm], 'hex');
      digests.set(algorithm, value);
      return value;
    },
    bytes: () => zip.bytes(name, inMemoryContent),
  };
}

async function digest(algorithm: HashAlgorithm, bytes: Buffer): Promise<Buffer> {
  return Promise.resolve(createHash(algorithm).update(bytes).digest());
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
