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

const bidiControls = new RegExp(`[${bidiControlClass}]`, 'g');
const lineControls = new RegExp(`[\\u0000-\\u001f\\u007f${c1ControlClass}]+`, 'g');

/**
 * Text from outside as one plain line, for a file that holds one value per line (`bag-info.txt`):
 * each run of C0 controls (U+0000–U+001F: tabs and line breaks among them), DEL and C1 controls becomes
 * one space, the bidirectional controls (invisible) are dropped, and the ends are trimmed.
 */
export function plainLine(text: string): string {
  return text.replace(bidiControls, '').replace(lineControls, ' ').trim();
}
