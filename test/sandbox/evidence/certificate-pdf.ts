import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EvidenceDocument } from './evidence-model';
import { statusNames, validationNames } from './evidence-model';
import { PdfWriter } from './pdf-writer';

/** The audit certificate: per signature the signer's name and data, date and time, IP address,
 * device, completed validations, the SHA-256 of the signed document and the status. The signed
 * document's hash is also in the PDF's Subject and Keywords, so tools can read it without text
 * extraction. Deterministic: all dates come from the document. */
export async function certificatePdf(evidence: EvidenceDocument, signedSha256: string): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const writer = new PdfWriter(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  });

  writer.newPage();
  writer.text('Audit certificate / Certificado de auditoría', { size: 16, font: 'bold', gap: 2 });
  writer.text('SignDock sandbox: simulated e-signature service. Test document without legal value.', { size: 8, gray: true, gap: 8 });
  writer.field('Document', evidence.title);
  writer.field('Document id', evidence.id);
  writer.field('Original file', evidence.fileName);
  writer.field('Created (UTC)', evidence.createdAt.toISOString());
  writer.field('Completed (UTC)', evidence.completedAt.toISOString());
  writer.field('Original document SHA-256', evidence.originalSha256, { mono: true });
  writer.field('Signed document SHA-256', signedSha256, { mono: true });
  writer.rule();

  for (const signer of evidence.signers) {
    writer.text(`Signature ${signer.index} of ${evidence.signers.length}: ${signer.name}`, { size: 12, font: 'bold', gap: 2 });
    writer.field('Status', `${signer.status} (${statusNames[signer.status] ?? 'unknown'})`);
    writer.field('Signature id', signer.id);
    writer.field('Signer', signer.name);
    for (const validation of signer.validations) {
      writer.field(`Data: ${validationNames[validation.code] ?? validation.code} (${validation.code})`, validation.value ?? '(any)');
    }
    writer.field('Opened (UTC)', signer.openedAt?.toISOString() ?? '-');
    writer.field('Date and time of signature (UTC)', signer.signedAt?.toISOString() ?? '-');
    writer.field('IP address', signer.ipAddress ?? '-');
    writer.field('Device', signer.infoDevice ?? '-');
    const completed = signer.validations.filter((validation) => validation.validated).map((validation) => validation.code);
    writer.field('Completed validations', completed.length > 0 ? completed.join(', ') : 'none');
    if (signer.invalidationReason) writer.field('Invalidation reason', signer.invalidationReason);
    writer.field('Signed document SHA-256', signedSha256, { mono: true });
    writer.rule();
  }

  pdf.setTitle(`Audit certificate: ${evidence.title}`);
  pdf.setSubject(`signed-document-sha256=${signedSha256}`);
  pdf.setKeywords([`signed-document-sha256:${signedSha256}`, `original-sha256:${evidence.originalSha256}`, `document-id:${evidence.id}`]);
  pdf.setAuthor('SignDock Sandbox');
  pdf.setCreator('SignDock Sandbox');
  pdf.setProducer('SignDock Sandbox (simulated e-signature service)');
  pdf.setCreationDate(evidence.completedAt);
  pdf.setModificationDate(evidence.completedAt);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
