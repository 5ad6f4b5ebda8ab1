import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch } from '../../shared/domain/batches';
import { parseSignerSpec } from '../../shared/domain/signers';
import { corpusFolder, loadCorpus, placePdf } from '../helpers/hostile-corpus';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 15, the hostile-input corpus, PDFs (test/fixtures/hostile/expected.json "pdfs"): renamed
 * images and archives, encrypted, truncated, empty, 50 MB + 1 byte, junk before the header, page-tree
 * loops, stream bombs (one stream, and many streams each under the per-stream limit), thousands of
 * pages. All dropped as one folder beside good files, through the contract operations the app calls
 * (batches.addFiles, the real check pool with its production limits), then sent to the sandbox:
 * each bad file's row names it and says why in plain words, and every good file is sent.
 */

const corpus = loadCorpus();
const signer = parseSignerSpec('EM=ana@example.com;invite=EM');
if (!signer.ok) throw new Error('signer');

describe('hostile PDFs: refused in plain words, the good ones beside them still sent', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;
  let good: string[];

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 15 });
    home = tempFolder('signdock-hostile-home-');
    files = tempFolder('signdock-hostile-pdfs-');
    good = (await writePdfs(files.path, 3, 'good')).map((path) => basename(path));
    for (const item of corpus.pdfs) await placePdf(item, files.path);
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    home?.remove();
    files?.remove();
  });

  it('the corpus covers what issue 15 lists', () => {
    const codes = new Set(corpus.pdfs.map((item) => item.code));
    for (const code of [
      'file.renamed',
      'file.notPdf',
      'file.encrypted',
      'file.truncated',
      'file.empty',
      'file.damaged',
      'file.tooLarge',
      'file.expands',
      null,
    ]) {
      expect(codes.has(code), String(code)).toBe(true);
    }
    expect(
      corpus.pdfs
        .filter((item) => item.generate)
        .map((item) => item.generate)
        .sort(),
    ).toEqual(['manyStreams', 'overLimit', 'streamBomb', 'thousandsOfPages']);
    // Every committed PDF has its line in expected.json, and every line its file.
    expect(
      corpus.pdfs
        .filter((item) => !item.generate)
        .map((item) => item.file)
        .sort(),
    ).toEqual(readdirSync(join(corpusFolder, 'pdfs')).sort());
  });

  it('each row names its file and says why; accepted files are counted right; every good file is sent', async () => {
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths: [files.path] });
    await call('batches.updateItems', {
      batchId: batch.id,
      itemIds: batch.items.map((item) => item.id),
      patch: { signers: [signer.signer] },
    });
    // Bounded: every check ends within the pool's production time limit, none by it.
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });

    const byName = new Map(batch.items.map((item) => [item.fileName, item]));
    expect([...byName.keys()].sort()).toEqual([...good, ...corpus.pdfs.map((item) => item.file)].sort());
    for (const expected of corpus.pdfs) {
      const item = byName.get(expected.file)!;
      if (expected.code === null) {
        expect(item.problems, expected.file).toEqual([]);
        expect(item.pages, expected.file).toBe(expected.pages);
        continue;
      }
      expect(
        item.problems.map((problem) => problem.code),
        expected.file,
      ).toEqual([expected.code]);
      const [problem] = item.problems;
      expect(problem!.field, expected.file).toBe('file');
      expect(problem!.params.file, expected.file).toBe(expected.file);
      expect(problem!.message, expected.file).toContain(`“${expected.file}”`);
      expect(problem!.message, expected.file).toContain(expected.message);
    }
    for (const name of good) expect(byName.get(name)!.problems, name).toEqual([]);
    expect(batch.items.some((item) => item.problems.some((problem) => problem.code === 'file.tooSlow'))).toBe(false);

    const accepted = [...good, ...corpus.pdfs.filter((item) => item.code === null).map((item) => item.file)];
    expect(batch.progress.sendable).toBe(accepted.length);
    await call('batches.send', { batchId: batch.id });
    await core.batches.whenSettled(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    const sent = batch.items.filter((item) => item.state === 'sent');
    expect(sent.map((item) => item.fileName).sort()).toEqual(accepted.sort());
    expect(sent.every((item) => item.documentId !== null && item.signatures.length === 1)).toBe(true);
    expect((await sandbox.controlClient.stats()).creates.total).toBe(accepted.length);
    // The refused rows were never sent and keep their reason.
    for (const item of batch.items.filter((row) => row.state !== 'sent')) {
      expect(item.documentId, item.fileName).toBeNull();
      expect(item.problems.length, item.fileName).toBeGreaterThan(0);
    }
  }, 60_000);
});
