import { readFile, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, relative, isAbsolute } from 'node:path';
import { AppError, type AppErrorShape } from '../../../shared/contract/errors';
import {
  batchItemStates,
  defaultConcurrency,
  type Batch,
  type BatchItem,
  type BatchItemState,
  type BatchSummary,
  type ItemPatch,
  type ItemProblem,
} from '../../../shared/domain/batches';
import type { Document } from '../../../shared/domain/documents';
import { manifestTemplate, matchManifest, parseManifest, titleFromFileName } from '../../../shared/domain/manifest';
import { normalizeSigner, validateSigner, type Signer } from '../../../shared/domain/signers';
import type { Limiter } from '../api/limiter';
import type { ServiceClient } from '../api/service-client';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { BatchRepo, type BatchRow, type ItemRow, type Tally } from './batch-repo';
import { BatchRunner } from './batch-runner';
import { expandInputs } from './expand-inputs';
import { decodeText, maxManifestBytes, readManifestFile } from './manifest-file';
import { checkOne, earlierCopies, sameFileProblem } from './pdf-check';
import { PdfCheckPool, type PdfCheckPoolOptions } from './pdf-check-pool';
import { readFailure } from './pdf-problems';
import { fileProblems } from './pdf-problems';
import { resultsCsv } from './results-csv';

export interface BatchServiceDeps {
  db: Db;
  /** The selected account (throws `noAccount` when there is none). */
  selectedAccount: () => string;
  client: (accountId: string) => Promise<ServiceClient>;
  limiter: (accountId: string) => Limiter;
  /** Puts a document read from the service into the mirror (read stamp taken before the request). */
  mirror: (accountId: string, document: Document, readAt: number) => void;
  stamp: () => number;
  emit: (batch: BatchSummary, items: BatchItem[]) => void;
  logger?: Logger;
  checkPool?: PdfCheckPoolOptions;
  now?: () => number;
  /** Milliseconds between `batches.changed` events of one batch (default 100). */
  emitEveryMs?: number;
  /**
   * Where the web host keeps copies of files uploaded from the browser (`<data>/uploads`). Copies
   * are deleted once no row that can still be sent needs them (see `releaseUploads`).
   */
  uploadsFolder?: string;
}

interface Live {
  runner: BatchRunner | null;
  running: Promise<void> | null;
  checking: Promise<void> | null;
  /** Waiting for the checks, then queueing the clean rows and starting the runner (`checkThenQueue`). */
  queueing: Promise<void> | null;
  pending: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  runStartedAt: number;
  bytesSent: number;
  itemsSent: number;
}

const previewLimit = 20 * 1024 * 1024;

/**
 * Batches as the contract sees them: a draft is filled (files checked in worker threads, titles and
 * signers said, a manifest applied), then sent by a BatchRunner through the account's limiter. Every
 * step is in SQLite first; a batch that was sending when the process stopped resumes where it was.
 */
export class BatchService {
  readonly repo: BatchRepo;
  private readonly live = new Map<string, Live>();
  private pool: PdfCheckPool | null = null;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly deps: BatchServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.repo = new BatchRepo(deps.db, () => new Date(this.now()));
  }

  // ── reading ────────────────────────────────────────────────────────────────

  current(): Batch | null {
    const row = this.repo.latest(this.deps.selectedAccount(), 'app');
    return row ? this.batch(row.id) : null;
  }

  batch(batchId: string): Batch {
    const row = this.row(batchId);
    const items = this.itemsOf(row.id);
    return { ...this.summaryFrom(row, items), items, skipped: row.skipped, manifestProblems: row.manifestProblems };
  }

  summary(batchId: string): BatchSummary {
    const row = this.row(batchId);
    return this.summaryFrom(row, this.itemsOf(row.id));
  }

  list(limit: number): BatchSummary[] {
    return this.repo.recent(this.deps.selectedAccount(), limit).map((row) => this.summaryFrom(row, this.itemsOf(row.id)));
  }

  // ── preparing ──────────────────────────────────────────────────────────────

  create(source: 'app' | 'cli' = 'app', accountId = this.deps.selectedAccount()): Batch {
    const row = this.repo.createBatch(accountId, source, defaultConcurrency);
    return this.batch(row.id);
  }

  /** Adds files and folders; PDFs become rows, checked in the background (`whenChecked`). */
  async addFiles(batchId: string, paths: string[], defaults: { signers?: Signer[]; title?: (fileName: string) => string } = {}): Promise<Batch> {
    const row = this.draft(batchId);
    const expanded = await expandInputs(paths);
    const known = new Set(this.repo.items(row.id).map((item) => item.path));
    const fresh = expanded.pdfs.filter((path) => !known.has(path));
    const added = this.repo.addItems(
      row.id,
      fresh.map((path) => {
        const fileName = basename(path);
        return { path, fileName, title: defaults.title?.(fileName) ?? titleFromFileName(fileName), ...(defaults.signers ? { signers: defaults.signers } : {}) };
      }),
    );
    this.repo.setSkipped(row.id, expanded.skipped);
    this.startChecks(row.id);
    this.changed(row.id, added.map((item) => item.id));
    return this.batch(row.id);
  }

  /** Resolves when every row of the batch has been checked. */
  async whenChecked(batchId: string): Promise<void> {
    for (;;) {
      const checking = this.live.get(batchId)?.checking;
      if (!checking) return;
      await checking;
    }
  }

  updateItems(batchId: string, itemIds: string[], patch: ItemPatch): Batch {
    const row = this.draft(batchId);
    const items = this.itemsById(row.id, itemIds);
    const signers = patch.signers?.map(normalizeSigner);
    this.repo.transaction(() => {
      for (const item of items) {
        this.repo.patchItem(item.id, { ...patch, ...(signers ? { signers } : {}) });
      }
    });
    this.changed(row.id, items.map((item) => item.id));
    return this.batch(row.id);
  }

  removeItems(batchId: string, itemIds: string[]): Batch {
    const row = this.draft(batchId);
    const removed = this.repo.items(row.id).filter((item) => itemIds.includes(item.id)).map((item) => item.path);
    this.repo.removeItems(row.id, itemIds);
    this.changed(row.id, []);
    void this.releaseUploads(removed);
    return this.batch(row.id);
  }

  async importManifest(batchId: string, source: { path: string } | { fileName: string; contentBase64: string }): Promise<Batch> {
    const row = this.draft(batchId);
    if ('path' in source) return this.applyManifest(row, (await readManifestFile(source.path)).manifest);
    const bytes = Buffer.from(source.contentBase64, 'base64');
    if (bytes.byteLength > maxManifestBytes) {
      throw new AppError({ kind: 'InvalidInput', code: 'manifest.tooLarge', params: { file: source.fileName }, message: `“${source.fileName}” is too large for a manifest (more than 5 MB).` });
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
    const items = this.repo.items(row.id);
    const match = matchManifest(manifest.entries, items.map((item) => item.path));
    const byPath = new Map(items.map((item) => [item.path, item]));
    this.repo.transaction(() => {
      for (const { entry, path } of match.matched) {
        const item = byPath.get(path);
        if (item) this.repo.patchItem(item.id, { title: entry.title, signers: entry.signers.map(normalizeSigner) });
      }
      this.repo.setManifestProblems(
        row.id,
        [...manifest.problems, ...match.problems].map((problem) => ({
          row: problem.row,
          code: problem.code,
          message: problem.message,
          params: problem.params ?? {},
          ...(problem.column ? { field: problem.column } : {}),
        })),
      );
    });
    this.changed(row.id, items.map((item) => item.id));
    return this.batch(row.id);
  }

  manifestTemplate(batchId?: string): { fileName: string; text: string } {
    if (!batchId) return { fileName: 'signdock-manifest-template.csv', text: manifestTemplate(',') };
    const items = this.itemsOf(this.row(batchId).id);
    const rows = items.map((item) => ({ file: item.fileName, title: item.title, signers: item.signers }));
    return { fileName: 'signdock-manifest.csv', text: manifestTemplate(',', rows) };
  }

  async preview(batchId: string, itemId: string): Promise<{ dataBase64: string | null }> {
    const row = this.row(batchId);
    const item = this.repo.item(itemId);
    if (item?.batchId !== row.id) throw itemNotFound();
    try {
      const info = await stat(item.path);
      if (!info.isFile() || info.size > previewLimit) return { dataBase64: null };
      return { dataBase64: (await readFile(item.path)).toString('base64') };
    } catch {
      return { dataBase64: null };
    }
  }

  exportResults(batchId: string): { fileName: string; text: string } {
    const row = this.row(batchId);
    return { fileName: `signdock-results-${row.createdAt.slice(0, 10)}.csv`, text: resultsCsv(this.itemsOf(row.id)) };
  }

  // ── sending ────────────────────────────────────────────────────────────────

  /**
   * Queues the clean rows and starts sending in the background. Rows with problems are marked
   * failed with their first problem; excluded rows stay drafts. Rows still being checked: the batch
   * waits for them (state `checking`), then sends.
   */
  send(batchId: string, concurrency?: number): BatchSummary {
    const row = this.row(batchId);
    if (row.state !== 'draft' && row.state !== 'checking') throw notDraft();
    const items = this.itemsOf(row.id);
    const unchecked = items.some((item) => item.state === 'draft' && !item.excluded && !item.checked);
    const sendable = items.filter((item) => sendableNow(item));
    if (!unchecked && sendable.length === 0) {
      throw new AppError({ kind: 'InvalidInput', code: 'batch.nothingToSend', message: 'There is nothing to send: add PDFs and say who signs each, or fix the rows marked with a problem.' });
    }
    this.repo.setBatchState(row.id, 'checking', { ...(concurrency ? { concurrency } : {}) });
    if (unchecked) this.checkThenQueue(row.id);
    else this.queueAndRun(row.id);
    return this.summary(row.id);
  }

  /**
   * Resolves when nothing in this process works on the batch any more: no check, no queueing, no
   * runner (so it is done, paused, cancelled, or a draft again).
   */
  async whenSettled(batchId: string): Promise<void> {
    for (;;) {
      const live = this.live.get(batchId);
      const waiting = live?.checking ?? live?.queueing ?? live?.running;
      if (!waiting) return;
      await waiting;
    }
  }

  pause(batchId: string): BatchSummary {
    const row = this.row(batchId);
    if (row.state !== 'sending' && row.state !== 'checking') throw notRunning();
    const runner = this.live.get(row.id)?.runner;
    if (runner) runner.halt('pause');
    else if (row.state === 'checking') this.repo.setBatchState(row.id, 'draft'); // nothing queued yet
    else this.repo.setBatchState(row.id, 'paused');
    this.changed(row.id, []);
    return this.summary(row.id);
  }

  /** Continues a paused batch, or one interrupted by a crash (state still `sending`/`checking`). */
  resume(batchId: string): BatchSummary {
    const row = this.row(batchId);
    const live = this.live.get(row.id);
    if (live?.running || live?.checking || live?.queueing) return this.summary(row.id);
    if (row.state === 'checking') {
      this.checkThenQueue(row.id);
      return this.summary(row.id);
    }
    if (row.state !== 'paused' && row.state !== 'sending') throw notRunning();
    this.sendAgain(row.id);
    return this.summary(row.id);
  }

  cancel(batchId: string): BatchSummary {
    const row = this.row(batchId);
    if (row.state === 'done' || row.state === 'cancelled') return this.summary(row.id);
    const runner = this.live.get(row.id)?.runner;
    if (runner) {
      runner.halt('cancel');
    } else {
      this.finishCancel(row.id);
    }
    this.changed(row.id, []);
    return this.summary(row.id);
  }

  retryFailed(batchId: string): BatchSummary {
    const row = this.row(batchId);
    if (row.state === 'cancelled' || row.state === 'draft') throw notRunning();
    const retry = this.itemsOf(row.id).filter((item) => item.state === 'failed' && item.problems.length === 0 && item.error?.code !== 'file.changed');
    if (retry.length === 0) return this.summary(row.id);
    this.repo.transaction(() => retry.forEach((item) => this.repo.setState(item.id, 'ready', { error: null })));
    this.changed(row.id, retry.map((item) => item.id));
    if (!this.live.get(row.id)?.running) this.sendAgain(row.id);
    return this.summary(row.id);
  }

  /** The app's batches that were sending when it stopped, resumed (the CLI resumes its own with `--resume`). */
  resumeInterrupted(source: 'app' | 'cli' = 'app'): string[] {
    const resumed: string[] = [];
    for (const row of this.repo.interrupted()) {
      if (row.source !== source) continue;
      try {
        this.resume(row.id);
        resumed.push(row.id);
      } catch (error) {
        this.deps.logger?.log('warn', 'batch: could not resume', { batchId: row.id, error: String(error) });
      }
    }
    return resumed;
  }

  /** Stops runners (the state stays `sending`, so the batch resumes on the next start) and the check workers. */
  async close(): Promise<void> {
    this.closed = true;
    const running: Promise<void>[] = [];
    for (const live of this.live.values()) {
      live.runner?.halt('stopped');
      if (live.running) running.push(live.running);
      if (live.timer) clearTimeout(live.timer);
    }
    // Requests in flight finish and are recorded before the database closes.
    await Promise.allSettled(running);
    await this.pool?.close();
    this.pool = null;
  }

  /**
   * Deletes uploaded copies (inside `uploadsFolder` only, never a user's own file) that no row of
   * any batch may still send: rows of drafts, and rows ready, sending or uncertain, keep theirs.
   * A failed row's copy is kept too while its batch can retry it. Empty upload folders go as well.
   */
  async releaseUploads(paths: readonly string[]): Promise<number> {
    const root = this.deps.uploadsFolder;
    if (!root) return 0;
    const inside = paths.filter((path) => {
      const rel = relative(root, path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
    if (inside.length === 0) return 0;
    const needed = this.repo.pathsStillNeeded(inside);
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

  // ── internals ──────────────────────────────────────────────────────────────

  /** Checks the rows not checked yet, then queues the clean ones and sends (`queueAndRun`). */
  private checkThenQueue(batchId: string): void {
    this.startChecks(batchId);
    const live = this.liveOf(batchId);
    if (live.queueing) return;
    live.queueing = this.whenChecked(batchId)
      .then(() => this.queueAndRun(batchId))
      .catch((error: unknown) => this.deps.logger?.log('error', 'batch: could not queue the checked rows', { batchId, error: String(error) }))
      .finally(() => {
        live.queueing = null;
      });
  }

  /** A paused or interrupted batch sends again: its stop reason is cleared and a runner starts. */
  private sendAgain(batchId: string): void {
    this.repo.setBatchState(batchId, 'sending', { stoppedBy: null });
    this.startRunner(batchId);
  }

  private queueAndRun(batchId: string): void {
    if (this.closed) return;
    const row = this.repo.batch(batchId);
    if (!row || row.state !== 'checking') return;
    // Checking 50 MB files leaves the idle check workers holding a lot of memory: sending wants it.
    this.pool?.releaseIdle();
    const items = this.itemsOf(batchId);
    this.repo.transaction(() => {
      for (const item of items) {
        if (item.state !== 'draft' || item.excluded) continue;
        if (sendableNow(item)) this.repo.setState(item.id, 'ready', { error: null });
        else this.repo.setState(item.id, 'failed', { error: problemError(item.problems[0]) });
      }
      this.repo.setBatchState(batchId, 'sending', { startedAt: true, stoppedBy: null });
    });
    this.changed(batchId, items.map((item) => item.id));
    this.startRunner(batchId);
  }

  private startRunner(batchId: string): void {
    if (this.closed) return;
    const live = this.liveOf(batchId);
    if (live.running) return;
    const row = this.row(batchId);
    const runner = new BatchRunner({
      repo: this.repo,
      batchId,
      accountId: row.accountId,
      concurrency: row.concurrency,
      client: () => this.deps.client(row.accountId),
      limiter: this.deps.limiter(row.accountId),
      mirror: (document, readAt) => this.deps.mirror(row.accountId, document, readAt),
      stamp: this.deps.stamp,
      onItems: (ids) => this.changed(batchId, ids),
      onStopped: (error) => this.repo.setBatchState(batchId, 'paused', { stoppedBy: error }),
      onSentBytes: (bytes) => {
        live.bytesSent += bytes;
        live.itemsSent += 1;
      },
      ...(this.deps.logger ? { logger: this.deps.logger } : {}),
      now: this.now,
    });
    live.runner = runner;
    live.runStartedAt = this.now();
    live.bytesSent = 0;
    live.itemsSent = 0;
    live.running = runner
      .run()
      .then(
        () => this.afterRun(batchId, runner),
        (error: unknown) => {
          this.deps.logger?.log('error', 'batch: the sender stopped on an unexpected error', { batchId, error: String(error) });
          this.repo.setBatchState(batchId, 'paused', {
            // The detail is in the log line above (the logger redacts); the batch keeps plain words.
            stoppedBy: { kind: 'Internal', code: 'internal', message: 'Sending stopped on an unexpected error. The details are in the log.' },
          });
        },
      )
      .finally(() => {
        live.runner = null;
        live.running = null;
        this.changed(batchId, []);
      });
  }

  private async afterRun(batchId: string, runner: BatchRunner): Promise<void> {
    const reason = runner.stoppedBy;
    if (reason === 'stopped') {
      // Paused by itself (onStopped) or the process is closing: leave the state for a resume.
      return;
    }
    if (reason === 'pause') {
      this.repo.setBatchState(batchId, 'paused');
      return;
    }
    if (reason === 'cancel') {
      await runner.lookUpUncertain();
      this.finishCancel(batchId);
      return;
    }
    const left = this.repo.itemsIn(batchId, ['ready', 'sending', 'uncertain']);
    if (left.length === 0) {
      this.repo.setBatchState(batchId, 'done', { finishedAt: true });
      await this.releaseUploads(this.repo.items(batchId).map((item) => item.path));
    }
  }

  private finishCancel(batchId: string): void {
    const open = this.repo.itemsIn(batchId, ['ready', 'draft']).filter((item) => item.state === 'ready' || !item.excluded);
    const error: AppErrorShape = { kind: 'Conflict', code: 'batch.cancelled', message: 'Not sent: the batch was cancelled.' };
    this.repo.transaction(() => {
      open.forEach((item) => this.repo.setState(item.id, 'cancelled', { error }));
      this.repo.setBatchState(batchId, 'cancelled', { finishedAt: true });
    });
    this.changed(batchId, open.map((item) => item.id));
    void this.releaseUploads(this.repo.items(batchId).map((item) => item.path));
  }

  private startChecks(batchId: string): void {
    const live = this.liveOf(batchId);
    if (live.checking || this.closed) return;
    live.checking = (async () => {
      for (;;) {
        const pending = this.repo.items(batchId).filter((item) => !item.checked && item.state === 'draft');
        if (pending.length === 0 || this.closed) return;
        this.pool ??= new PdfCheckPool(this.deps.checkPool);
        const pool = this.pool;
        await Promise.all(
          pending.map(async (item) => {
            const check = await checkOne(pool, item.path).catch((error: unknown) => {
              // The row gets plain words; the detail goes to the log, which redacts.
              this.deps.logger?.log('warn', 'batch: a file check failed', { batchId, itemId: item.id, error: String(error) });
              return { size: null, pages: null, sha256: null, problems: [fileProblems.unreadable(item.fileName, readFailure(error))] };
            });
            if (!this.repo.item(item.id)) return;
            this.repo.setCheck(item.id, { size: check.size, pages: check.pages, sha256: check.sha256, problems: check.problems.map((p) => ({ ...p, field: 'file' })) });
            this.changed(batchId, [item.id]);
          }),
        );
      }
    })()
      .catch((error: unknown) => this.deps.logger?.log('error', 'batch: checks stopped', { batchId, error: String(error) }))
      .finally(() => {
        live.checking = null;
        this.changed(batchId, []);
      });
  }

  private liveOf(batchId: string): Live {
    let live = this.live.get(batchId);
    if (!live) {
      live = { runner: null, running: null, checking: null, queueing: null, pending: new Set(), timer: null, runStartedAt: 0, bytesSent: 0, itemsSent: 0 };
      this.live.set(batchId, live);
    }
    return live;
  }

  /** Rows changed: one `batches.changed` per batch at most every `emitEveryMs`, with the rows changed since the last. */
  private changed(batchId: string, itemIds: string[]): void {
    const live = this.liveOf(batchId);
    itemIds.forEach((id) => live.pending.add(id));
    if (live.timer) return;
    live.timer = setTimeout(() => {
      live.timer = null;
      const row = this.repo.batch(batchId);
      if (!row) return;
      const ids = new Set(live.pending);
      live.pending.clear();
      const [summary, items] = this.changes(row, ids);
      try {
        this.deps.emit(summary, items);
      } catch (error) {
        this.deps.logger?.log('error', 'batch: an event listener failed', { error: String(error) });
      }
    }, this.deps.emitEveryMs ?? 100);
    live.timer.unref?.();
  }

  /**
   * A `batches.changed` payload: the summary and the changed rows, in position order. Only a draft
   * row that is checked and not excluded can be sendable, and counting sendable rows means reading
   * them all (their problems); when there is none (always once the batch is queued) the summary
   * comes from SQL tallies and only the changed rows are read.
   */
  private changes(row: BatchRow, ids: ReadonlySet<string>): [BatchSummary, BatchItem[]] {
    const tallies = this.repo.tallies(row.id);
    if (tallies.some((tally) => tally.state === 'draft' && tally.checked && !tally.excluded)) {
      const items = this.itemsOf(row.id);
      return [this.summaryFrom(row, items), items.filter((item) => ids.has(item.id))];
    }
    const changed = [...ids]
      .map((id) => this.repo.item(id))
      .filter((item): item is ItemRow => item?.batchId === row.id)
      .sort((a, b) => a.position - b.position);
    return [this.summaryOf(row, tallies, 0), changed.map((item) => this.itemWithProblems(item))];
  }

  private summaryFrom(row: BatchRow, items: readonly BatchItem[]): BatchSummary {
    const tallies = items.map((item) => ({
      state: item.state,
      excluded: item.excluded,
      checked: item.checked,
      tried: item.attempts > 0,
      n: 1,
      bytes: item.size ?? 0,
    }));
    return this.summaryOf(row, tallies, items.filter(sendableNow).length);
  }

  private summaryOf(row: BatchRow, tallies: readonly Tally[], sendable: number): BatchSummary {
    const byState = Object.fromEntries(batchItemStates.map((state) => [state, 0])) as Record<BatchItemState, number>;
    let total = 0;
    let bytesTotal = 0;
    let bytesDone = 0;
    let bytesLeft = 0;
    let itemsLeft = 0;
    let checking = 0;
    for (const { state, checked, tried, n, bytes } of tallies) {
      total += n;
      byState[state] += n;
      if (!checked && state === 'draft') checking += n;
      const queued = state === 'ready' || state === 'sending' || state === 'uncertain';
      if (queued || state === 'sent' || (state === 'failed' && tried)) bytesTotal += bytes;
      if (state === 'sent') bytesDone += bytes;
      if (queued) {
        bytesLeft += bytes;
        itemsLeft += n;
      }
    }
    const live = this.live.get(row.id);
    let secondsLeft: number | null = null;
    if (row.state === 'sending' && live?.running && itemsLeft > 0) {
      const elapsed = (this.now() - live.runStartedAt) / 1000;
      if (elapsed >= 1 && live.itemsSent > 0) {
        const byItems = itemsLeft / (live.itemsSent / elapsed);
        const byBytes = live.bytesSent > 0 ? bytesLeft / (live.bytesSent / elapsed) : 0;
        secondsLeft = Math.ceil(Math.max(byItems, byBytes));
      }
    } else if (itemsLeft === 0 && row.state === 'sending') {
      secondsLeft = 0;
    }
    const pausedUntil = row.state === 'sending' ? this.deps.limiter(row.accountId).state().pausedUntil : 0;
    const rateLimitedUntil = pausedUntil > this.now() ? new Date(pausedUntil).toISOString() : null;
    return {
      id: row.id,
      accountId: row.accountId,
      state: row.state,
      source: row.source,
      concurrency: row.concurrency,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      stoppedBy: row.stoppedBy,
      progress: { total, byState, sendable, bytesTotal, bytesDone, secondsLeft, rateLimitedUntil, checking },
    };
  }

  /** Every row of the batch with its problems (its file's, being a copy of an earlier row, its signers'). */
  private itemsOf(batchId: string): BatchItem[] {
    const rows = this.repo.items(batchId);
    const firsts = earlierCopies(rows, notCompared);
    return rows.map((row, index) => withProblems(row, firsts[index] ?? null));
  }

  /** One row with its problems, as in `itemsOf`, reading only the first row with its bytes. */
  private itemWithProblems(row: ItemRow): BatchItem {
    const first = row.sha256 && !notCompared(row) ? this.repo.firstWithHash(row.batchId, row.sha256) : undefined;
    return withProblems(row, first && first.id !== row.id ? first : null);
  }

  private itemsById(batchId: string, ids: string[]): ItemRow[] {
    const wanted = new Set(ids);
    const found = this.repo.items(batchId).filter((item) => wanted.has(item.id));
    if (found.length !== wanted.size) throw itemNotFound();
    return found;
  }

  private row(batchId: string): BatchRow {
    const row = this.repo.batch(batchId);
    if (!row) throw new AppError({ kind: 'NotFound', code: 'batch.notFound', params: { batchId }, message: `There is no batch ${batchId}.` });
    return row;
  }

  private draft(batchId: string): BatchRow {
    const row = this.row(batchId);
    if (row.state !== 'draft') throw notDraft();
    return row;
  }
}

/** Rows never taken for a copy of another, nor the original of one (BatchRepo.firstWithHash says the same in SQL). */
function notCompared(row: ItemRow): boolean {
  return row.excluded || row.state === 'cancelled';
}

function withProblems(row: ItemRow, firstCopy: Pick<ItemRow, 'path' | 'fileName'> | null): BatchItem {
  const duplicate: ItemProblem[] = firstCopy ? [{ ...sameFileProblem(row, firstCopy), field: 'file' }] : [];
  const { fileProblems: rowFileProblems, attemptAt: _attempt, ...rest } = row;
  return { ...rest, problems: [...rowFileProblems, ...duplicate, ...signerProblems(row.signers)] };
}

/** Checked, no problems, not excluded, still a draft. */
function sendableNow(item: BatchItem): boolean {
  return item.state === 'draft' && item.checked && !item.excluded && item.problems.length === 0;
}

function signerProblems(signers: Signer[]): ItemProblem[] {
  if (signers.length === 0) return [{ code: 'batch.noSigners', message: 'Say who signs this document.', params: {}, field: 'signers' }];
  return signers.flatMap((signer, index) =>
    validateSigner(signer).map((problem) => ({
      code: problem.code,
      message: problem.message,
      params: { ...(problem.params ?? {}), signer: index + 1 },
      field: problem.field === 'signer' ? `signers.${index}` : `signers.${index}.${problem.field}`,
    })),
  );
}

function problemError(problem: ItemProblem | undefined): AppErrorShape {
  if (!problem) return { kind: 'InvalidInput', code: 'batch.nothingToSend', message: 'This row could not be sent.' };
  return { kind: 'InvalidInput', code: problem.code, params: problem.params, message: problem.message };
}

function notDraft(): AppError {
  return new AppError({ kind: 'Conflict', code: 'batch.notDraft', message: 'This batch has already been sent; start a new batch to change it.' });
}

function itemNotFound(): AppError {
  return new AppError({ kind: 'NotFound', code: 'batch.itemNotFound', message: 'That row is no longer in the batch.' });
}

function notRunning(): AppError {
  return new AppError({ kind: 'Conflict', code: 'batch.notRunning', message: 'This batch is not being sent.' });
}
