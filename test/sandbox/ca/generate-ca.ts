// Regenerates the sandbox certificate authority (ca-key.pem, ca-cert.pem and sandbox-ca-pems.ts beside this file).
// Run once by hand: `npx tsx test/sandbox/ca/generate-ca.ts`. The committed PEMs are test material
// only: the private key is public, so nothing it signs is trustworthy outside the sandbox.
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';

const folder = fileURLToPath(new URL('.', import.meta.url));
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const cert = forge.pki.createCertificate();
cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
cert.serialNumber = '01';
cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
cert.validity.notAfter = new Date('2060-01-01T00:00:00Z');
const name = [
  { shortName: 'C', value: 'ES' },
  { shortName: 'O', value: 'SignDock Sandbox' },
  { shortName: 'OU', value: 'Test only - not a trusted authority' },
  { shortName: 'CN', value: 'SignDock Sandbox Root CA' },
];
cert.setSubject(name);
cert.setIssuer(name);
cert.setExtensions([
  { name: 'basicConstraints', cA: true, critical: true },
  { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  { name: 'subjectKeyIdentifier' },
]);
cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());

const certPem = forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
writeFileSync(`${folder}ca-key.pem`, privateKey);
writeFileSync(`${folder}ca-cert.pem`, certPem);
writeFileSync(
  `${folder}sandbox-ca-pems.ts`,
  [
    '// The sandbox certificate authority, as text so that bundlers (the desktop app bundles the sandbox',
    '// for "Try the sandbox") carry it along. The same PEMs are beside this file for openssl and people.',
    '// Written by generate-ca.ts. Test material only: this private key is public.',
    '',
    `export const sandboxCaCertPem = \`${certPem}\`;`,
    '',
    `export const sandboxCaKeyPem = \`${privateKey}\`;`,
    '',
  ].join('\n'),
);
process.stderr.write(`Wrote ca-key.pem, ca-cert.pem and sandbox-ca-pems.ts in ${folder}\n`);
