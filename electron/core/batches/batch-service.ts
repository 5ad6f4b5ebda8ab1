import type { Batch, BatchItem, BatchSummary, ItemPatch } from '../../../shared/domain/batches';
import type { Document } from '../../../shared/domain/documents';
import type { Signer } from '../../../shared/domain/signers';
import type { ManifestLanguage } from '../../../shared/domain/manifest';
import type { Limiter } from '../api/limiter';
import type { ServiceClient } from '../api/service-client';
import type { Db } from '../db/database';
import type { JobEngine } from '../jobs/job-engine';
import type { JobLeases } from '../jobs/leases';
import type { Logger } from '../logging/logger';
import { BatchItemStore } from './batch-item-store';
import { BatchRepo } from './batch-repo';
import { LiveBatches } from './batch-live';
import { BatchPlanning } from './batch-planning';
import { BatchResults } from './batch-results';
import { BatchSending } from './batch-sending';
import { sendKind } from './send-kind';
import { LocalSentLedger, type SentLedger } from './sent-ledger';
import type { PdfCheckPoolOptions } from './pdf-check-pool';
import { carryBatch } from './batch-carry';
import type { SendSharing } from './send-sharing';

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
  /** Where the web host keeps copies of files uploaded from the browser (`<data>/uploads`). */
  uploadsFolder?: string;
  /** The job engine every bulk action runs on: the batches register the `send` kind with it. */
  engine: JobEngine;
  /** The engine's leases (who owns a batch's job, for the summary). */
  leases: JobLeases;
  /** Remembers the names given to signers (the account's address book): on a change of signers and when a batch is sent. */
  rememberNames?: (accountId: string, signers: Signer[]) => void;
  /** The sent-file ledger over this service's repository: a team's (issue 32); by default this data folder's own. */
  sentLedger?: (repo: BatchRepo) => SentLedger;
  /** In a team: a batch's job is the team's, its files copied to the store, and a batch another computer left carried on here. */
  sharing?: SendSharing;
}

/**
 * Batches as the contract sees them, one class per responsibility behind this front:
 * planning (batch-planning.ts: files, checks, titles, signers, manifests), sending (batch-sending.ts: the
 * controls, queueing the batch as a job of the `send` kind, send-kind.ts, which the job engine runs),
 * results (batch-results.ts: rows with their problems, summaries, events, CSV). Every step is in SQLite first.
 */
export class BatchService {
  readonly repo: BatchRepo;
  private readonly results: BatchResults;
  private readonly planning: BatchPlanning;
  private readonly sending: BatchSending;

  constructor(private readonly deps: BatchServiceDeps) {
    const now = deps.now ?? Date.now;
    const live = new LiveBatches();
    this.repo = new BatchRepo(deps.db, () => new Date(now()));
    const ledger = deps.sentLedger ? deps.sentLedger(this.repo) : new LocalSentLedger(this.repo);
    this.results = new BatchResults({
      repo: this.repo,
      sent: ledger,
      leases: deps.leases,
      live,
      pace: (batchId) => deps.engine.pace(batchId),
      limiter: deps.limiter,
      emit: deps.emit,
      now,
      ...(deps.logger ? { logger: deps.logger } : {}),
      ...(deps.emitEveryMs !== undefined ? { emitEveryMs: deps.emitEveryMs } : {}),
    });
    this.planning = new BatchPlanning({
      repo: this.repo,
      sent: ledger,
      live,
      results: this.results,
      ...(deps.logger ? { logger: deps.logger } : {}),
      ...(deps.checkPool ? { checkPool: deps.checkPool } : {}),
      ...(deps.uploadsFolder ? { uploadsFolder: deps.uploadsFolder } : {}),
    });
    const store = new BatchItemStore(deps.db, this.repo, (batchId, ids) => this.results.changed(batchId, ids), now);
    const sending = new BatchSending({
      repo: this.repo,
      store,
      engine: deps.engine,
      live,
      results: this.results,
      planning: this.planning,
      ...(deps.sharing ? { sharing: deps.sharing } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
    this.sending = sending;
    const sharing = deps.sharing;
    deps.engine.register(
      sendKind({
        repo: this.repo,
        store,
        ledger,
        client: deps.client,
        limiter: deps.limiter,
        mirror: deps.mirror,
        stamp: deps.stamp,
        ...(deps.logger ? { logger: deps.logger } : {}),
        changed: (batchId, following) => (following ? this.followed(batchId, live) : this.results.changed(batchId, [])),
        ended: (batchId) => sending.ended(batchId),
        resumesAlone: (batchId) => this.repo.batch(batchId)?.source === 'app',
        ...(sharing
          ? {
              adopt: async (job) => {
                await carryBatch(deps.db, this.repo, sharing, job);
                // This folder's shadow of the team's job (the batch's views join it).
                deps.engine.jobs.create({
                  id: job.id,
                  kind: 'send',
                  accountId: job.accountId,
                  state: job.state,
                  concurrency: job.concurrency,
                });
              },
            }
          : {}),
      }),
    );
  }

  /** Another process sends the batch: the rows it changed since the last look become `batches.changed` here. */
  private followed(batchId: string, live: LiveBatches): void {
    const state = live.of(batchId);
    const changed = this.repo.changedSince(batchId, state.seen);
    state.seen = changed.latest;
    this.results.changed(batchId, changed.ids);
  }

  // ── reading ──
  current(): Batch | null {
    const row = this.repo.latest(this.deps.selectedAccount(), 'app');
    return row ? this.results.batch(row.id) : null;
  }
  batch(batchId: string): Batch {
    return this.results.batch(batchId);
  }
  summary(batchId: string): BatchSummary {
    return this.results.summary(batchId);
  }
  list(limit: number): BatchSummary[] {
    return this.repo.recent(this.deps.selectedAccount(), limit).map((row) => this.results.summaryFrom(row, this.results.itemsOf(row.id)));
  }
  exportResults(batchId: string): { fileName: string; text: string } {
    return this.results.exportResults(batchId);
  }

  // ── preparing ──
  create(source: 'app' | 'cli' = 'app', accountId = this.deps.selectedAccount()): Batch {
    return this.planning.create(source, accountId);
  }
  addFiles(batchId: string, paths: string[], defaults: { signers?: Signer[]; title?: (fileName: string) => string } = {}): Promise<Batch> {
    return this.planning.addFiles(batchId, paths, defaults);
  }
  whenChecked(batchId: string): Promise<void> {
    return this.planning.whenChecked(batchId);
  }
  updateItems(batchId: string, itemIds: string[], patch: ItemPatch): Batch {
    const batch = this.planning.updateItems(batchId, itemIds, patch);
    if (patch.signers) this.deps.rememberNames?.(batch.accountId, patch.signers);
    return batch;
  }
  removeItems(batchId: string, itemIds: string[]): Batch {
    return this.planning.removeItems(batchId, itemIds);
  }
  importManifest(batchId: string, source: { path: string } | { fileName: string; contentBase64: string }): Promise<Batch> {
    return this.planning.importManifest(batchId, source);
  }
  manifestTemplate(batchId?: string, language?: ManifestLanguage): { fileName: string; text: string } {
    return this.planning.manifestTemplate(batchId, language);
  }
  preview(batchId: string, itemId: string): Promise<{ dataBase64: string | null }> {
    return this.planning.preview(batchId, itemId);
  }
  releaseUploads(paths: readonly string[]): Promise<number> {
    return this.planning.releaseUploads(paths);
  }

  // ── sending (the `send` job) ──
  send(batchId: string, concurrency?: number): BatchSummary {
    if (this.deps.rememberNames) {
      // Names from a manifest or the CLI too, before the first document reaches the mirror.
      const batch = this.batch(batchId);
      this.deps.rememberNames(
        batch.accountId,
        batch.items.filter((item) => !item.excluded).flatMap((item) => item.signers),
      );
    }
    return this.sending.send(batchId, concurrency);
  }
  pause(batchId: string): BatchSummary {
    return this.sending.pause(batchId);
  }
  resume(batchId: string): BatchSummary {
    return this.sending.resume(batchId);
  }
  cancel(batchId: string): BatchSummary {
    return this.sending.cancel(batchId);
  }
  retryFailed(batchId: string): BatchSummary {
    return this.sending.retryFailed(batchId);
  }
  whenSettled(batchId: string): Promise<void> {
    return this.sending.whenSettled(batchId);
  }
  resumeInterrupted(source: 'app' | 'cli' = 'app'): string[] {
    return this.sending.resumeInterrupted(source);
  }

  /** Stops queueing and the check workers (the engine stops the jobs it runs). */
  async close(): Promise<void> {
    this.sending.close();
    await this.planning.close();
    this.results.close();
  }
}
