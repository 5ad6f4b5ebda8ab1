import type { CsvDelimiter } from './csv-writer';
import { unneutralise } from './formula-guard';

/**
 * The CSV reader: RFC 4180 records (quotes, doubled quotes, CRLF/LF/CR, a leading BOM), the
 * delimiter (`,` or `;`) guessed from the header row. Each value loses the `'` the writer put before a
 * formula start (formula-guard.ts), so what SignDock wrote reads back unchanged, and a `'+549…` typed
 * in a spreadsheet to keep a phone number as text reads as `+549…`.
 */

export interface CsvRecords {
  records: string[][];
  delimiter: CsvDelimiter;
  /** Row (1-based) of a quote that is never closed, else null. */
  unclosedQuoteRow: number | null;
}

export function parseCsv(text: string): CsvRecords {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = detectDelimiter(body);
  const read = readRecords(body, delimiter);
  return { ...read, records: read.records.map((record) => record.map(unneutralise)), delimiter };
}

/**
 * Records as written, with the given delimiter: no BOM handling, no `'` removed. A quote opens a
 * quoted value only at the start of a field (as spreadsheets read), elsewhere it is kept as text.
 */
export function readRecords(body: string, delimiter: string): Omit<CsvRecords, 'delimiter'> {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let quoteRow: number | null = null;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c !== '"') {
        field += c;
      } else if (body[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteRow = records.length + 1;
    } else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return { records, unclosedQuoteRow: quoted ? quoteRow : null };
}

function detectDelimiter(text: string): CsvDelimiter {
  const header = /^[^\r\n]*/.exec(text.replace(/"[^"]*"/g, ''))![0];
  return header.split(';').length > header.split(',').length ? ';' : ',';
}
