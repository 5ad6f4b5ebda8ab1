import { createHash, sign } from 'node:crypto';
import forge from 'node-forge';

/** Detached CMS (PKCS #7) SignedData, DER-encoded: what a `.p7s` file holds. Built by hand with
 * node-forge's ASN.1 writer so the digest and RSA signature come from node's crypto (fast on large
 * PDFs) and the output is deterministic (PKCS #1 v1.5, fixed signing time). */

const { asn1 } = forge;
const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const int = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const algorithm = (id: string) => seq([oid(id), nul()]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

function attribute(type: string, value: forge.asn1.Asn1): forge.asn1.Asn1 {
  return seq([oid(type), set([value])]);
}

/** DER requires the members of a SET OF in the order of their encodings. */
function sortedByEncoding(items: forge.asn1.Asn1[]): forge.asn1.Asn1[] {
  return items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

export interface CmsSigner {
  cert: forge.pki.Certificate;
  keyPem: string;
  /** Certificates to carry besides the signer's (the CA's). */
  chain: forge.pki.Certificate[];
  signingTime: Date;
}

export function detachedSignature(content: Buffer, signer: CmsSigner): Buffer {
  const digest = createHash('sha256').update(content).digest();
  const attributes = sortedByEncoding([
    attribute(oids.contentType, oid(oids.data)),
    attribute(oids.signingTime, asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(signer.signingTime))),
    attribute(oids.messageDigest, octets(digest)),
  ]);
  // The signature covers the attributes encoded as a SET; the message stores them as [0] IMPLICIT.
  const signatureValue = sign('sha256', der(set(attributes)), signer.keyPem);

  const issuerAndSerial = seq([
    forge.pki.distinguishedNameToAsn1(signer.cert.issuer),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(signer.cert.serialNumber)),
  ]);
  const signerInfo = seq([
    int(1),
    issuerAndSerial,
    algorithm(oids.sha256),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    algorithm(oids.rsaEncryption),
    octets(signatureValue),
  ]);
  const certificates = [signer.cert, ...signer.chain].map((cert) => forge.pki.certificateToAsn1(cert));
  const signedData = seq([
    int(1),
    set([algorithm(oids.sha256)]),
    seq([oid(oids.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
    set([signerInfo]),
  ]);
  return der(seq([oid(oids.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
