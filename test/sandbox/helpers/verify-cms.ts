import { X509Certificate, createHash, verify } from 'node:crypto';
import forge from 'node-forge';

export interface CmsCheck {
  /** The messageDigest attribute equals the SHA-256 of the content. */
  digestMatches: boolean;
  /** The RSA signature over the signed attributes verifies with the signer certificate's key. */
  signatureValid: boolean;
  /** The signer certificate was issued and signed by the given CA. */
  issuedByCa: boolean;
  signerSubject: string;
  signingTime: Date | null;
}

const oids = { messageDigest: '1.2.840.113549.1.9.4', signingTime: '1.2.840.113549.1.9.5', sha256: '2.16.840.1.101.3.4.2.1' };

function der(node: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
}

function children(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error('Unexpected CMS structure');
  return node.value;
}

/** Verifies a detached CMS SignedData (DER) over `content` against the CA certificate, using
 * node-forge only to read the ASN.1 and node's crypto for hashes and RSA. */
export function verifyDetachedCms(p7s: Buffer, content: Buffer, caPem: string): CmsCheck {
  const contentInfo = forge.asn1.fromDer(forge.util.createBuffer(p7s.toString('binary')));
  const signedData = children(children(contentInfo)[1])[0];
  const parts = children(signedData);
  const certificates = children(parts.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0));
  const signerInfo = children(parts[parts.length - 1])[0];
  const [, sid, digestAlgorithm, signedAttrs, , signatureValue] = children(signerInfo);
  if (!sid || !digestAlgorithm || !signedAttrs || !signatureValue) throw new Error('Incomplete SignerInfo');
  if (forge.asn1.derToOid(children(digestAlgorithm)[0]?.value as string) !== oids.sha256) throw new Error('Digest is not SHA-256');

  const serial = forge.util.bytesToHex(children(sid)[1]?.value as string);
  const signerCert = certificates
    .map((node) => forge.pki.certificateFromAsn1(node))
    .find((cert) => cert.serialNumber.replace(/^0+/, '') === serial.replace(/^0+/, ''));
  if (!signerCert) throw new Error('Signer certificate not in the CMS');

  let digest: Buffer | null = null;
  let signingTime: Date | null = null;
  for (const attribute of children(signedAttrs)) {
    const [type, values] = children(attribute);
    const oid = forge.asn1.derToOid(type?.value as string);
    const value = children(values)[0];
    if (oid === oids.messageDigest) digest = Buffer.from(value?.value as string, 'binary');
    if (oid === oids.signingTime) signingTime = forge.asn1.utcTimeToDate(value?.value as string);
  }
  // The signature covers the attributes with the SET tag instead of the [0] IMPLICIT of the message.
  const attributesAsSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, children(signedAttrs));
  const signerPem = forge.pki.certificateToPem(signerCert);
  const signerX509 = new X509Certificate(signerPem);
  const ca = new X509Certificate(caPem);
  return {
    digestMatches: digest !== null && digest.equals(createHash('sha256').update(content).digest()),
    signatureValid: verify('sha256', der(attributesAsSet), signerX509.publicKey, Buffer.from(signatureValue.value as string, 'binary')),
    issuedByCa: signerX509.checkIssued(ca) && signerX509.verify(ca.publicKey),
    signerSubject: signerX509.subject,
    signingTime,
  };
}
