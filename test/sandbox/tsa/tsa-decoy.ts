import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { issueSignerCertificate, loadSandboxCa } from '../evidence/sandbox-ca';

/**
 * What the TSA signs with when told to misbehave as the "decoy" of issue 31: an employee's ordinary
 * e-mail certificate from the sandbox CA (no `timeStamping` usage: not a time-stamping authority), and a
 * self-signed decoy with the very same subject that does carry the critical `timeStamping` usage. The
 * token is signed with the employee's key (its SignerIdentifier names the employee's certificate), its
 * ESS attribute names the decoy, and the decoy comes first in its certificate list — a checker that
 * looks the signer up again by subject name finds the decoy. Test material only.
 */
export interface DecoyIdentity {
  /** The employee's certificate: the one the signature really verifies with. */
  employeeDer: Buffer;
  /** The self-signed look-alike. */
  decoyDer: Buffer;
  keyPem: string;
}

export const DECOY_NAME = 'Mallory Employee';
let made: DecoyIdentity | null = null;

export function decoyIdentity(): DecoyIdentity {
  if (made) return made;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const signedAt = new Date(Date.now() - 24 * 3600_000);
  const employee = issueSignerCertificate(loadSandboxCa(), publicPem, {
    serialHex: '6d616c6c6f7279',
    name: DECOY_NAME,
    email: 'mallory@example.com',
    signatureId: 'employee',
    signedAt,
  });
  const decoy = forge.pki.createCertificate();
  decoy.publicKey = forge.pki.publicKeyFromPem(publicPem);
  decoy.serialNumber = '0dec0e';
  decoy.validity.notBefore = employee.validity.notBefore;
  decoy.validity.notAfter = employee.validity.notAfter;
  decoy.setSubject(employee.subject.attributes);
  decoy.setIssuer(employee.subject.attributes);
  decoy.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
  ]);
  decoy.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const der = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  made = { employeeDer: der(employee), decoyDer: der(decoy), keyPem };
  return made;
}
