import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { names } from '../checks/cms-verify';

/**
 * The time-stamping authority's certificate chain as a PEM file for `openssl ts -verify -CAfile`: the
 * certificates the bag's tokens carry, plus the TSA anchors (of the one who writes the file) that issued
 * one of them. A convenience for running openssl, never a trust decision: SignDock never reads it back
 * as an anchor, and VERIFY.txt asks the reader to compare the root's SHA-256 fingerprint with what the
 * authority publishes. Each certificate is preceded by its subject, issuer and fingerprint in plain text
 * (openssl reads only the PEM blocks).
 */
export const CHAIN_FILE = 'tsa-chain.pem';

export interface ChainRoot {
  subject: string;
  /** SHA-256, colon-separated hex, as `openssl x509 -fingerprint -sha256` prints it. */
  fingerprint: string;
  /** One of the TSA anchors given (the writer trusts it); false: it came with a token or an earlier chain file. */
  anchor: boolean;
}

export interface TsaChain {
  /** The PEM text (with a plain-text line before each certificate); empty when no token carries a certificate. */
  pem: string;
  /** The self-signed certificates of the chain: the ones whose fingerprint the reader compares with the authority's. */
  roots: ChainRoot[];
}

/** The certificates a token (a DER TimeStampResp or the bare token) carries; none when it cannot be read. */
export function tokenCertificates(der: Uint8Array): X509Certificate[] {
  try {
    const asn = asn1js.fromBER(der);
    if (asn.offset === -1) return [];
    let content: pkijs.ContentInfo | undefined;
    try {
      content = new pkijs.TimeStampResp({ schema: asn.result }).timeStampToken;
    } catch {
      content = new pkijs.ContentInfo({ schema: asn.result });
    }
    if (!content) return [];
    const signed = new pkijs.SignedData({ schema: content.content });
    return (signed.certificates ?? [])
      .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
      .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false))));
  } catch {
    return [];
  }
}

/** Every certificate of a PEM text that parses. */
export function pemCertificates(text: string): X509Certificate[] {
  return (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
}

/** `issuer` signed `cert` (names and signature). */
function issued(issuer: X509Certificate, cert: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

const selfSigned = (cert: X509Certificate) => issued(cert, cert);

/**
 * The chain of a bag's tokens: their certificates (and those of `carried`, e.g. the bag's own chain file),
 * then every anchor that issued one of them, repeated until nothing more is added.
 */
export function buildTsaChain(
  tokens: readonly Uint8Array[],
  anchors: readonly X509Certificate[],
  carried: readonly X509Certificate[] = [],
): TsaChain {
  const chain = new Map<string, { cert: X509Certificate; anchor: boolean }>();
  for (const cert of [...tokens.flatMap((token) => tokenCertificates(token)), ...carried])
    if (!chain.has(cert.fingerprint256)) chain.set(cert.fingerprint256, { cert, anchor: false });
  if (chain.size === 0) return { pem: '', roots: [] };
  for (let added = true; added;) {
    added = false;
    for (const anchor of anchors) {
      const known = chain.get(anchor.fingerprint256);
      if (known) {
        known.anchor = true;
        continue;
      }
      if (![...chain.values()].some(({ cert }) => issued(anchor, cert))) continue;
      chain.set(anchor.fingerprint256, { cert: anchor, anchor: true });
      added = true;
    }
  }
  const entries = [...chain.values()];
  const pem = entries
    .map(({ cert }) =>
      [
        `subject: ${names(cert.subject)}`,
        `issuer: ${names(cert.issuer)}`,
        `SHA-256 fingerprint: ${cert.fingerprint256}`,
        cert.toString().trim(),
        '',
      ].join('\n'),
    )
    .join('\n');
  const roots = entries
    .filter(({ cert }) => selfSigned(cert))
    .map(({ cert, anchor }) => ({ subject: names(cert.subject), fingerprint: cert.fingerprint256, anchor }));
  return { pem, roots };
}
