import { describe, expect, it } from 'vitest';
import { entryName, NameRegister } from '../../electron/core/evidence/zip/zip-names';
import { ZipRefused } from '../../electron/core/evidence/zip/zip-refusal';
import { unicodePathField } from '../helpers/raw-zip';

/** Issue 23: names that land on one file on Windows or macOS are refused; names that do not, are not. */
const register = (names: string[]) => () => {
  const seen = new NameRegister();
  for (const name of names) seen.add(name);
};
const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipRefused) return error.refusal.reason;
    throw error;
  }
  return null;
};

describe('names that collide', () => {
  it.each([
    [['signed.pdf', 'SIGNED.PDF']],
    [['Signed.pdf', 'signed.pdf']],
    [['docs/r\u00e9sum\u00e9.pdf', 'docs/re\u0301sume\u0301.pdf']],
    [['DOCS/a.pdf', 'docs/A.PDF']],
    [['report.pdf', 'report.pdf.']],
    [['kelvin-\u212a.pdf', 'kelvin-k.pdf']],
    [['docs', 'docs/a.pdf']],
    [['Docs/a.pdf', 'docs']],
    [['a/', 'A']],
  ])('%j is refused', (names) => {
    expect(reason(register(names))).toBe('nameCollision');
  });

  it('an exact duplicate is still a duplicate', () => {
    expect(reason(register(['a.pdf', 'a.pdf']))).toBe('duplicate');
  });

  it.each([
    [['signed.pdf', 'signed.pdf.p7s', 'original.pdf']],
    [['docs/', 'docs/a.pdf', 'docs/b.pdf', 'Docs/']],
    [['metadata/signer-1.json', 'metadata/signer-2.json', 'signatures/signer-1.p7s']],
    [['r\u00e9sum\u00e9.pdf', 'resume.pdf']],
  ])('%j passes', (names) => {
    expect(reason(register(names))).toBeNull();
  });
});

describe('the name an entry carries', () => {
  const utf8 = 0x800;
  it('a Unicode Path field that repeats the name passes; one that names another file is refused, even with a stale CRC', () => {
    const raw = Buffer.from('signed.pdf');
    expect(entryName(raw, utf8, unicodePathField(raw, 'signed.pdf'))).toBe('signed.pdf');
    expect(reason(() => entryName(raw, utf8, unicodePathField(raw, 'other.pdf')))).toBe('unicodePath');
    expect(reason(() => entryName(raw, utf8, unicodePathField('stale.pdf', 'other.pdf')))).toBe('unicodePath');
  });

  it('a name flagged UTF-8 must be valid UTF-8; an unflagged one is code page 437, as unzip and Python read it', () => {
    expect(reason(() => entryName(Buffer.from([0x61, 0xff, 0x2e, 0x70]), utf8, Buffer.alloc(0)))).toBe('badName');
    expect(entryName(Buffer.from([0x82, 0x2e, 0x70, 0x64, 0x66]), 0, Buffer.alloc(0))).toBe('é.pdf');
  });

  it('a malformed extra field is refused', () => {
    expect(reason(() => entryName(Buffer.from('a.pdf'), utf8, Buffer.from([0x75, 0x70, 0xff, 0x00])))).toBe('badExtraField');
  });
});
