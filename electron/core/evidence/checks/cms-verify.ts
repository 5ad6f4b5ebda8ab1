import { constants, createPublicKey, verify as verifySignature, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SignatureCheck } from '../../../../shared/domain/evidence';
import type { HashAlgorithm } from '../zip/zip-inspect';

/**
 * Verifies CMS / PKCS #7 SignedData (a `.p7s` file, or a PDF signature's /Contents): pkijs reads the
 * structure; node's crypto checks the digest and the signature value, so large signed content is
 * hashed as a stream and never held whole. A signer certificate that chains (by signature) to one of
 * the trust anchors is `trusted`; a valid signature without such a chain is `untrusted` (said plainly:
 * valid signature, issuer not trusted). The certificates inside the signature never vouch for themselves.
 */

/** What the signature is over: its digest on demand (streamed), or its bytes when small enough. */
export interface SignedContent {
  name: string | null;
  digest(algorithm: HashAlgorithm): Promise<Buffer>;
  bytes(): Promise<Buffer | null>;
}

const digestOids: Record<string, HashAlgorithm> = {
  '1.2.840.113549.2.5': 'md5',
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const oid = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaPss: '1.2.840.113549.1.1.10',
};
const ecdsaOids = new Set(['1.2.840.10045.2.1', '1.2.840.10045.4.3.2', '1.2.840.10045.4.3.3', '1.2.840.10045.4.3.4']);

export interface ParsedCms {
  signedData: pkijs.SignedData;
  /** The signed content carried inside (enveloping), or null (detached). */
  embedded: Buffer | null;
}

export function parseCms(der: Uint8Array): ParsedCms {
  const asn = asn1js.fromBER(der);
  if (asn.offset === -1) throw new Error('not DER/BER');
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== oid.signedData) throw new Error(`not SignedData (${info.contentType})`);
  const signedData = new pkijs.SignedData({ schema: info.content });
  const eContent = signedData.encapContentInfo.eContent;
  const embedded = eContent ? Buffer.from(octets(eContent)) : null;
  return { signedData, embedded };
}

/**
 * One check per SignerInfo. `anchors`: the trust anchors of Settings. Certificates are checked at the
 * signingTime the signature states (else `now`), or always at `at` when given (a timestamp token's genTime).
 */
export async function verifyCms(
  file: string,
  parsed: ParsedCms,
  content: SignedContent,
  anchors: readonly X509Certificate[],
  now = new Date(),
  at?: Date,
): Promise<SignatureCheck[]> {
  const { signedData } = parsed;
  const certificates = (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false))));
  const checks: SignatureCheck[] = [];
  for (const signerInfo of signedData.signerInfos) {
    const base: SignatureCheck = {
      file,
      signs: content.name,
      valid: false,
      trust: 'invalid',
      unreadable: false,
      subject: null,
      issuer: null,
      validFrom: null,
      validTo: null,
      signingTime: null,
      problem: null,
    };
    try {
      const signer = certificates[signerIndex(signerInfo, signedData)];
      if (!signer) {
        checks.push({ ...base, unreadable: true, problem: "The signer's certificate is not in the signature: it cannot be checked." });
        continue;
      }
      const signingTime = attribute(signerInfo, oid.signingTime);
      const when = signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime ? signingTime.toDate() : null;
      const shown = {
        ...base,
        subject: names(signer.subject),
        issuer: names(signer.issuer),
        validFrom: iso(signer.validFrom),
        validTo: iso(signer.validTo),
        signingTime: when?.toISOString() ?? null,
      };
      const problem = await checkValue(signerInfo, signer, content);
      if (problem) {
        checks.push({ ...shown, ...problem });
        continue;
      }
      const checkedAt = at ?? when ?? now;
      const dated =
        checkedAt < new Date(signer.validFrom) || checkedAt > new Date(signer.validTo)
          ? `The signer's certificate was not valid at ${at ? 'the time it vouches for' : when ? 'the signing time' : 'this time'}.`
          : null;
      const trusted = chainsTo(signer, certificates, anchors, checkedAt);
      checks.push({ ...shown, valid: dated === null, trust: dated ? 'invalid' : trusted ? 'trusted' : 'untrusted', problem: dated });
    } catch (error) {
      checks.push({
        ...base,
        unreadable: true,
        problem: `The signature could not be read (${error instanceof Error ? error.message : String(error)}).`,
      });
    }
  }
  if (checks.length === 0) checks.push(failedCheck(file, content.name, 'The file holds no signer.', true));
  return checks;
}

/**
 * Null when the digest and the signature value both check out; else the problem in words, `unreadable`
 * when the check could not be made (an unknown digest, content too large) rather than failed.
 */
async function checkValue(
  signerInfo: pkijs.SignerInfo,
  signer: X509Certificate,
  content: SignedContent,
): Promise<{ problem: string; unreadable: boolean } | null> {
  const failed = (problem: string) => ({ problem, unreadable: false });
  const unreadable = (problem: string) => ({ problem, unreadable: true });
  const algorithm = digestOids[signerInfo.digestAlgorithm.algorithmId];
  if (!algorithm) return unreadable(`The signature uses a digest SignDock does not know (${signerInfo.digestAlgorithm.algorithmId}).`);
  let signedBytes: Buffer;
  if (signerInfo.signedAttrs) {
    const listed = attribute(signerInfo, oid.messageDigest);
    if (!(listed instanceof asn1js.OctetString)) return unreadable('The signature has no message digest attribute.');
    const digest = await content.digest(algorithm);
    if (!digest.equals(Buffer.from(listed.valueBlock.valueHexView)))
      return failed(
        `The content does not match the signature: its ${algorithm.toUpperCase()} differs from the one signed${content.name ? ` (${content.name} changed, or is not what was signed)` : ''}.`,
      );
    signedBytes = Buffer.from(signerInfo.signedAttrs.encodedValue);
    signedBytes[0] = 0x31; // signed as a SET, stored as [0] IMPLICIT
  } else {
    const bytes = await content.bytes();
    if (!bytes) return unreadable('The signature covers the content directly and the content is too large to check here.');
    signedBytes = bytes;
  }
  const key = createPublicKey({ key: signer.publicKey.export({ format: 'der', type: 'spki' }), format: 'der', type: 'spki' });
  const value = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  const algorithmId = signerInfo.signatureAlgorithm.algorithmId;
  let ok: boolean;
  if (algorithmId === oid.rsaPss) {
    const params = new pkijs.RSASSAPSSParams({ schema: signerInfo.signatureAlgorithm.algorithmParams });
    const hash = digestOids[params.hashAlgorithm.algorithmId] ?? 'sha1';
    ok = verifySignature(hash, signedBytes, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength }, value);
  } else if (ecdsaOids.has(algorithmId)) {
    ok = verifySignature(algorithm, signedBytes, { key, dsaEncoding: 'der' }, value);
  } else if (algorithmId === '1.3.101.112') {
    ok = verifySignature(null, signedBytes, key, value);
  } else {
    ok = verifySignature(algorithm, signedBytes, key, value);
  }
  return ok
    ? null
    : failed("The signature value does not verify with the signer's certificate: the signature or the signed data was altered.");
}

/**
 * Where the certificate a SignerInfo names (its SignerIdentifier: issuer and serial, or subject key
 * identifier) is in the signature's certificate list (only the certificates, other choices left out), or -1.
 * The signature value is checked with this certificate and no other.
 */
export function signerIndex(signerInfo: pkijs.SignerInfo, signedData: pkijs.SignedData): number {
  const raw = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signerInfo.sid as unknown;
  return raw.findIndex((cert) => {
    if (sid instanceof pkijs.IssuerAndSerialNumber) return cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber);
    if (sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive) {
      const keyId = Buffer.from((sid as asn1js.OctetString).valueBlock.valueHexView);
      const ski = cert.extensions?.find((e) => e.extnID === '2.5.29.14');
      return ski !== undefined && Buffer.from((ski.parsedValue as asn1js.OctetString).valueBlock.valueHexView).equals(keyId);
    }
    return false;
  });
}

/** Walks issuer links (checked by signature) through the signature's certificates up to an anchor. */
function chainsTo(cert: X509Certificate, pool: X509Certificate[], anchors: readonly X509Certificate[], at: Date): boolean {
  let current = cert;
  for (let depth = 0; depth < 8; depth += 1) {
    if (anchors.some((anchor) => anchor.fingerprint256 === current.fingerprint256)) return true;
    const anchor = anchors.find((a) => current.checkIssued(a) && current.verify(a.publicKey) && within(a, at));
    if (anchor) return true;
    const parent = pool.find(
      (p) => p.fingerprint256 !== current.fingerprint256 && p.ca && current.checkIssued(p) && current.verify(p.publicKey) && within(p, at),
    );
    if (!parent) return false;
    current = parent;
  }
  return false;
}

function within(cert: X509Certificate, at: Date): boolean {
  return at >= new Date(cert.validFrom) && at <= new Date(cert.validTo);
}

function attribute(signerInfo: pkijs.SignerInfo, type: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((a) => a.type === type)?.values[0];
}

function octets(value: asn1js.OctetString): Uint8Array {
  // A constructed (BER) OCTET STRING holds its value in pieces.
  if (value.idBlock.isConstructed)
    return Buffer.concat((value.valueBlock.value as asn1js.OctetString[]).map((part) => Buffer.from(octets(part))));
  return value.valueBlock.valueHexView;
}

/** `C=ES\nO=…\nCN=…` as node gives it, on one line. */
export function names(distinguished: string): string {
  return distinguished.split('\n').filter(Boolean).join(', ');
}

function iso(date: string): string | null {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

/** A signature check that failed before any certificate was read: nothing about a signer to show. */
export function failedCheck(file: string, signs: string | null, problem: string, unreadable: boolean): SignatureCheck {
  return {
    file,
    signs,
    valid: false,
    trust: 'invalid',
    unreadable,
    subject: null,
    issuer: null,
    validFrom: null,
    validTo: null,
    signingTime: null,
    problem,
  };
}
