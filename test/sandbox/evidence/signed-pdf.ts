import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EvidenceDocument } from './evidence-model';
import { statusNames } from './evidence-model';
import { sealedPdf } from './pdf-seal';
import { PdfWriter } from './pdf-writer';
import type { SandboxCa } from './sandbox-ca';

const PRODUCER = 'SignDock Sandbox (simulated e-signature service)';

/** The signed PDF: the original with a signature page appended, sealed with a real PDF signature
 * (`pdf-seal.ts`) by the sandbox's seal certificate (issued by its CA). When pdf-lib cannot read the
 * original, the signed PDF is the signature page with the original attached. Deterministic: all
 * dates come from the document. */
export async function signedPdf(original: Buffer, evidence: EvidenceDocument, ca: SandboxCa): Promise<Buffer> {
  let pdf: PDFDocument;
  let attached = false;
  try {
    pdf = await PDFDocument.load(original, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    pdf = await PDFDocument.create({ updateMetadata: false });
    attached = true;
  }
  const writer = new PdfWriter(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  });
  writer.newPage();
  writer.text('Signature page', { size: 16, font: 'bold', gap: 4 });
  writer.text(evidence.title, { size: 11, gap: 6 });
  writer.field('Document id', evidence.id);
  writer.field('Original file', evidence.fileName);
  writer.field('Original document SHA-256', evidence.originalSha256, { mono: true });
  writer.field('Completed (UTC)', evidence.completedAt.toISOString());
  if (attached) writer.text('The original file is attached to this PDF.', { size: 9, gray: true });
  writer.rule();
  for (const signer of evidence.signers) {
    writer.text(`${signer.index}. ${signer.name}`, { size: 11, font: 'bold' });
    writer.field('Status', `${signer.status} (${statusNames[signer.status] ?? 'unknown'})`);
    if (signer.email) writer.field('E-mail', signer.email);
    if (signer.phone) writer.field('Phone', signer.phone);
    if (signer.signedAt) writer.field('Signed (UTC)', signer.signedAt.toISOString());
    writer.field('Signature id', signer.id);
    writer.space(6);
  }
  writer.text('Electronically signed through the SignDock sandbox. Test document without legal value.', { size: 8, gray: true });

  if (attached) {
    await pdf.attach(original, evidence.fileName, {
      mimeType: 'application/pdf',
      description: 'Original document',
      creationDate: evidence.createdAt,
      modificationDate: evidence.completedAt,
    });
  }
  pdf.setProducer(PRODUCER);
  pdf.setModificationDate(evidence.completedAt);
  if (attached) {
    pdf.setTitle(evidence.title);
    pdf.setCreationDate(evidence.createdAt);
  }
  const pages = pdf.getPages();
  return sealedPdf(pdf, {
    ca,
    page: pages[pages.length - 1]!,
    signingTime: evidence.completedAt,
    reason: `Completed through the SignDock sandbox: ${evidence.id}`,
  });
}
