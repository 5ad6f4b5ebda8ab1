import { describe, expect, it } from 'vitest';
import { resultsCsv } from '../../electron/core/batches/results-csv';
import type { BatchItem } from '../../shared/domain/batches';
import { manifestTemplate, parseManifest } from '../../shared/domain/manifest';

// Issue 15, finding 7, through the two CSVs SignDock writes: "Save template"
// (batches.manifestTemplate) and the results (batches.exportResults).

/**
 * Cells as a spreadsheet splitting on `delimiter` reads them: a quote opens a quoted value only at
 * the start of a cell (so a `,` file read with `;` — Excel in Spanish — splits inside quoted values).
 */
function spreadsheetCells(text: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (body[i + 1] === '"') cell += body[++i];
      else quoted = false;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter || c === '\n' || c === '\r') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what a spreadsheet skips
const runsAsFormula = (cell: string) => /^[\s\x00-\x1f"]*[=+\-@]/.test(cell);
const formulas = (text: string) => [',', ';'].flatMap((d) => spreadsheetCells(text, d)).filter(runsAsFormula);

const item = (over: Partial<BatchItem>): BatchItem => ({
  id: 'i',
  batchId: 'b',
  position: 0,
  path: '/x/a.pdf',
  fileName: 'a.pdf',
  title: 'A',
  size: 1,
  pages: 1,
  sha256: null,
  checked: true,
  problems: [],
  signers: [],
  excluded: false,
  state: 'sent',
  attempts: 1,
  documentId: 'doc-1',
  signatures: [],
  error: null,
  recovered: false,
  updatedAt: '',
  ...over,
});

describe('CSV written by SignDock never runs as a formula', () => {
  it('Save template: a hostile title or file name is written as text and reads back unchanged', () => {
    const rows = [
      {
        file: '=HYPERLINK("https://evil.example","open").pdf',
        title: '=HYPERLINK("https://evil.example","Click here")',
        signers: [{ validations: { EM: 'eva@example.com' }, invite: [] }],
      },
      { file: 'b.pdf', title: ' @SUM(1+1)', signers: [{ validations: { PH: '+5491123456789' }, invite: ['PH' as const] }] },
      { file: 'c.pdf', title: "Budget;=cmd|' /C calc'!A0", signers: [{ validations: { EM: 'ana@example.com' }, invite: ['EM' as const] }] },
    ];
    for (const delimiter of [',', ';'] as const) {
      const text = manifestTemplate(delimiter, rows);
      expect(formulas(text)).toEqual([]);
      const read = parseManifest(text);
      expect(read.problems).toEqual([]);
      expect(read.entries.map(({ file, title, signers }) => ({ file, title, signers }))).toEqual(
        rows.map((row) => ({ ...row, title: row.title.trim() })),
      );
    }
  });

  it('results: a delimiter inside a value, leading blanks or a line break do not let a formula through', () => {
    const csv = resultsCsv([
      item({ title: "x;=cmd|' /C calc'!A0", signatures: [{ id: 's1', url: 'https://sign/s1', label: ' +5491123456789' }] }),
      item({
        fileName: '-2+3.pdf',
        title: '\t=1+1',
        state: 'failed',
        documentId: null,
        error: { kind: 'InvalidInput', message: 'Refused:\n=HYPERLINK("x")' },
      }),
      item({ fileName: 'd.pdf', title: 'Smith, @Ana', signatures: [{ id: 's2', url: 'https://sign/s2;=1+1', label: 'ana@example.com' }] }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(formulas(csv)).toEqual([]);
    for (const line of csv.split(/\r\n|\r|\n/)) expect(runsAsFormula(line)).toBe(false);
  });
});
