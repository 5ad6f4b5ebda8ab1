import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { checkWords } from '../../../../shared/domain/evidence-checks';
import { trustWords } from '../../../../shared/domain/evidence-verdict';
import { namedFiles } from '../checks/checks';
import { capText, counts, problemKindWords, reportScope, reportSummary, statusWords, verdictLine, type ReportInput } from './report-model';

/**
 * The verification report as a PDF (pdf-lib, standard fonts: nothing embedded, nothing executed):
 * a summary, what the check proves and what it does not, then each bag with its problems and each
 * check's result (a folded check with the files that did not pass: the first 20, then "and N more"). Text the standard fonts cannot show (outside
 * Windows-1252) is written as `?`. Every value drawn from a bag is capped (`capText`) and wrapped in
 * time linear in its length (one width per character, summed), so a 5 MB title costs milliseconds.
 */
const A4: [number, number] = [595.28, 841.89];
const margin = 48;
const gray = rgb(0.38, 0.38, 0.42);
const red = rgb(0.7, 0.1, 0.1);
const amber = rgb(0.6, 0.4, 0.0);
const green = rgb(0.1, 0.45, 0.2);

// The characters of Windows-1252 beyond Latin-1 that the standard fonts can show.
const extra = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function printable(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\t\r\n]+/g, ' ')) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extra.has(ch) ? ch : '?';
  }
  return out;
}

interface Style {
  size?: number;
  bold?: boolean;
  mono?: boolean;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  gap?: number;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - margin;
  }

  /** Wrapped text; a word longer than the line (a path, a hash) is broken where it must. */
  text(value: string, style: Style = {}): void {
    const size = style.size ?? 9;
    const font = style.bold ? this.fonts.bold : style.mono ? this.fonts.mono : this.fonts.regular;
    const left = margin + (style.indent ?? 0);
    const width = A4[0] - margin - left;
    for (const line of wrap(printable(value), font, size, width)) {
      if (this.y - size < margin + 14) this.newPage();
      this.y -= size * 1.3;
      this.page.drawText(line, { x: left, y: this.y, size, font, color: style.color ?? rgb(0, 0, 0) });
    }
    this.y -= style.gap ?? 1;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Keeps a heading with at least a few lines after it. */
  keep(points: number): void {
    if (this.y - points < margin + 14) this.newPage();
  }
}

/**
 * Lines that fit `width`: words joined while they fit, a word longer than the line broken where it
 * must. Each character's width is looked up once per font and size (by its code) and summed, and
 * lines are cut by index, so the whole text costs time linear in its length (measuring every
 * candidate prefix was cubic). The text is `printable` already: one UTF-16 unit per character.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const widths = new Float64Array(65536).fill(-1);
  const charWidth = (code: number) => {
    if (widths[code]! < 0) widths[code] = font.widthOfTextAtSize(String.fromCharCode(code), size);
    return widths[code]!;
  };
  const space = charWidth(32);
  const lines: string[] = [];
  let lineStart = -1;
  let lineEnd = 0;
  let lineWidth = 0;
  const flush = () => {
    if (lineStart >= 0) lines.push(text.slice(lineStart, lineEnd));
    lineStart = -1;
    lineWidth = 0;
  };
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf(' ', start);
    if (end === -1) end = text.length;
    let wordWidth = 0;
    for (let at = start; at < end; at += 1) wordWidth += charWidth(text.charCodeAt(at));
    const joined = lineStart >= 0 ? lineWidth + space + wordWidth : wordWidth;
    if (joined <= width) {
      if (lineStart < 0) lineStart = start;
      lineEnd = end;
      lineWidth = joined;
    } else {
      flush();
      if (wordWidth <= width) {
        lineStart = start;
        lineEnd = end;
        lineWidth = wordWidth;
      } else {
        // A word longer than the line (a path, a hash): cut where the next character would not fit.
        let pieceStart = start;
        let pieceWidth = 0;
        for (let at = start; at < end; at += 1) {
          const w = charWidth(text.charCodeAt(at));
          if (pieceWidth + w > width && at > pieceStart) {
            lines.push(text.slice(pieceStart, at));
            pieceStart = at;
            pieceWidth = 0;
          }
          pieceWidth += w;
        }
        lineStart = pieceStart;
        lineEnd = end;
        lineWidth = pieceWidth;
      }
    }
    start = end + 1;
  }
  flush();
  if (lines.length === 0) lines.push('');
  return lines;
}

export async function reportPdf(input: ReportInput, author: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('SignDock evidence verification report');
  pdf.setProducer(input.tool);
  pdf.setCreator(input.tool);
  pdf.setCreationDate(input.generatedAt);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const w = new Writer(pdf, fonts);
  const summary = reportSummary(input);

  w.text('Evidence verification report', { size: 18, bold: true, gap: 6 });
  w.text(`Made ${input.generatedAt.toISOString()} by ${input.tool}, as ${author}.`, { color: gray });
  w.text(`Checked: ${input.folders.join(', ')}`, { color: gray, gap: 8 });
  const clean = summary.bagsWithProblems === 0;
  w.text(
    clean
      ? 'Result: every bag passed.'
      : `Result: ${summary.bagsWithProblems} of ${summary.bags} bags failed or are incomplete (${summary.problems} problem${summary.problems === 1 ? '' : 's'}).`,
    { size: 12, bold: true, color: clean ? green : red, gap: 2 },
  );
  w.text(
    `${summary.bags} bag${summary.bags === 1 ? '' : 's'} checked; ${summary.files} files (${summary.bytes.toLocaleString('en-US')} bytes) re-hashed with SHA-256. No network and no account were used.`,
    { gap: 10 },
  );

  w.text('What this check proves, and what it does not', { size: 12, bold: true, gap: 3 });
  reportScope.forEach((line) => w.text(`• ${line}`, { indent: 4, gap: 3 }));
  w.space(6);
  w.text('Problem kinds', { size: 12, bold: true, gap: 3 });
  Object.values(problemKindWords).forEach((line) => w.text(`• ${line}`, { indent: 4 }));
  w.space(10);

  w.text('Bags', { size: 12, bold: true, gap: 4 });
  for (const [n, bag] of input.bags.entries()) {
    w.keep(60);
    const verdict = bag.report.verdict;
    const tone = verdict === 'passed' ? green : verdict === 'failed' ? red : amber;
    w.text(`${n + 1}. ${capText(bag.title, 300)}`, { size: 10.5, bold: true });
    w.text(`Document ${capText(bag.documentId, 200)} · ${verdictLine(verdict)}`, { color: tone });
    w.text(`Signers: ${trustWords[bag.report.trust].en}.`, { color: bag.report.trust === 'notVouched' ? amber : gray });
    w.text(capText(bag.bagPath, 1000), { size: 8, mono: true, color: gray });
    w.text(`${bag.files} files re-hashed. Checks run now: ${counts(bag.report.checks)}.`, { gap: 3 });
    if (bag.problems.length > 0) {
      w.text('Problems', { bold: true, indent: 8 });
      for (const problem of bag.problems.slice(0, 200)) {
        w.text(`${problem.kind.toUpperCase()}  ${capText(problem.path, 500)}`, { size: 8, mono: true, indent: 16, color: red });
        w.text(capText(problem.detail), { size: 8, indent: 16, gap: 2 });
      }
      if (bag.problems.length > 200) w.text(`… and ${bag.problems.length - 200} more (see the CSV).`, { size: 8, indent: 16, color: gray });
    }
    if (bag.report.checks.length > 0) {
      w.text('Checks', { bold: true, indent: 8 });
      for (const c of bag.report.checks) {
        const words = checkWords(c, 'en');
        w.text(`[${statusWords[c.status]}] ${capText(words.title, 500)}`, {
          size: 8,
          indent: 16,
          color: c.status === 'failed' ? red : c.status === 'incomplete' ? amber : c.status === 'passed' ? undefined : gray,
        });
        if (c.status !== 'passed') w.text(capText(words.detail), { size: 7.5, indent: 24, color: gray });
        // The files of a folded check that did not pass, each named with what changed against which list; all of them in the CSV.
        for (const line of namedFiles(c, 20, 'every one is in the CSV beside this report'))
          w.text(capText(line, 800), { size: 7, mono: true, indent: 28, color: c.status === 'failed' ? red : gray });
      }
    }
    w.space(8);
  }

  w.pages.forEach((page, i) => {
    const label = `SignDock evidence verification report · ${input.generatedAt.toISOString().slice(0, 10)} · page ${i + 1} of ${w.pages.length}`;
    page.drawText(label, { x: margin, y: margin - 20, size: 7.5, font: fonts.regular, color: gray });
  });
  return pdf.save();
}
