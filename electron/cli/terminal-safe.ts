import { bidiControlClass, c1ControlClass } from '../../shared/domain/text-controls';

/**
 * What the CLI prints comes partly from outside (file names, titles, cancel reasons, signer names, bag
 * paths read from a manifest): such a value could rewrite the screen with escape sequences, or forge a
 * line with a carriage return, a line break or a bidirectional override (a `missing` line shown as
 * `ok`). Three layers:
 *
 * - `terminalSafe(value)`, for each outside value before it is put in a line: no escape sequence, no
 *   control character at all (CR, LF and TAB included: each becomes a space), no C1 or bidi control.
 * - `terminalText(text)`, for everything written to the terminal (the CLI's own lines): the same, but
 *   line breaks and tabs stay, and a carriage return only where the CLI draws its progress line
 *   (at the very start of a write: `\rChecking 2 of 5…`) or ends a line (CRLF, as CSV on stdout has).
 * - `jsonSafe(text)`, for `--json` output: the data kept, with the C1 and bidi controls (which
 *   JSON.stringify leaves raw and terminals obey) written as \u escapes.
 */
// ESC sequences (CSI, OSC, DCS, PM, APC, SOS, and two-character ones).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const escapeSequence = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|[@-Z\\-_])?/g;
// Line and column breaks of every kind: a space in a value.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const breaks = /[\t\n\x0b\x0c\r\u0085\u2028\u2029]/g;
// Every other control: C0, DEL, C1, and the bidi controls.
const valueControls = new RegExp(`[\\x00-\\x1f\\x7f${c1ControlClass}${bidiControlClass}]`, 'g');
// The same, keeping LF and TAB (CR is handled apart).
const textControls = new RegExp(`[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f${c1ControlClass}${bidiControlClass}\\u2028\\u2029]`, 'g');
const escapedInJson = new RegExp(`[${c1ControlClass}${bidiControlClass}\\u2028\\u2029]`, 'g');

/** One outside value (title, name, reason, path), made safe to put inside a line: it stays on that line. */
export function terminalSafe(value: string): string {
  return value.replace(escapeSequence, '').replace(breaks, ' ').replace(valueControls, '');
}

/** What the CLI writes: line breaks and tabs kept, a carriage return only as the first character (its progress line) or before a line break. */
export function terminalText(text: string): string {
  const progress = text.startsWith('\r');
  const clean = text
    .replace(escapeSequence, '')
    .replace(/\r(?!\n)/g, '')
    .replace(textControls, '');
  return progress ? `\r${clean}` : clean;
}

/** For `--json` output: the same data, with C1 and bidi controls escaped (C0 ones already are, by JSON). */
export function jsonSafe(text: string): string {
  return text.replace(escapedInJson, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
