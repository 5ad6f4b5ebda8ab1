import { describe, expect, it } from 'vitest';
import { earlierCopies, namedLikeCopy } from '../../electron/core/batches/pdf-check';

/** Issue 24: in a batch the first copy stays; a file named like a copy never counts as the first. */
describe('which of two identical files is the copy', () => {
  it('knows how file managers and browsers name copies', () => {
    for (const name of [
      'NDA (copia).pdf',
      'NDA (copy).pdf',
      'NDA - Copy.pdf',
      'NDA copy 2.pdf',
      'NDA (1).pdf',
      'NDA [2].pdf',
      'NDA - Kopie.pdf',
      'memo-copy.pdf',
    ]) {
      expect(namedLikeCopy(name), name).toBe(true);
    }
    for (const name of ['NDA.pdf', 'Invoice 2026.pdf', 'Contract 12.pdf', 'memo-001.pdf', 'Copyright notice.pdf']) {
      expect(namedLikeCopy(name), name).toBe(false);
    }
  });

  it('keeps the first file, unless it is named like a copy and a later one is not', () => {
    const file = (fileName: string, sha256: string | null = 'a') => ({ path: `/in/${fileName}`, fileName, sha256 });
    const copyFirst = [file('NDA (copia).pdf'), file('NDA.pdf'), file('Other.pdf', 'b')];
    expect(earlierCopies(copyFirst).map((kept) => kept?.fileName ?? null)).toEqual(['NDA.pdf', null, null]);
    const plain = [file('b.pdf'), file('a.pdf'), file('c.pdf', null)];
    expect(earlierCopies(plain).map((kept) => kept?.fileName ?? null)).toEqual([null, 'b.pdf', null]);
  });
});
