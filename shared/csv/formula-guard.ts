/**
 * Spreadsheet formula injection, both ways. A spreadsheet runs a cell as a formula when it starts
 * with = + - @ (or their full-width forms), tab or carriage return, even after blanks. A cell "starts"
 * at the beginning of a field, and — for a program that splits with the other delimiter (Excel in a
 * Spanish locale splits on `;`) or by lines — right after any `,` `;` CR or LF inside it. At each such
 * place where a formula could start, the writer puts a `'` (spreadsheets then show text); the reader
 * removes exactly that `'`, so every value reads back as it was written. A value whose place already
 * starts with `'`s followed by a formula start gets one more, so that removing one gives it back.
 */

/** Characters that make a cell a formula (tab and CR count: some programs trim them first). */
const trigger = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/**
 * What may come before a formula: blanks and control characters a spreadsheet skips, and quotes (a
 * program that splits on the other delimiter may open a quoted value there); not CR or LF (those
 * start a new place).
 */
const filler = '"\\x00-\\x09\\x0b\\x0c\\x0e-\\x20\\u00a0\\u1680\\u2000-\\u200b\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

// Sticky: tested at one index without copying the rest of the text.
const dangerous = new RegExp(`'*[${filler}]*[${trigger}]`, 'y');
const guarded = new RegExp(`'(?='*[${filler}]*[${trigger}])`, 'y');
const at = (pattern: RegExp, text: string, index: number): boolean => {
  pattern.lastIndex = index;
  return pattern.test(text);
};
/** Where a new cell may start inside a value. */
const isBreak = (c: string) => c === ',' || c === ';' || c === '\r' || c === '\n';

/** True when some program could read a formula at the start of `text`. */
const formulaStart = new RegExp(`^[${filler}]*[${trigger}]`);
export const startsFormula = (text: string): boolean => formulaStart.test(text);

/** `value` with a `'` at every place a formula could start. */
export function neutralise(value: string): string {
  let out = '';
  let place = true;
  for (let i = 0; i < value.length; i++) {
    if (place && at(dangerous, value, i)) out += "'";
    const c = value[i]!;
    out += c;
    place = isBreak(c);
  }
  return out;
}

/** The inverse of `neutralise`: removes the `'` it put at each such place. */
export function unneutralise(text: string): string {
  if (!text.includes("'")) return text;
  let out = '';
  let place = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (place && c === "'" && at(guarded, text, i)) {
      place = false;
      continue;
    }
    out += c;
    place = isBreak(c);
  }
  return out;
}
