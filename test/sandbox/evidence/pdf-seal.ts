import { createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { sandboxSealKeyPem } from '../ca/sandbox-ca-pems';
import { detachedSignature } from './cms';
import type { SandboxCa } from './sandbox-ca';

/**
 * The sandbox's document seal: a real PDF signature on the signed PDF, the way signing tools write
 * one. A signature field on the signature page whose value is a signature dictionary
 * (`/Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached`) with `/ByteRange` covering the whole
 * file but the `/Contents` hex, which holds a detached CMS SignedData (SHA-256, RSA, signing time, the
 * seal certificate and the CA) over those bytes. The seal key is fixed (`ca/seal-key.pem`) and its
 * certificate issued by the sandbox CA deterministically, so the same document gives the same bytes.
 */
const contentsBytes = 8192;
/** Ten digits per number: pdf-lib writes the placeholder, the real ranges are written over it (padded) so no offset moves. */
const placeholder = 9_999_999_999;

export interface SealIdentity {
  cert: forge.pki.Certificate;
  keyPem: string;
}

let seal: SealIdentity | null = null;

export function sealIdentity(ca: SandboxCa): SealIdentity {
  if (seal) return seal;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(createPublicKey(sandboxSealKeyPem).export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '5ea1';
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2060-01-01T00:00:00Z');
  cert.setSubject([
    { shortName: 'C', value: 'ES' },
    { shortName: 'O', value: 'SignDock Sandbox' },
    { shortName: 'CN', value: 'SignDock Sandbox document seal' },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  seal = { cert, keyPem: sandboxSealKeyPem };
  return seal;
}

export interface SealInput {
  ca: SandboxCa;
  page: PDFPage;
  signingTime: Date;
  reason: string;
}

/** Adds the seal's field to `pdf`, saves it and signs the bytes. */
export async function sealedPdf(pdf: PDFDocument, input: SealInput): Promise<Buffer> {
  const identity = sealIdentity(input.ca);
  const { context } = pdf;
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: [0, placeholder, placeholder, placeholder],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
    Name: PDFString.of('SignDock Sandbox document seal'),
    Reason: PDFString.of(input.reason),
    M: PDFString.fromDate(input.signingTime),
  });
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: context.register(signature),
      T: PDFString.of('SignDockSandboxSeal'),
      F: 132,
      P: input.page.ref,
    }),
  );
  const annots = input.page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(widget);
  else input.page.node.set(PDFName.of('Annots'), context.obj([widget]));
  const form = pdf.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (form) {
    const fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray);
    if (fields) fields.push(widget);
    else form.set(PDFName.of('Fields'), context.obj([widget]));
    form.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  } else {
    pdf.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [widget], SigFlags: 3 }));
  }
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));

  const text = bytes.toString('latin1');
  const written = `/ByteRange [ 0 ${placeholder} ${placeholder} ${placeholder} ]`;
  const rangeAt = text.indexOf(written);
  const contentsStart = text.indexOf(`<${'0'.repeat(contentsBytes * 2)}>`, rangeAt);
  if (rangeAt < 0 || contentsStart < 0) throw new Error('The seal placeholder was not found in the saved PDF.');
  const contentsEnd = contentsStart + contentsBytes * 2 + 2;
  const range = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${bytes.length - contentsEnd}]`;
  bytes.write(range.padEnd(written.length, ' '), rangeAt, 'latin1');
  const cms = detachedSignature(Buffer.concat([bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd)]), {
    cert: identity.cert,
    keyPem: identity.keyPem,
    chain: [input.ca.cert],
    signingTime: input.signingTime,
  });
  if (cms.length > contentsBytes) throw new Error('The seal signature does not fit its /Contents.');
  bytes.write(cms.toString('hex').padEnd(contentsBytes * 2, '0'), contentsStart + 1, 'latin1');
  return bytes;
}
