import { storableError } from '../../../shared/contract/errors';
import type { DocumentReader } from '../mirror/document-reader';
import type { SyncStateRepo } from '../mirror/sync-state-repo';
import type { ClientFor } from './client-for';
import type { Reconciler } from './reconciler';
import type { ReadStamps } from './timers';

export interface FullSyncProgress {
  accountId: string;
  pages: number;
  documents: number;
  /** Documents the service says it has, when its pages say. */
  total: number | null;
}

export interface FullSyncResult {
  accountId: string;
  pages: number;
  documents: number;
  /** Documents inserted or updated by this sync. */
  changed: number;
  /** Documents in the mirror the listing did not include; they are kept (see sync/README.md). */
  absent: number;
}

export interface FullSyncOptions {
  onProgress?: (progress: FullSyncProgress) => void;
  signal?: AbortSignal;
}

export interface FullSyncDeps {
  clientFor: ClientFor;
  reconciler: Reconciler;
  reader: DocumentReader;
  syncState: SyncStateRepo;
  stamps: ReadStamps;
  now?: () => Date;
}

interface Run {
  promise: Promise<FullSyncResult>;
  listeners: Set<(progress: FullSyncProgress) => void>;
  progress: FullSyncProgress;
}

/**
 * Reads every document of an account through the list endpoint, page after page, applying each
 * page in one transaction. One run per account at a time: asking again while one runs joins it.
 */
export class FullSync {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly deps: FullSyncDeps) {}

  isRunning(accountId: string): boolean {
    return this.runs.has(accountId);
  }

  /** How far the running full sync of an account got; null when none runs. */
  progressOf(accountId: string): FullSyncProgress | null {
    return this.runs.get(accountId)?.progress ?? null;
  }

  run(accountId: string, options: FullSyncOptions = {}): Promise<FullSyncResult> {
    const existing = this.runs.get(accountId);
    if (existing) {
      if (options.onProgress) existing.listeners.add(options.onProgress);
      return existing.promise;
    }
    const run: Run = {
      promise: Promise.resolve({ accountId, pages: 0, documents: 0, changed: 0, absent: 0 }),
      listeners: new Set(),
      progress: { accountId, pages: 0, documents: 0, total: null },
    };
    if (options.onProgress) run.listeners.add(options.onProgress);
    run.promise = this.execute(accountId, run, options.signal).finally(() => this.runs.delete(accountId));
    this.runs.set(accountId, run);
    return run.promise;
  }

  private async execute(accountId: string, run: Run, signal?: AbortSignal): Promise<FullSyncResult> {
    const { reconciler, reader, syncState, stamps } = this.deps;
    const now = this.deps.now ?? (() => new Date());
    const counts = { pages: 0, documents: 0, changed: 0 };
    syncState.started(accountId, now());
    try {
      const client = await this.deps.clientFor(accountId);
      const pages = client.listDocuments(signal ? { signal } : {})[Symbol.asyncIterator]();
      const startStamp = stamps.next();
      let readAt = startStamp;
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        const page = next.value;
        const applied = reconciler.apply(accountId, page.documents, readAt);
        counts.pages += 1;
        counts.documents += page.documents.length;
        counts.changed += applied.filter((entry) => entry.outcome === 'inserted' || entry.outcome === 'updated').length;
        syncState.progressed(accountId, counts.pages, counts.documents);
        run.progress = { accountId, pages: counts.pages, documents: counts.documents, total: page.count };
        for (const listener of run.listeners) tell(listener, run.progress);
        readAt = stamps.next();
      }
      const absent = reader.countReadBefore(accountId, startStamp);
      syncState.finished(accountId, now(), { pages: counts.pages, documents: counts.documents, absent });
      return { accountId, pages: counts.pages, documents: counts.documents, changed: counts.changed, absent };
    } catch (error) {
      // The detail of an unexpected error goes to the log (data-spine.ts logs what this throws).
      syncState.failed(accountId, storableError(error, 'The sync stopped on an unexpected error. The details are in the log.'), counts);
      throw error;
    }
  }
}

function tell(listener: (progress: FullSyncProgress) => void, progress: FullSyncProgress): void {
  try {
    listener(progress);
  } catch {
    // A failing progress listener does not stop the sync.
  }
}
