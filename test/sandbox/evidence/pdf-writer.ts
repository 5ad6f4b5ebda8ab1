import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard PDF fonts can draw: anything else becomes '?'. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === '\t') out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) out += char;
    else out += '?';
  }
  return out;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

export interface WriterFonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Writes lines top to bottom, wrapping long ones and adding A4 pages as needed. */
export class PdfWriter {
  private page: PDFPage | null = null;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: WriterFonts,
  ) {}

  private get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number): PDFPage {
    if (!this.page || this.y - height < MARGIN) this.newPage();
    return this.page as PDFPage;
  }

  private wrap(text: string, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= this.width || line === '') {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
    return lines;
  }

  text(value: string, options: { size?: number; font?: keyof WriterFonts; gap?: number; gray?: boolean } = {}): void {
    const size = options.size ?? 10;
    const font = this.fonts[options.font ?? 'regular'];
    for (const line of this.wrap(winAnsi(value), font, size)) {
      const page = this.ensure(size * 1.4);
      this.y -= size * 1.4;
      page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
    }
    this.y -= options.gap ?? 0;
  }

  /** A label and a value on one line (wrapped when long). */
  field(label: string, value: string, options: { mono?: boolean } = {}): void {
    if (options.mono) {
      this.text(`${label}:`, { size: 9, font: 'bold' });
      this.text(value, { size: 9, font: 'mono' });
    } else {
      this.text(`${label}: ${value}`, { size: 9 });
    }
  }

  space(points: number): void {
    this.y -= points;
  }

  rule(): void {
    const page = this.ensure(8);
    this.y -= 4;
    page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 4;
  }
}
