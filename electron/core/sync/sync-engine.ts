import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { DocumentQueries } from '../mirror/document-query';
import { DocumentReader } from '../mirror/document-reader';
import { DocumentWriter } from '../mirror/document-writer';
import { SyncLog } from '../mirror/sync-log';
import { SyncStateRepo } from '../mirror/sync-state-repo';
import type { ClientFor } from './client-for';
import { CoalescingRefresher } from './coalescing-refresher';
import { FullSync, type FullSyncOptions, type FullSyncResult } from './full-sync';
import { Reconciler } from './reconciler';
import { RefreshScheduler, type RefreshScheduleOptions } from './refresh-scheduler';
import { ReadStamps, systemTimers, type Timers } from './timers';

export interface SyncEngineDeps {
  db: Db;
  /** The service client of an account. */
  clientFor: ClientFor;
  /** Documents whose mirror rows changed (push `documents.changed` to the UI). */
  onChange?: (accountId: string, documentIds: string[]) => void;
  timers?: Timers;
  random?: () => number;
  schedule?: Partial<RefreshScheduleOptions>;
  logger?: Logger;
}

/**
 * The mirror and sync, wired together: one reconciler fed by full syncs, coalesced single reads
 * (the `DocumentRefresher` the webhook worker calls) and the re-read schedule of open documents.
 */
export class SyncEngine {
  readonly reader: DocumentReader;
  readonly queries: DocumentQueries;
  readonly syncLog: SyncLog;
  readonly syncState: SyncStateRepo;
  readonly reconciler: Reconciler;
  readonly refresher: CoalescingRefresher;
  readonly fullSync: FullSync;
  readonly scheduler: RefreshScheduler;
  /**
   * Read stamps. Another module that gets a document back from the service (a cancel, a create)
   * takes `stamps.next()` just before sending, then hands the answer to `reconciler.apply` with it.
   */
  readonly stamps: ReadStamps;

  constructor(deps: SyncEngineDeps) {
    const timers = deps.timers ?? systemTimers;
    const stamps = new ReadStamps(() => timers.now());
    this.stamps = stamps;
    const writer = new DocumentWriter(deps.db);
    this.reader = new DocumentReader(deps.db);
    this.queries = new DocumentQueries(deps.db, this.reader);
    this.syncLog = new SyncLog(deps.db, () => new Date(timers.now()));
    this.syncState = new SyncStateRepo(deps.db);
    this.reconciler = new Reconciler({
      writer,
      onChange: deps.onChange,
      onApplied: (accountId, applied) => this.scheduler.noteApplied(accountId, applied),
      logger: deps.logger,
    });
    this.refresher = new CoalescingRefresher({
      clientFor: deps.clientFor,
      reconciler: this.reconciler,
      writer,
      syncLog: this.syncLog,
      stamps,
    });
    this.fullSync = new FullSync({
      clientFor: deps.clientFor,
      reconciler: this.reconciler,
      reader: this.reader,
      syncState: this.syncState,
      stamps,
      now: () => new Date(timers.now()),
    });
    this.scheduler = new RefreshScheduler({
      refresher: this.refresher,
      timers,
      options: deps.schedule,
      random: deps.random,
      logger: deps.logger,
    });
  }

  /**
   * Starts keeping an account in step: its open documents join the re-read schedule, then a full
   * sync runs (its result, or its failure, is also in `syncState`).
   */
  start(accountId: string, options: FullSyncOptions = {}): Promise<FullSyncResult> {
    this.scheduler.watch(accountId, this.reader.openDocuments(accountId));
    return this.fullSync.run(accountId, options);
  }

  /** Stops re-reading an account's documents (e.g. when it is removed). */
  forget(accountId: string): void {
    this.scheduler.forget(accountId);
  }

  /** Stops every schedule; reads in flight finish on their own. */
  stop(): void {
    this.scheduler.stop();
  }
}
