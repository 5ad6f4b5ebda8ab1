import { neutralise } from './formula-guard';

/**
 * The one CSV writer of SignDock (results, manifest templates): RFC 4180 with CRLF lines, every
 * value formula-safe (formula-guard.ts). A field is quoted when it holds `,` or `;` (whichever the
 * delimiter: a spreadsheet in another locale splits on the other), a quote, CR, LF or tab, or starts
 * or ends with a blank. `shared/csv/csv-reader.ts` reads it back to the same values.
 */

export type CsvDelimiter = ',' | ';';

export interface CsvOptions {
  delimiter?: CsvDelimiter;
  /** A UTF-8 byte-order mark first, so that spreadsheets read accents. */
  bom?: boolean;
}

const needsQuotes = /[,;"\r\n\t]|^\s|\s$/;

/** One field, neutralised and quoted as needed. */
export function csvCell(value: string): string {
  const safe = neutralise(value);
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, without its line break. */
export function csvLine(cells: readonly string[], delimiter: CsvDelimiter = ','): string {
  return cells.map(csvCell).join(delimiter);
}

/** Whole CSV text: each row a line ending in CRLF. */
export function writeCsv(rows: readonly (readonly string[])[], options: CsvOptions = {}): string {
  const text = rows.map((cells) => `${csvLine(cells, options.delimiter)}\r\n`).join('');
  return options.bom ? `\uFEFF${text}` : text;
}
