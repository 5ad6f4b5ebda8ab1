import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBagInfo, parseBagInfo, writeTagFiles } from '../../electron/core/evidence/bag/bagit';
import { plainLine } from '../../shared/domain/text-controls';

/** Issue 31 (point 6): a title's control (C0, C1) and bidirectional characters never reach bag-info.txt. */
// eslint-disable-next-line no-control-regex -- looking for control characters
const anyControl = /[\x00-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

describe('plainLine', () => {
  it('drops bidi and control characters, turns line breaks and tabs into a space, and trims (plainText, trimmed)', () => {
    expect(plainLine('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(plainLine('Lease\x1b[31m red')).toBe('Lease[31m red');
    expect(plainLine('a\tb\r\nc\u0085d\x7fe')).toBe('a b c de');
    expect(plainLine('\u2066x\u2069\u200e\u200f\u061cy')).toBe('xy');
    expect(plainLine('  Calle Mayor 12 – NDA  ')).toBe('Calle Mayor 12 – NDA');
  });

  it('never leaves a control character, nor a line break, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(plainLine(text)).not.toMatch(anyControl);
      }),
    );
  });
});

describe('bag-info.txt', () => {
  it('written for a title with U+202E and ESC holds one clean line per label', async () => {
    const bag = mkdtempSync(join(tmpdir(), 'signdock-plain-line-'));
    try {
      mkdirSync(join(bag, 'data'));
      writeFileSync(join(bag, 'data', 'a.txt'), 'a');
      const title = 'NDA \u202egpj.exe\x1b]0;owned\x07\nInjected-Label: yes';
      await writeTagFiles(bag, [['SignDock-Document-Title', title]], [{ path: 'data/a.txt' }]);
      const text = readFileSync(join(bag, 'bag-info.txt'), 'utf8');
      expect(text.replace(/\n/g, '')).not.toMatch(anyControl);
      expect(text.split('\n').filter(Boolean)).toHaveLength(2);
      expect(parseBagInfo(text)).toEqual([
        ['SignDock-Document-Title', 'NDA gpj.exe]0;owned Injected-Label: yes'],
        ['Payload-Oxum', '1.1'],
      ]);
      expect(formatBagInfo([['X', '\u202e\t']])).toBe('X: \n');
    } finally {
      rmSync(bag, { recursive: true, force: true });
    }
  });
});
