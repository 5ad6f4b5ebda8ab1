import { readFile, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import { defaultConcurrency, type Batch, type ItemPatch } from '../../../shared/domain/batches';
import { manifestTemplate, matchManifest, parseManifest, titleFromFileName, type ManifestLanguage } from '../../../shared/domain/manifest';
import { normalizeSigner, type Signer } from '../../../shared/domain/signers';
import type { Logger } from '../logging/logger';
import type { SentLedger } from './sent-ledger';
import type { BatchRepo, BatchRow, ItemRow } from './batch-repo';
import type { LiveBatches } from './batch-live';
import type { BatchResults } from './batch-results';
import { expandInputs } from './expand-inputs';
import { decodeText, maxManifestBytes, readManifestFile } from './manifest-file';
import { reportOnce, stillUnsigned } from './manifest-report';
import { checkOne } from './pdf-check';
import { PdfCheckPool, type PdfCheckPoolOptions } from './pdf-check-pool';
import { fileProblems, readFailure } from './pdf-problems';

export interface PlanningDeps {
  repo: BatchRepo;
  /** Learns what the team sent of the files just checked (nothing alone). */
  sent: Pick<SentLedger, 'learn'>;
  live: LiveBatches;
  results: BatchResults;
  logger?: Logger;
  checkPool?: PdfCheckPoolOptions;
  /** Where the web host keeps copies of files uploaded from the browser (see `releaseUploads`). */
  uploadsFolder?: string;
}

const previewLimit = 20 * 1024 * 1024;

/**
 * Preparing a batch: files and folders become rows, each checked off the main thread (worker threads
 * of the check pool), titles and signers said per row or by a manifest, a template saved, a preview
 * shown. Nothing here talks to the service. Uploaded copies are deleted once no row can send them.
 */
export class BatchPlanning {
  private pool: PdfCheckPool | null = null;
  private closed = false;
  /** Uploaded copies of rows removed from a draft, kept so Undo can add them again; released once the batch is sent. */
  private readonly removedUploads = new Map<string, string[]>();

  constructor(private readonly deps: PlanningDeps) {}

  /**
   * A new draft. In the app, the rows the previous batch left out (excluded, or already sent and not
   * sent again) come along, as they were, checked again: a new batch never drops them silently.
   */
  create(source: 'app' | 'cli', accountId: string): Batch {
    const { repo } = this.deps;
    const previous = source === 'app' ? repo.latest(accountId, 'app') : undefined;
    const row = repo.createBatch(accountId, source, defaultConcurrency);
    const ended = previous?.state === 'done' || previous?.state === 'cancelled';
    const left = ended ? repo.items(previous.id).filter((item) => item.state === 'draft') : [];
    if (left.length > 0) {
      repo.addItems(
        row.id,
        left.map(({ path, fileName, title, signers, excluded, sendAgain }) => ({
          path,
          fileName,
          title,
          signers,
          excluded,
          sendAgain: sendAgain === true,
        })),
      );
      this.startChecks(row.id);
    }
    return this.deps.results.batch(row.id);
  }

  /** Adds files and folders; PDFs become rows, checked in the background (`whenChecked`). */
  async addFiles(
    batchId: string,
    paths: string[],
    defaults: { signers?: Signer[]; title?: (fileName: string) => string } = {},
  ): Promise<Batch> {
    const { repo, results } = this.deps;
    const row = this.draft(batchId);
    const expanded = await expandInputs(paths);
    const known = new Set(repo.items(row.id).map((item) => item.path));
    const fresh = expanded.pdfs.filter((path) => !known.has(path));
    const added = repo.addItems(
      row.id,
      fresh.map((path) => {
        const fileName = basename(path);
        return {
          path,
          fileName,
          title: defaults.title?.(fileName) ?? titleFromFileName(fileName),
          ...(defaults.signers ? { signers: defaults.signers } : {}),
        };
      }),
    );
    repo.setSkipped(row.id, expanded.skipped);
    this.startChecks(row.id);
    results.changed(
      row.id,
      added.map((item) => item.id),
    );
    return results.batch(row.id);
  }

  /** Resolves when every row of the batch has been checked. */
  async whenChecked(batchId: string): Promise<void> {
    for (;;) {
      const checking = this.deps.live.get(batchId)?.checking;
      if (!checking) return;
      await checking;
    }
  }

  updateItems(batchId: string, itemIds: string[], patch: ItemPatch): Batch {
    const { repo, results } = this.deps;
    const row = this.draft(batchId);
    const items = this.itemsById(row.id, itemIds);
    const signers = patch.signers?.map(normalizeSigner);
    repo.transaction(() => items.forEach((item) => repo.patchItem(item.id, { ...patch, ...(signers ? { signers } : {}) })));
    results.changed(
      row.id,
      items.map((item) => item.id),
    );
    return results.batch(row.id);
  }

  removeItems(batchId: string, itemIds: string[]): Batch {
    const row = this.draft(batchId);
    const removed = this.deps.repo
      .items(row.id)
      .filter((item) => itemIds.includes(item.id))
      .map((item) => item.path);
    this.deps.repo.removeItems(row.id, itemIds);
    this.deps.results.changed(row.id, []);
    // Not deleted yet: Undo adds the same paths back while the batch is a draft (see releaseUploads).
    this.removedUploads.set(row.id, [...(this.removedUploads.get(row.id) ?? []), ...removed]);
    return this.deps.results.batch(row.id);
  }

  async importManifest(batchId: string, source: { path: string } | { fileName: string; contentBase64: string }): Promise<Batch> {
    const row = this.draft(batchId);
    if ('path' in source) return this.applyManifest(row, (await readManifestFile(source.path)).manifest);
    const bytes = Buffer.from(source.contentBase64, 'base64');
    if (bytes.byteLength > maxManifestBytes) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'manifest.tooLarge',
        params: { file: source.fileName },
        message: `“${source.fileName}” is too large for a manifest (more than 5 MB).`,
      });
    }
    const decoded = decodeText(bytes);
    if (decoded.text === null) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'manifest.notCsv',
        params: { file: source.fileName },
        message: `“${source.fileName}” is not a CSV file. In the spreadsheet, use “Save as” and choose CSV.`,
      });
    }
    return this.applyManifest(row, parseManifest(decoded.text));
  }

  private applyManifest(row: BatchRow, manifest: ReturnType<typeof parseManifest>): Batch {
    const { repo, results } = this.deps;
    const items = repo.items(row.id);
    const match = matchManifest(
      manifest.entries,
      items.map((item) => item.path),
      manifest.rejected,
    );
    const rows = manifest.entries.length + manifest.rejected.length;
    // What was applied, said first: the clerk's banner and the CLI print it as it is.
    const applied = {
      row: null,
      column: null,
      code: 'manifest.applied',
      message: `Applied ${match.matched.length} of ${rows} rows of the manifest; ${rows - match.matched.length} not applied (their documents keep what they had).`,
      params: { applied: match.matched.length, rows, notApplied: rows - match.matched.length },
    };
    const byPath = new Map(items.map((item) => [item.path, item]));
    repo.transaction(() => {
      for (const { entry, path } of match.matched) {
        const item = byPath.get(path);
        if (item) repo.patchItem(item.id, { title: entry.title, signers: entry.signers.map(normalizeSigner) });
      }
      repo.setManifestProblems(
        row.id,
        [applied, ...reportOnce(manifest.problems), ...match.problems.filter((problem) => stillUnsigned(problem, items))].map(
          (problem) => ({
            row: problem.row,
            code: problem.code,
            message: problem.message,
            params: problem.params ?? {},
            ...(problem.column ? { field: problem.column } : {}),
          }),
        ),
      );
    });
    results.changed(
      row.id,
      items.map((item) => item.id),
    );
    return results.batch(row.id);
  }

  manifestTemplate(batchId?: string, language: ManifestLanguage = 'en'): { fileName: string; text: string } {
    if (!batchId) return { fileName: 'signdock-manifest-template.csv', text: manifestTemplate(',', undefined, language) };
    const items = this.deps.results.itemsOf(this.deps.results.row(batchId).id);
    const rows = items.map((item) => ({ file: item.fileName, title: item.title, signers: item.signers }));
    return { fileName: 'signdock-manifest.csv', text: manifestTemplate(',', rows, language) };
  }

  async preview(batchId: string, itemId: string): Promise<{ dataBase64: string | null }> {
    const row = this.deps.results.row(batchId);
    const item = this.deps.repo.item(itemId);
    if (item?.batchId !== row.id) throw itemNotFound();
    try {
      const info = await stat(item.path);
      if (!info.isFile() || info.size > previewLimit) return { dataBase64: null };
      return { dataBase64: (await readFile(item.path)).toString('base64') };
    } catch {
      return { dataBase64: null };
    }
  }

  /** Checks every row not checked yet, in the pool's worker threads; rows added meanwhile are checked too. */
  startChecks(batchId: string): void {
    const { repo, results, logger } = this.deps;
    const live = this.deps.live.of(batchId);
    if (live.checking || this.closed) return;
    live.checking = (async () => {
      for (;;) {
        const pending = repo.items(batchId).filter((item) => !item.checked && item.state === 'draft');
        if (pending.length === 0 || this.closed) return;
        this.pool ??= new PdfCheckPool(this.deps.checkPool);
        const pool = this.pool;
        await Promise.all(
          pending.map(async (item) => {
            const check = await checkOne(pool, item.path).catch((error: unknown) => {
              // The row gets plain words; the detail goes to the log, which redacts.
              logger?.log('warn', 'batch: a file check failed', { batchId, itemId: item.id, error: String(error) });
              return { size: null, pages: null, sha256: null, problems: [fileProblems.unreadable(item.fileName, readFailure(error))] };
            });
            if (!repo.item(item.id)) return;
            repo.setCheck(item.id, {
              size: check.size,
              pages: check.pages,
              sha256: check.sha256,
              problems: check.problems.map((p) => ({ ...p, field: 'file' })),
            });
            results.changed(batchId, [item.id]);
          }),
        );
        const accountId = repo.batch(batchId)?.accountId;
        const hashes = repo.items(batchId).flatMap((item) => (item.state === 'draft' && item.sha256 ? [item.sha256] : []));
        if (accountId) await this.deps.sent.learn(accountId, hashes);
      }
    })()
      .catch((error: unknown) => logger?.log('error', 'batch: checks stopped', { batchId, error: String(error) }))
      .finally(() => {
        live.checking = null;
        results.changed(batchId, []);
      });
  }

  /** Checking 50 MB files leaves the idle check workers holding a lot of memory: sending wants it back. */
  releaseIdleWorkers(): void {
    this.pool?.releaseIdle();
  }

  /**
   * Deletes uploaded copies (inside `uploadsFolder` only, never a user's own file) that no row of
   * any batch may still send: rows of drafts, and rows ready, sending or uncertain, keep theirs.
   * A failed row's copy is kept too while its batch can retry it. Empty upload folders go as well.
   */
  async releaseUploads(paths: readonly string[]): Promise<number> {
    const root = this.deps.uploadsFolder;
    if (!root) return 0;
    const inside = [...paths, ...this.takeRemovedUploads()].filter((path) => {
      const rel = relative(root, path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
    if (inside.length === 0) return 0;
    const needed = this.deps.repo.pathsStillNeeded(inside);
    let removed = 0;
    for (const path of inside) {
      if (needed.has(path)) continue;
      try {
        await rm(path, { force: true });
        removed += 1;
        await rmdir(dirname(path)).catch(() => undefined);
      } catch (error) {
        this.deps.logger?.log('warn', 'batch: an uploaded copy could not be deleted', { error: String(error) });
      }
    }
    return removed;
  }

  /** Removed rows' copies of batches no longer drafts (or all of them, when closing): Undo can no longer want them. */
  private takeRemovedUploads(all = false): string[] {
    const taken: string[] = [];
    for (const [batchId, paths] of this.removedUploads) {
      const state = all ? null : this.deps.repo.batch(batchId)?.state;
      if (state === 'draft') continue;
      taken.push(...paths);
      this.removedUploads.delete(batchId);
    }
    return taken;
  }

  async close(): Promise<void> {
    const left = this.takeRemovedUploads(true);
    if (left.length > 0) await this.releaseUploads(left).catch(() => 0);
    this.closed = true;
    await this.pool?.close();
    this.pool = null;
  }

  private itemsById(batchId: string, ids: string[]): ItemRow[] {
    const wanted = new Set(ids);
    const found = this.deps.repo.items(batchId).filter((item) => wanted.has(item.id));
    if (found.length !== wanted.size) throw itemNotFound();
    return found;
  }

  private draft(batchId: string): BatchRow {
    const row = this.deps.results.row(batchId);
    if (row.state !== 'draft') throw notDraft();
    return row;
  }
}

export function notDraft(): AppError {
  return new AppError({
    kind: 'Conflict',
    code: 'batch.notDraft',
    message: 'This batch has already been sent; start a new batch to change it.',
  });
}

function itemNotFound(): AppError {
  return new AppError({ kind: 'NotFound', code: 'batch.itemNotFound', message: 'That row is no longer in the batch.' });
}
