import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, StandardFonts } from 'pdf-lib';
import { detachedSignature } from '../sandbox/evidence/cms';
import { issueSignerCertificate, loadSandboxCa } from '../sandbox/evidence/sandbox-ca';

/**
 * A PDF carrying a real PDF signature (`/ByteRange` + `/Contents` with a detached CMS by a signer
 * certificate of the sandbox CA), the way signing tools write one: a signature field whose value is
 * the signature dictionary, the byte ranges covering the whole file but the /Contents hex.
 */
const contentsBytes = 8192;
const byteRangePlaceholder = '/ByteRange [0 /**********/ /**********/ /**********/]';

export async function signedPdf(text = 'Signed by SignDock tests'): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const signature = pdf.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: [0, 0, 0, 0],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
    Reason: PDFString.of('Test'),
    M: PDFString.fromDate(new Date('2025-06-01T10:00:00Z')),
  });
  const signatureRef = pdf.context.register(signature);
  const widget = pdf.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signatureRef,
    T: PDFString.of('Signature1'),
    F: 4,
    P: page.ref,
  });
  const widgetRef = pdf.context.register(widget);
  page.node.set(PDFName.of('Annots'), pdf.context.obj([widgetRef]));
  pdf.catalog.set(PDFName.of('AcroForm'), pdf.context.obj({ Fields: [widgetRef], SigFlags: PDFNumber.of(3) }));
  let bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));

  // The placeholder range, then the real one written over it (same length, padded with spaces).
  bytes = Buffer.from(bytes.toString('latin1').replace('/ByteRange [ 0 0 0 0 ]', byteRangePlaceholder), 'latin1');
  const text1 = bytes.toString('latin1');
  const contentsStart = text1.indexOf(`<${'0'.repeat(contentsBytes * 2)}>`);
  const contentsEnd = contentsStart + contentsBytes * 2 + 2;
  const range = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  const written = `/ByteRange [${range.join(' ')}]`;
  const at = text1.indexOf(byteRangePlaceholder);
  bytes.write(written.padEnd(byteRangePlaceholder.length, ' '), at, 'latin1');

  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const ca = loadSandboxCa();
  const signedAt = new Date();
  const cert = issueSignerCertificate(ca, publicKey, {
    serialHex: '0badc0de01',
    name: 'Test Signer',
    email: 'signer@example.com',
    signatureId: 'pdf-signature-test',
    signedAt,
  });
  const content = Buffer.concat([bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd)]);
  const cms = detachedSignature(content, {
    cert: forge.pki.certificateFromPem(forge.pki.certificateToPem(cert)),
    keyPem: privateKey,
    chain: [ca.cert],
    signingTime: signedAt,
  });
  bytes.write(cms.toString('hex').padEnd(contentsBytes * 2, '0'), contentsStart + 1, 'latin1');
  return bytes;
}
