import { describe, expect, it } from 'vitest';
import { checkIds } from '../../shared/domain/evidence';
import { checkCatalogue, checkWords, fill } from '../../shared/domain/evidence-checks';
import { trustOf, verdictOf } from '../../shared/domain/evidence-verdict';

/** One catalogue: every check id has words in both languages for the same results; verdicts from checks alone. */
describe('the evidence check catalogue', () => {
  it('gives every id words in English and Spanish for the same results', () => {
    expect(Object.keys(checkCatalogue).sort()).toEqual([...checkIds].sort());
    for (const id of checkIds) {
      const entry = checkCatalogue[id];
      expect([id, Object.keys(entry.es).sort()]).toEqual([id, Object.keys(entry.en).sort()]);
      for (const words of [...Object.values(entry.en), ...Object.values(entry.es)]) {
        expect(words?.title.length, id).toBeGreaterThan(0);
        expect(words?.detail.length, id).toBeGreaterThan(0);
      }
    }
  });

  it('speaks by id, case and parameters, never by parsing a title', () => {
    const added = {
      id: 'signed.nothingAdded',
      status: 'failed' as const,
      file: 'data/signed.pdf',
      params: { bytesAfter: 63 },
      title: 'anything',
      detail: 'anything',
    };
    expect(checkWords(added, 'en').title).toBe('63 bytes were added after the last PDF signature');
    expect(checkWords(added, 'es').title).toBe('Se añadieron 63 bytes tras la última firma PDF');
    const untrusted = {
      id: 'signed.pdfSignature',
      status: 'passed' as const,
      file: 'signed.pdf#1',
      params: { case: 'untrusted', subject: 'CN=Seal', signs: 'x' },
      title: '',
      detail: '',
    };
    expect(checkWords(untrusted, 'en').detail).toMatch(/^Intact, signer not vouched for/);
    const missing = {
      id: 'package.safe',
      status: 'incomplete' as const,
      file: 'data/package.zip',
      params: { reason: 'missing' },
      title: '',
      detail: '',
    };
    expect(checkWords(missing, 'en').detail).toBe('data/package.zip is not in the bag.');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('passes only when every check ran and passed; trust is apart', () => {
    expect(verdictOf([{ status: 'passed' }, { status: 'notApplicable' }])).toBe('passed');
    expect(verdictOf([{ status: 'passed' }, { status: 'incomplete' }])).toBe('incomplete');
    expect(verdictOf([{ status: 'incomplete' }, { status: 'failed' }])).toBe('failed');
    expect(verdictOf([{ status: 'notApplicable' }])).toBe('incomplete');
    expect(verdictOf([{ status: 'passed' }], [{ kind: 'oxum' }])).toBe('incomplete');
    expect(verdictOf([{ status: 'passed' }], [{ kind: 'notRegular' }])).toBe('failed');
    expect(
      trustOf([
        { valid: true, trust: 'trusted' },
        { valid: true, trust: 'untrusted' },
      ]),
    ).toBe('notVouched');
    expect(
      trustOf([
        { valid: true, trust: 'trusted' },
        { valid: false, trust: 'invalid' },
      ]),
    ).toBe('trusted');
    expect(trustOf([])).toBe('none');
  });
});
