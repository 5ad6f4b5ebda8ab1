import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** Text shown by `Tj` operators in a PDF's content streams: enough to read what pdf-lib drew with
 * the standard fonts (hex strings in WinAnsi), without poppler. One entry per drawn line. */
export async function pdfTextLines(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let content: string;
    try {
      content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (match[1] !== undefined) lines.push(Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1'));
      else if (match[2] !== undefined) lines.push(match[2].replace(/\\(.)/g, '$1'));
    }
  }
  return lines;
}
