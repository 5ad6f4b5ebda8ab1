import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSafe, terminalSafe } from '../../electron/cli/terminal-safe';

/** Issue 15 (finding 8): file names with terminal escape sequences are not printed raw by the CLI. */
describe('terminal-safe CLI output', () => {
  it('removes escape sequences and control characters, keeps the words', () => {
    expect(terminalSafe('evil\x1b]0;pwned\x07.pdf')).toBe('evil.pdf');
    expect(terminalSafe('red\x1b[31mtext\x1b[0m')).toBe('redtext');
    expect(terminalSafe('a\x1bPdcs\x1b\\b')).toBe('ab');
    expect(terminalSafe('c1\u009b31mx')).toBe('c131mx');
    expect(terminalSafe('bell\x07 and backspace\x08')).toBe('bell and backspace');
    expect(terminalSafe('Sent 1 of 2\r\nnext\tcolumn')).toBe('Sent 1 of 2\r\nnext\tcolumn');
    expect(terminalSafe('José – “contrato” 日本')).toBe('José – “contrato” 日本');
  });

  it('never lets an ESC or a C1 control through, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const safe = terminalSafe(text);
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(safe).not.toMatch(/[\x1b\u0080-\u009f\x00-\x08]/);
      }),
    );
  });

  it('JSON output keeps the data, with C1 controls escaped', () => {
    const line = JSON.stringify({ file: 'a\u009bb\x1bc' });
    expect(jsonSafe(line)).toBe('{"file":"a\\u009bb\\u001bc"}');
    expect(JSON.parse(jsonSafe(line))).toEqual({ file: 'a\u009bb\x1bc' });
  });
});
