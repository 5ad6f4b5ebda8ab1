import { describe, expect, it } from 'vitest';
import type { RecheckResult } from '../../../shared/domain/evidence';
import { verdictCounts } from '../../../renderer/src/features/evidence/bag-look';
import { manifestOf } from '../../../renderer/src/features/evidence/problem-list';
import { createI18n } from '../../../renderer/src/i18n/i18n';

// Issue 31 (point 8): the Evidence page's words for a tampered bag say which file changed and against
// which manifest; the archive's last check counts documents by verdict (plural rules right in English
// and Spanish), never problems beside a bag's count of failed checks.
const last = (over: Partial<RecheckResult>): RecheckResult => ({
  startedAt: '2026-12-01T10:00:00Z',
  finishedAt: '2026-12-01T10:01:00Z',
  folder: '/archive',
  trigger: 'manual',
  bags: 2,
  files: 8,
  bytes: 1000,
  problems: 5,
  bagsWithProblems: [{ bagPath: '/archive/a', title: 'Lease', verdict: 'failed', problems: [] }],
  ...over,
});

describe('the Evidence page’s words for a tampered bag', () => {
  it('names the changed file and the manifest it was checked against', () => {
    for (const [lang, changed, missing] of [
      [
        'en',
        'data/signed.pdf is not the file manifest-sha256.txt lists: it changed since it was archived.',
        'bag-info.txt is listed in tagmanifest-sha256.txt, but it is not in the bag.',
      ],
      [
        'es',
        'data/signed.pdf no es el archivo que lista manifest-sha256.txt: cambió desde que se archivó.',
        'bag-info.txt figura en tagmanifest-sha256.txt, pero no está en la bolsa.',
      ],
    ] as const) {
      const t = createI18n(lang).t;
      expect(t('evidence.panel.problemLines.modified', { path: 'data/signed.pdf', manifest: manifestOf('data/signed.pdf') })).toBe(changed);
      expect(t('evidence.panel.problemLines.missing', { path: 'bag-info.txt', manifest: manifestOf('bag-info.txt') })).toBe(missing);
      expect(t('evidence.panel.problemKinds.oxum')).not.toMatch(/incomplet/i);
    }
  });

  it('counts documents by verdict in the archive’s last check, with the plural right', () => {
    expect(verdictCounts(last({ verdicts: { passed: 1, failed: 1, incomplete: 0 } }))).toEqual({ passed: 1, failed: 1, incomplete: 0 });
    // A result stored before it counted verdicts: from the bags it listed.
    expect(verdictCounts(last({}))).toEqual({ passed: 1, failed: 1, incomplete: 0 });
    const said = (lang: 'en' | 'es', bags: number) =>
      createI18n(lang).t('evidence.recheck.lastProblems', { when: 'today', count: bags, bags, passed: bags - 1, failed: 1, incomplete: 0 });
    expect(said('en', 1)).toBe('Last check of the archive: today. 1 document — Passed 0 · Failed 1 · Incomplete 0.');
    expect(said('en', 2)).toBe('Last check of the archive: today. 2 documents — Passed 1 · Failed 1 · Incomplete 0.');
    expect(said('es', 1)).toBe('Última comprobación del archivo: today. 1 documento — Superados 0 · Fallidos 1 · Incompletos 0.');
    expect(said('es', 2)).toBe('Última comprobación del archivo: today. 2 documentos — Superados 1 · Fallidos 1 · Incompletos 0.');
    for (const lang of ['en', 'es'] as const) {
      const t = createI18n(lang).t;
      expect(t('evidence.recheck.more', { count: 1 })).toMatch(/^(and 1 more document\.|y 1 documento más\.)$/);
      expect(t('evidence.recheckDone', { count: 1, passed: 0, failed: 1, incomplete: 0 })).not.toMatch(/documents|documentos|problem/);
    }
  });
});
