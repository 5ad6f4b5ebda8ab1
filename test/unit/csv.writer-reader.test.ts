import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, readRecords } from '../../shared/csv/csv-reader';
import { csvCell, writeCsv, type CsvDelimiter } from '../../shared/csv/csv-writer';
import { neutralise, unneutralise } from '../../shared/csv/formula-guard';

// Issue 15, finding 7: one CSV writer for every CSV SignDock writes. Any value reads back as it
// was, and no program — one splitting on `,`, one splitting on `;` (Excel in Spanish), one reading
// line by line — finds a cell that starts with a formula.

/** Strings rich in what matters here: formula starts, blanks, controls, delimiters, quotes, apostrophes. */
const tricky = fc.string({
  unit: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        '\t',
        '\r',
        '\n',
        ',',
        ';',
        '"',
        "'",
        ' ',
        '\u00a0',
        '\u3000',
        '\ufeff',
        '\u0000',
        '\u001f',
        '\uff1d',
        '\uff0b',
        'a',
        '1',
        '|',
        '!',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 12,
});
const cell = fc.oneof({ weight: 4, arbitrary: tricky }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) });
const table = fc
  .tuple(
    fc.array(cell, { minLength: 2, maxLength: 5 }), // the header: two cells at least, so the delimiter can be told
    fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
  )
  .map(([header, rows]) => [header, ...rows]);
const delimiter = fc.constantFrom<CsvDelimiter>(',', ';');

/** A cell a spreadsheet would run: = + - @ (or full-width) after any blanks, controls, line breaks or quotes. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a spreadsheet skips
const runsAsFormula = (cell: string) => /^[\s\x00-\x1f"]*[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(cell);

/** What a spreadsheet could see as the start of a cell in `text`, whichever delimiter it splits on. */
function cellStarts(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  const starts: string[] = [];
  for (const d of [',', ';']) starts.push(...readRecords(body, d).records.flat());
  for (const line of body.split(/\r\n|\r|\n/)) {
    starts.push(line);
    for (const piece of line.split(/[,;]/)) starts.push(piece.replace(/^"/, ''));
  }
  return starts;
}

describe('CSV writer and reader', () => {
  it('every table reads back exactly as written (property)', () => {
    fc.assert(
      fc.property(table, delimiter, fc.boolean(), (rows, d, bom) => {
        const read = parseCsv(writeCsv(rows, { delimiter: d, bom }));
        expect(read.unclosedQuoteRow).toBeNull();
        expect(read.delimiter).toBe(d);
        expect(read.records).toEqual(rows);
      }),
      { numRuns: 2000 },
    );
  });

  it('no cell starts with a formula, for any program splitting any way (property)', () => {
    fc.assert(
      fc.property(table, delimiter, (rows, d) => {
        for (const start of cellStarts(writeCsv(rows, { delimiter: d, bom: true })))
          expect([start, runsAsFormula(start)]).toEqual([start, false]);
      }),
      { numRuns: 2000 },
    );
  });

  it('neutralise and unneutralise are inverses (property)', () => {
    fc.assert(
      fc.property(cell, (value) => {
        expect(unneutralise(neutralise(value))).toBe(value);
      }),
      { numRuns: 5000 },
    );
  });

  it('the cases the security review found, and their neighbours', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","Open")')).toBe(`"'=HYPERLINK(""https://evil.example"",""Open"")"`);
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('a;"=cmd|x;b')).toBe(`"a;'""=cmd|x;b"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r\n=1+1')).toBe(`"'\r\n'=1+1"`);
    expect(csvCell('Smith\n@SUM(A1)')).toBe(`"Smith\n'@SUM(A1)"`);
    expect(csvCell('+5491123456789')).toBe("'+5491123456789");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell("'=already text")).toBe("''=already text");
    expect(csvCell('\uff1dSUM(1)')).toBe("'\uff1dSUM(1)");
    expect(csvCell('plain, with comma')).toBe('"plain, with comma"');
    expect(csvCell('trailing ')).toBe('"trailing "');
    expect(csvCell('a-b=c')).toBe('a-b=c');
    expect(csvCell("it's")).toBe("it's");
    // A phone typed '+549… in a spreadsheet (to keep it text) reads as +549….
    expect(parseCsv("a,b\r\n'+5491123456789,x\r\n").records[1]).toEqual(['+5491123456789', 'x']);
  });
});
