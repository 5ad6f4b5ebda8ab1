import { createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import { sandboxTsaKeyPem } from '../ca/sandbox-tsa-pems';
import type { SandboxCa } from '../evidence/sandbox-ca';

/**
 * The sandbox time-stamping authority's certificate: issued by the sandbox CA (the same CA as the
 * signers and the document seal), for the fixed key in `ca/tsa-key.pem`, with the one extended key
 * usage RFC 3161 §2.3 requires, `timeStamping`, marked critical (`openssl ts -verify` refuses it
 * otherwise). Deterministic for the same validity, so tokens from two runs name the same certificate.
 */
export interface TsaIdentity {
  cert: forge.pki.Certificate;
  certDer: Buffer;
  keyPem: string;
}

export const TSA_SUBJECT_CN = 'SignDock Sandbox time-stamping authority';
/** Default validity of the TSA certificate (a shorter one makes the expiry warnings testable). */
export const defaultTsaValidity = { notBefore: new Date('2020-01-01T00:00:00Z'), notAfter: new Date('2060-01-01T00:00:00Z') };

const issued = new Map<string, TsaIdentity>();

export function tsaIdentity(ca: SandboxCa, validity = defaultTsaValidity): TsaIdentity {
  const cacheKey = `${validity.notBefore.toISOString()}/${validity.notAfter.toISOString()}`;
  const cached = issued.get(cacheKey);
  if (cached) return cached;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(createPublicKey(sandboxTsaKeyPem).export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '75a1';
  cert.validity.notBefore = validity.notBefore;
  cert.validity.notAfter = validity.notAfter;
  cert.setSubject([
    { shortName: 'C', value: 'ES' },
    { shortName: 'O', value: 'SignDock Sandbox' },
    { shortName: 'OU', value: 'Test only - not a trusted authority' },
    { shortName: 'CN', value: TSA_SUBJECT_CN },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  const identity = {
    cert,
    certDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    keyPem: sandboxTsaKeyPem,
  };
  issued.set(cacheKey, identity);
  return identity;
}
