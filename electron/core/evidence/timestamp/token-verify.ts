import { createHash, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { names, signerIndex, verifyCms, type ParsedCms } from '../checks/cms-verify';

/**
 * Checks one RFC 3161 token (a DER TimeStampResp, or the bare token) over the bytes it should cover:
 * the reply's status, the TSTInfo's message imprint against those bytes, one signer, and then on THE
 * certificate its SignerIdentifier names (the one the signature is checked with; a second, different
 * certificate with the same subject refuses the token): the CMS signature (pkijs reads, node's crypto
 * checks; `cms-verify.ts`), the certificate's validity at the token's genTime (never at a signingTime
 * the token states), its critical extended key usage `timeStamping`, the ESS signing-certificate(-v2)
 * attribute naming it by hash, and whether it chains at genTime to one of the TSA anchors (`trusted`).
 */
export interface TokenFacts {
  time: Date;
  tsa: string;
  trusted: boolean;
  /** The imprint's hash algorithm (node's name). */
  hash: string;
  certNotAfter: Date;
  nonce: bigint | null;
}

export type TokenResult = { ok: true; facts: TokenFacts } | { ok: false; problem: string; facts: Partial<TokenFacts> };

export const oids = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signedData: '1.2.840.113549.1.7.2',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
};
export const hashOids: Record<string, string> = {
  '1.2.840.113549.2.5': 'md5',
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
export const weakHashes = new Set(['md5', 'sha1']);

/** The token (ContentInfo) of a TimeStampResp, or of a bare token; with the reply's status when there is one. */
function readToken(der: Uint8Array): { token: pkijs.ContentInfo } | { problem: string } {
  const asn = asn1js.fromBER(der);
  if (asn.offset === -1) return { problem: 'The token file is not DER.' };
  try {
    const reply = new pkijs.TimeStampResp({ schema: asn.result });
    if (reply.status.status !== pkijs.PKIStatus.granted && reply.status.status !== pkijs.PKIStatus.grantedWithMods) {
      const why = reply.status.statusStrings?.map((s) => s.valueBlock.value).join(' ') ?? '';
      return { problem: `The time-stamping authority refused the request (status ${reply.status.status}${why ? `: ${why}` : ''}).` };
    }
    if (!reply.timeStampToken) return { problem: 'The reply holds no token.' };
    return { token: reply.timeStampToken };
  } catch {
    try {
      return { token: new pkijs.ContentInfo({ schema: asn.result }) };
    } catch {
      return { problem: 'The file is neither a TimeStampResp nor a time-stamp token.' };
    }
  }
}

function octets(value: asn1js.OctetString): Buffer {
  if (value.idBlock.isConstructed) return Buffer.concat((value.valueBlock.value as asn1js.OctetString[]).map((part) => octets(part)));
  return Buffer.from(value.valueBlock.valueHexView);
}

function commonName(cert: X509Certificate): string {
  return /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1] ?? cert.subject.split('\n').filter(Boolean).join(', ');
}

export async function verifyToken(der: Uint8Array, covered: Buffer, anchors: readonly X509Certificate[]): Promise<TokenResult> {
  const read = readToken(der);
  if ('problem' in read) return { ok: false, problem: read.problem, facts: {} };
  if (read.token.contentType !== oids.signedData) return { ok: false, problem: 'The token is not CMS SignedData.', facts: {} };
  let signedData: pkijs.SignedData;
  let tst: pkijs.TSTInfo;
  let embedded: Buffer;
  try {
    signedData = new pkijs.SignedData({ schema: read.token.content });
    const { eContentType, eContent } = signedData.encapContentInfo;
    if (eContentType !== oids.tstInfo || !eContent) return { ok: false, problem: 'The token does not hold a TSTInfo.', facts: {} };
    embedded = octets(eContent);
    tst = pkijs.TSTInfo.fromBER(embedded);
  } catch (error) {
    return { ok: false, problem: `The token could not be read (${error instanceof Error ? error.message : String(error)}).`, facts: {} };
  }
  const hash = hashOids[tst.messageImprint.hashAlgorithm.algorithmId];
  const facts: Partial<TokenFacts> = { time: tst.genTime, nonce: tst.nonce ? tst.nonce.toBigInt() : null, ...(hash ? { hash } : {}) };
  if (!hash)
    return {
      ok: false,
      problem: `The token uses a hash algorithm SignDock does not know (${tst.messageImprint.hashAlgorithm.algorithmId}).`,
      facts,
    };
  const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!createHash(hash).update(covered).digest().equals(imprint)) {
    return {
      ok: false,
      problem: 'What the token covers has changed since it was timestamped: its hash differs from the one the authority signed.',
      facts,
    };
  }
  const certs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  if (certs.length === 0) return { ok: false, problem: 'The token carries no certificate of the authority: it cannot be checked.', facts };
  if (signedData.signerInfos.length !== 1)
    return { ok: false, problem: `A time-stamp token has one signer; this one has ${signedData.signerInfos.length}.`, facts };
  const signerInfo = signedData.signerInfos[0]!;
  // THE certificate the signature is checked with (the one its SignerIdentifier names); usage, ESS and
  // validity are checked on it and on no other certificate that merely bears the same name.
  const index = signerIndex(signerInfo, signedData);
  const signerRaw = certs[index];
  if (!signerRaw) return { ok: false, problem: 'The token does not carry the certificate that signed it: it cannot be checked.', facts };
  const signerDer = Buffer.from(signerRaw.toSchema().toBER(false));
  const signer = new X509Certificate(signerDer);
  Object.assign(facts, { tsa: commonName(signer), certNotAfter: new Date(signer.validTo) });
  const namesake = certs.find(
    (c, i) => i !== index && names(new X509Certificate(Buffer.from(c.toSchema().toBER(false))).subject) === names(signer.subject),
  );
  if (namesake && !Buffer.from(namesake.toSchema().toBER(false)).equals(signerDer))
    return {
      ok: false,
      problem: `The token carries two different certificates named "${commonName(signer)}": one of them could pose as the authority, so the token is refused.`,
      facts,
    };
  const validFrom = new Date(signer.validFrom);
  const validTo = new Date(signer.validTo);
  if (tst.genTime < validFrom || tst.genTime > validTo)
    return {
      ok: false,
      problem: `The authority's certificate was valid from ${day(validFrom)} to ${day(validTo)}, and the token says it was made on ${day(tst.genTime)}: a certificate vouches only for tokens made while it was valid.`,
      facts,
    };
  const parsed: ParsedCms = { signedData, embedded };
  const content = {
    name: 'TSTInfo',
    digest: async (algorithm: string) => createHash(algorithm).update(embedded).digest(),
    bytes: async () => embedded,
  };
  // Checked at genTime, the time the token vouches for, never at a signingTime the token states.
  const [check] = await verifyCms('token', parsed, content, anchors, tst.genTime, tst.genTime);
  if (!check?.valid) return { ok: false, problem: check?.problem ?? "The authority's signature does not verify.", facts };
  const usage = signerRaw.extensions?.find((e) => e.extnID === oids.extKeyUsage);
  const purposes = (usage?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!usage?.critical || purposes.length !== 1 || purposes[0] !== oids.timeStamping) {
    return {
      ok: false,
      problem:
        "The signer's certificate is not a time-stamping certificate (RFC 3161 wants the one extended key usage timeStamping, marked critical).",
      facts,
    };
  }
  const essProblem = checkSigningCertificate(signerInfo, signerDer);
  if (essProblem) return { ok: false, problem: essProblem, facts };
  return { ok: true, facts: { ...(facts as TokenFacts), trusted: check.trust === 'trusted' } };
}

function day(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** RFC 3161 §2.4.1 / RFC 5816: the signed attributes name the TSA certificate by its hash. */
function checkSigningCertificate(signerInfo: pkijs.SignerInfo | undefined, certDer: Buffer): string | null {
  const attributes = signerInfo?.signedAttrs?.attributes ?? [];
  const v2 = attributes.find((a) => a.type === oids.signingCertificateV2)?.values[0];
  const v1 = attributes.find((a) => a.type === oids.signingCertificate)?.values[0];
  const first = (value: unknown): asn1js.Sequence | null => {
    const certs = value instanceof asn1js.Sequence ? value.valueBlock.value[0] : null;
    return certs instanceof asn1js.Sequence && certs.valueBlock.value[0] instanceof asn1js.Sequence ? certs.valueBlock.value[0] : null;
  };
  const id = first(v2) ?? first(v1);
  if (!id) return "The token does not name the authority's certificate (no ESS signing-certificate attribute).";
  const parts = id.valueBlock.value;
  let algorithm = v2 ? 'sha256' : 'sha1';
  let hashNode = parts[0];
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    algorithm = hashOids[new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId] ?? '';
    hashNode = parts[1];
  }
  if (!algorithm || !(hashNode instanceof asn1js.OctetString)) return "The token's signing-certificate attribute cannot be read.";
  return createHash(algorithm).update(certDer).digest().equals(Buffer.from(hashNode.valueBlock.valueHexView))
    ? null
    : 'The token names another certificate than the one that signed it.';
}
