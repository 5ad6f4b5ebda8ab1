import { X509Certificate } from 'node:crypto';
import { AppError } from '../../../../shared/contract/errors';
import type { trustAnchorWarnings } from '../../../../shared/contract/evidence-operations';
import { names } from './cms-verify';

/** Why a certificate may not deserve the trust the user is about to give it (the UI asks before adding). */
export type AnchorWarning = (typeof trustAnchorWarnings)[number];

export interface InspectedAnchor {
  fingerprint: string;
  subject: string;
  issuer: string;
  validTo: string;
  warnings: AnchorWarning[];
}

// Words by which a certificate says it is for tests or is not to be trusted (English and Spanish).
const TEST_WORDS = /\b(test(ing)?|prueba(s)?|sandbox|demo|example|not (a )?trusted|do not trust|no (es )?de confianza|untrusted)\b/i;

/** The certificates of a PEM text (or one DER certificate), each with what should make the user think twice. */
export function inspectAnchors(text: string | Buffer, now = new Date()): InspectedAnchor[] {
  const pems = typeof text === 'string' ? (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) : [];
  const certificates = readCertificates(pems, text);
  if (certificates.length === 0) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'evidence.notCertificate',
      message: "That file holds no certificate (PEM or DER). Pick the certificate authority's certificate.",
    });
  }
  return certificates.map((certificate) => {
    const warnings: AnchorWarning[] = [];
    if (TEST_WORDS.test(certificate.subject) || TEST_WORDS.test(certificate.issuer)) warnings.push('testName');
    const selfSigned = certificate.subject === certificate.issuer && safeVerify(certificate);
    if (!certificate.ca) warnings.push(selfSigned ? 'selfSignedNotCa' : 'notCa');
    if (new Date(certificate.validTo) < now) warnings.push('expired');
    if (new Date(certificate.validFrom) > now) warnings.push('notYetValid');
    return {
      fingerprint: certificate.fingerprint256,
      subject: names(certificate.subject),
      issuer: names(certificate.issuer),
      validTo: new Date(certificate.validTo).toISOString(),
      warnings,
    };
  });
}

function readCertificates(pems: string[], text: string | Buffer): X509Certificate[] {
  try {
    return pems.length > 0 ? pems.map((pem) => new X509Certificate(pem)) : Buffer.isBuffer(text) ? [new X509Certificate(text)] : [];
  } catch {
    return [];
  }
}

function safeVerify(certificate: X509Certificate): boolean {
  try {
    return certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}
