import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { reportPdf, wrap } from '../../electron/core/evidence/reports/report-pdf';
import type { ReportInput } from '../../electron/core/evidence/reports/report-model';

/**
 * The report PDF's wrapping is linear in the text's length (it measured every prefix of a long word:
 * cubic, a 5 MB title ran past 120 s), and every value drawn from a bag is capped.
 */
describe('the report PDF with hostile values', () => {
  it('wraps a 5 MB word in well under two seconds, each line within the width', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const word = 'A'.repeat(5 * 1024 * 1024);
    const started = performance.now();
    const lines = wrap(`short words then ${word} and more`, font, 9, 400);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(lines[0]).toBe('short words then');
    expect(lines.join('').replace(/ /g, '').length).toBe('shortwordsthen'.length + word.length + 'andmore'.length);
    for (const line of lines.slice(0, 50)) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(400);
  });

  it('writes a report for a bag with a 5 MB title and a 5 MB problem detail in seconds, the values capped', async () => {
    const huge = 'B'.repeat(5 * 1024 * 1024);
    const input: ReportInput = {
      folders: ['/archive'],
      tool: 'SignDock test',
      generatedAt: new Date('2026-11-27T12:00:00Z'),
      bags: [
        {
          bagPath: `/archive/${huge}`,
          documentId: 'doc-1',
          title: huge,
          files: 1,
          bytes: 1,
          problems: [{ kind: 'modified', path: huge, detail: huge }],
          report: {
            format: 'signdock-verification/1',
            documentId: 'doc-1',
            checkedAt: '2026-11-27T12:00:00Z',
            tool: 't',
            verdict: 'failed',
            trust: 'none',
            checks: [],
            covers: null,
            signatures: [],
            signers: [],
            scope: [],
          },
        },
      ],
    };
    const started = performance.now();
    const bytes = await reportPdf(input, 'tester@host');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(bytes.length).toBeLessThan(200_000);
  });
});
