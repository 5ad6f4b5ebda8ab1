import forge from 'node-forge';
import { sandboxCaCertPem, sandboxCaKeyPem } from '../ca/sandbox-ca-pems';

/** The sandbox certificate authority (`test/sandbox/ca/`). It issues one certificate per
 * signer; the signature files of the evidence package verify against its certificate. Test
 * material only: its private key is committed. */
export interface SandboxCa {
  certPem: string;
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

let loaded: SandboxCa | null = null;

export function loadSandboxCa(): SandboxCa {
  if (loaded) return loaded;
  loaded = {
    certPem: sandboxCaCertPem,
    cert: forge.pki.certificateFromPem(sandboxCaCertPem),
    key: forge.pki.privateKeyFromPem(sandboxCaKeyPem) as forge.pki.rsa.PrivateKey,
  };
  return loaded;
}

export interface SignerIdentity {
  /** Hex of the certificate serial number (positive). */
  serialHex: string;
  name: string;
  email: string | null;
  /** The signature's id, kept in the certificate's subject. */
  signatureId: string;
  signedAt: Date;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Issues a signer certificate for `publicKeyPem` (SPKI), valid from shortly before the signing
 * time for two years. Deterministic for the same inputs. */
export function issueSignerCertificate(ca: SandboxCa, publicKeyPem: string, signer: SignerIdentity): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = signer.serialHex;
  cert.validity.notBefore = new Date(signer.signedAt.getTime() - 5 * 60 * 1000);
  cert.validity.notAfter = new Date(signer.signedAt.getTime() + 2 * YEAR_MS);
  const subject: forge.pki.CertificateField[] = [
    { shortName: 'C', value: 'ES' },
    { shortName: 'O', value: 'SignDock Sandbox signers' },
    { shortName: 'CN', value: signer.name },
    { name: 'serialNumber', value: signer.signatureId },
  ];
  if (signer.email) subject.push({ name: 'emailAddress', value: signer.email });
  cert.setSubject(subject);
  cert.setIssuer(ca.cert.subject.attributes);
  const extensions: Record<string, unknown>[] = [
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ];
  if (signer.email) extensions.push({ name: 'subjectAltName', altNames: [{ type: 1, value: signer.email }] });
  cert.setExtensions(extensions);
  cert.sign(ca.key, forge.md.sha256.create());
  return cert;
}
