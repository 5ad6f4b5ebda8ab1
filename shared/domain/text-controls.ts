/**
 * Characters that change how text is shown rather than what it says, for the places that print or
 * store text from outside (service titles, file names): the bidirectional controls (U+202A–U+202E
 * embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F marks, U+061C the Arabic letter
 * mark), which can make `fdp.exe` look like `exe.pdf`, and the C1 controls (U+0080–U+009F), which some
 * terminals obey like escape sequences.
 */
export const bidiControlClass = '\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c';
export const c1ControlClass = '\\u0080-\\u009f';

/** Every bidirectional control and C1 control, globally. */
export const bidiAndC1Controls = new RegExp(`[${bidiControlClass}${c1ControlClass}]`, 'g');

// Line and column breaks (C0's TAB, LF, VT, FF, CR; C1's NEL; the Unicode line and paragraph separators).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const lineBreaks = /[\t\n\x0b\x0c\r\u0085\u2028\u2029]+/g;
// Every other C0 control, DEL, every C1 control and every bidirectional control.
const plainTextControls = new RegExp(`[\\x00-\\x1f\\x7f${c1ControlClass}${bidiControlClass}]`, 'g');

/**
 * Text from outside (a file name, a manifest cell) as one plain line for a document title or a
 * `bag-info.txt` value: line breaks and tabs become a space, every other control character (C0, DEL,
 * C1) and every bidirectional control is dropped, so `\u202Efdp.exe` cannot be shown as `exe.pdf` and
 * `\x1b[2J` cannot clear a terminal that prints it. Nothing else changes (no trimming, no case).
 */
export function plainText(text: string): string {
  return text.replace(lineBreaks, ' ').replace(plainTextControls, '');
}

/** `plainText` with its ends trimmed: one value per line, as `bag-info.txt` holds them. */
export function plainLine(text: string): string {
  return plainText(text).trim();
}
