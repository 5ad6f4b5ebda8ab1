import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSafe, terminalSafe, terminalText } from '../../electron/cli/terminal-safe';

/**
 * Issue 15 (finding 8) and issue 25 (finding 4): what the CLI prints from outside (titles, names,
 * reasons, bag paths) cannot rewrite the screen nor forge a line: each value loses every escape
 * sequence and control character (CR, LF and TAB included) and every bidi or C1 control; the CLI's
 * own text keeps its line breaks, and a carriage return only for its progress line.
 */
// eslint-disable-next-line no-control-regex -- looking for control characters
const anyControl = /[\x00-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]/;
// The escape sequences a terminal acts on (CSI, OSC/DCS/PM/APC up to their end, and two-character ones).
// eslint-disable-next-line no-control-regex -- the characters taken out
const escapeSequence = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|[@-Z\\-_])?/g;
const forging = ['\r', '\n', '\u202e', '\r\n', '\t', '\x1b[2K', '\u0085', '\u2066', '\u200f', '\x0b', '\u2028'];

/** Strings with the forging characters mixed in among any others. */
const hostile = fc
  .array(
    fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) }, { weight: 2, arbitrary: fc.constantFrom(...forging) }),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** What the terminal gets for a line the CLI writes, as `ctx.out` would write it. */
const printed = (line: string) => terminalText(`${line}\n`);

describe('terminal-safe CLI output', () => {
  it('removes escape sequences and control characters from a value, keeps the words', () => {
    expect(terminalSafe('evil\x1b]0;pwned\x07.pdf')).toBe('evil.pdf');
    expect(terminalSafe('red\x1b[31mtext\x1b[0m')).toBe('redtext');
    expect(terminalSafe('a\x1bPdcs\x1b\\b')).toBe('ab');
    expect(terminalSafe('c1\u009b31mx')).toBe('c131mx');
    expect(terminalSafe('bell\x07 and backspace\x08')).toBe('bell and backspace');
    expect(terminalSafe('Sent 1 of 2\r\nnext\tcolumn')).toBe('Sent 1 of 2  next column');
    expect(terminalSafe('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(terminalSafe('José – “contrato” 日本')).toBe('José – “contrato” 日本');
  });

  it('keeps the CLI’s own lines, and a carriage return only for its progress line or before a line break', () => {
    expect(terminalText('one\ntwo\tcolumn\n')).toBe('one\ntwo\tcolumn\n');
    expect(terminalText('\rChecking 2 of 5…')).toBe('\rChecking 2 of 5…');
    expect(terminalText('a,b\r\nc,d\r\n')).toBe('a,b\r\nc,d\r\n');
    expect(terminalText('missing  x\rok        ')).toBe('missing  xok        ');
    expect(terminalText('\u202eevil\u0085')).toBe('evil');
  });

  it('a title and a bag path holding CR, LF and U+202E print on one line each, the controls gone (any string)', () => {
    fc.assert(
      fc.property(hostile, hostile, (title, bagPath) => {
        const lines = [
          printed(`sent    ${terminalSafe(title)} → 0190a1b2`),
          printed(`ok          ${terminalSafe(bagPath)}`),
          printed(`missing     ${terminalSafe(bagPath)}/data/x.pdf: not there`),
        ];
        for (const line of lines) {
          expect(line.endsWith('\n')).toBe(true);
          const body = line.slice(0, -1);
          expect(body).not.toMatch(anyControl);
          expect(body.split('\n')).toHaveLength(1);
        }
        // The words stay: every printable character of the value is still there, in order.
        const kept = (text: string) => text.replace(escapeSequence, '').replace(new RegExp(anyControl.source, 'g'), '');
        expect(terminalSafe(title).replace(/ /g, '')).toBe(kept(title).replace(/ /g, ''));
      }),
      { numRuns: 500 },
    );
  });

  it('never lets an ESC, a C1 or a bidi control through the CLI’s text, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(terminalText(text)).not.toMatch(/[\x1b\u0080-\u009f\x00-\x08\u202a-\u202e\u2066-\u2069]/);
        expect(terminalText(text).slice(1)).not.toMatch(/\r(?!\n)/);
      }),
    );
  });

  it('JSON output keeps the data, with C1 and bidi controls escaped', () => {
    const line = JSON.stringify({ file: 'a\u009bb\x1bc\u202ed' });
    expect(jsonSafe(line)).toBe('{"file":"a\\u009bb\\u001bc\\u202ed"}');
    expect(JSON.parse(jsonSafe(line))).toEqual({ file: 'a\u009bb\x1bc\u202ed' });
  });
});
