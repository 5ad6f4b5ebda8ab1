import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { winAnsi } from '../evidence/pdf-writer';

/** A small one-page PDF with a title and a few paragraphs: the documents of demos and tests.
 * Deterministic for the same input. */
export async function samplePdf(title: string, options: { body?: string[]; date?: Date } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(winAnsi(title).slice(0, 80), { x: 50, y: 780, size: 16, font: bold, color: rgb(0.1, 0.1, 0.3) });
  const body = options.body ?? [
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Las partes acuerdan las',
    'condiciones descritas en este documento y lo firman electrónicamente.',
    'The parties agree to the terms set out in this document and sign it electronically.',
  ];
  body.forEach((line, index) => {
    page.drawText(winAnsi(line), { x: 50, y: 740 - index * 16, size: 11, font: regular });
  });
  pdf.setTitle(winAnsi(title));
  pdf.setProducer('SignDock Sandbox');
  const date = options.date ?? new Date(Date.UTC(2025, 0, 1));
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
