import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * A valid one-page PDF of exactly `size` bytes, written without holding it in memory: catalog, pages,
 * a page with one line of text, and an unreferenced stream object whose random bytes pad the file
 * to its size; then a correct cross-reference table and `%%EOF`. pdf-lib reads it, it has a page,
 * and each file's padding is fresh random bytes, so no two files share a SHA-256.
 */
export function writeLargePdf(path: string, label: string, size: number): void {
  const text = label.replace(/[()\\]/g, ' ');
  const content = `BT /F1 18 Tf 50 780 Td (${text}) Tj ET`;
  const objects = (padding: number): string[] => [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${padding} >>\nstream\n`,
  ];
  const header = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const paddingTail = '\nendstream\nendobj\n';

  // The padding's length is written in the file, so find it by fixed point: the layout around it
  // changes by a few digits at most.
  let padding = size;
  let layout = { before: '', after: '' };
  for (let round = 0; round < 8; round += 1) {
    layout = lay(header, objects(padding), padding, paddingTail);
    const total = Buffer.byteLength(layout.before, 'latin1') + padding + Buffer.byteLength(layout.after, 'latin1');
    if (total === size) break;
    padding += size - total;
  }
  if (Buffer.byteLength(layout.before, 'latin1') + padding + Buffer.byteLength(layout.after, 'latin1') !== size) {
    throw new Error(`could not lay out a PDF of ${size} bytes`);
  }

  const fd = openSync(path, 'w');
  try {
    writeSync(fd, Buffer.from(layout.before, 'latin1'));
    const block = randomBytes(1024 * 1024);
    for (let left = padding; left > 0;) {
      const n = Math.min(left, block.byteLength);
      writeSync(fd, block, 0, n);
      left -= n;
      // A different block each time, cheaply: the same random bytes rotated.
      block.writeUInt32LE((block.readUInt32LE(0) + 0x9e3779b9) >>> 0, 0);
    }
    writeSync(fd, Buffer.from(layout.after, 'latin1'));
  } finally {
    closeSync(fd);
  }
}

/** The text before and after the padding bytes, with the cross-reference offsets right for `padding`. */
function lay(header: string, objects: string[], padding: number, paddingTail: string): { before: string; after: string } {
  const offsets: number[] = [];
  let before = header;
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(before, 'latin1'));
    before += `${index + 1} 0 obj\n${body}`;
    if (index < objects.length - 1) before += '\nendobj\n';
  });
  const xrefAt = Buffer.byteLength(before, 'latin1') + padding + paddingTail.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const after =
    `${paddingTail}xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { before, after };
}
