import { describe, expect, it } from 'vitest';
import { check, folded, notRun, signatureAsCheck } from '../../electron/core/evidence/checks/checks';
import { checkIds, type Check, type CheckId, type CheckStatus } from '../../shared/domain/evidence';
import { checkCatalogue, checkWords, reasonWords } from '../../shared/domain/evidence-checks';

/**
 * Issue 31 (point 6): no check message keeps a `{placeholder}`, in English or Spanish, for every check id
 * and every way the core makes one: each result of the catalogue with the parameters it declares, each
 * check that could not run for each reason (`notRun`), folded checks, and signatures valid, failed or
 * unreadable with nothing known about them.
 */
const placeholder = /\{\w+\}/;

function expectFilled(made: Check): void {
  for (const lang of ['en', 'es'] as const) {
    const words = checkWords(made, lang);
    expect(`${made.id} ${made.status} ${String(made.params.case ?? '')} ${lang}: ${words.title} — ${words.detail}`).not.toMatch(
      placeholder,
    );
  }
}

describe('check messages', () => {
  it('every result of the catalogue, with the parameters its entry declares', () => {
    for (const id of checkIds) {
      const entry = checkCatalogue[id];
      for (const key of Object.keys(entry.en)) {
        const [status, caseName] = key.split(':') as [CheckStatus, string | undefined];
        const params = Object.fromEntries(entry.params.map((name) => [name, `<${name}>`]));
        expectFilled(
          check(id, status, { file: 'data/x.pdf', params: { ...params, reason: 'missing', ...(caseName ? { case: caseName } : {}) } }),
        );
      }
    }
  });

  it('every check that could not run, for every reason the catalogue knows (a package removed, a data/ that is a link …)', () => {
    for (const id of checkIds)
      for (const reason of Object.keys(reasonWords)) expectFilled(notRun(id as CheckId, reason, 'data/package.zip'));
    expectFilled(notRun('signature.cms', 'bagRefused', 'data'));
    expectFilled(notRun('signed.pdfSignature', 'bagRefused', 'data'));
  });

  it('folded checks and signatures with nothing known about them', () => {
    for (const id of ['bag.manifest', 'bag.tagManifest', 'package.listedHash'] as const)
      expectFilled(
        folded(id, [{ file: 'a', status: 'failed', expected: 'x', found: 'y' }], {
          file: 'manifest-sha256.txt',
          params: { source: 'SHA256SUMS', algorithm: 'SHA256' },
        }),
      );
    const nothing = {
      file: 'signature.p7s',
      valid: false,
      unreadable: false,
      trust: 'invalid' as const,
      signs: null,
      subject: null,
      issuer: null,
      validFrom: null,
      validTo: null,
      signingTime: null,
      problem: null,
    };
    for (const id of ['signature.cms', 'signed.pdfSignature'] as const) {
      expectFilled(signatureAsCheck(id, nothing));
      expectFilled(signatureAsCheck(id, { ...nothing, unreadable: true }));
      expectFilled(signatureAsCheck(id, { ...nothing, valid: true, trust: 'untrusted' }));
    }
  });
});
