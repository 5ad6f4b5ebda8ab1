import { isFinalDocumentStatus } from '../../../shared/domain/status-codes';
import type { Logger } from '../logging/logger';
import type { OpenDocument } from '../mirror/document-reader';
import type { AppliedDocument } from '../mirror/mirror-types';
import type { DocumentRefresher } from './document-refresher';
import { DueQueue } from './due-queue';
import type { Timers } from './timers';

export interface RefreshScheduleOptions {
  /** First interval, and the interval after a read that found a change. */
  baseMs: number;
  /** Intervals double after each read that found nothing new, up to this. */
  maxMs: number;
  /** Scheduled reads in flight at once (the account's limiter still applies to each). */
  maxInFlight: number;
  /** Each due time moves by up to ± this fraction of the interval, so reads spread out. */
  jitter: number;
}

export const defaultRefreshSchedule: RefreshScheduleOptions = { baseMs: 30_000, maxMs: 15 * 60_000, maxInFlight: 4, jitter: 0.1 };

export interface RefreshSchedulerDeps {
  refresher: DocumentRefresher;
  timers: Timers;
  options?: Partial<RefreshScheduleOptions>;
  /** In [0, 1); jitter comes from it. */
  random?: () => number;
  logger?: Logger;
}

interface Entry {
  accountId: string;
  documentId: string;
  intervalMs: number;
  dueAt: number;
  reading: boolean;
  version: number;
}

interface QueueItem {
  key: string;
  dueAt: number;
  version: number;
}

/**
 * Re-reads documents that may still change (any status but CO and CA) so the mirror catches up even
 * when a notification never arrives. Per document the interval starts at `baseMs` (or, for a document
 * first seen, its age, within bounds: an old pending document is unlikely to move soon), doubles after
 * every read that found nothing new, up to `maxMs`, and goes back to `baseMs` when a read finds a
 * change — whoever made that read (the reconciler reports every applied snapshot through
 * `noteApplied`). Completed, cancelled and vanished (404) documents leave the schedule.
 */
export class RefreshScheduler {
  private readonly options: RefreshScheduleOptions;
  private readonly random: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly queue = new DueQueue<QueueItem>();
  private timer: { handle: unknown; dueAt: number } | null = null;
  private inFlight = 0;
  private stopped = false;

  constructor(private readonly deps: RefreshSchedulerDeps) {
    this.options = { ...defaultRefreshSchedule, ...deps.options };
    this.random = deps.random ?? Math.random;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many documents of an account are on the schedule. */
  watching(accountId: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.accountId === accountId) count += 1;
    return count;
  }

  /** When the document is next due (ms), and at what interval; undefined when not scheduled. */
  scheduleOf(accountId: string, documentId: string): { dueAt: number; intervalMs: number; reading: boolean } | undefined {
    const entry = this.entries.get(keyOf(accountId, documentId));
    return entry && { dueAt: entry.dueAt, intervalMs: entry.intervalMs, reading: entry.reading };
  }

  /**
   * Adds open documents already in the mirror (not yet scheduled), due an interval after their last
   * read — or after now, for a read stamped in the future (the computer's clock was put back since).
   */
  watch(accountId: string, documents: readonly OpenDocument[]): void {
    if (this.stopped) return;
    const now = this.deps.timers.now();
    for (const document of documents) {
      const key = keyOf(accountId, document.documentId);
      if (this.entries.has(key) || isFinalDocumentStatus(document.status)) continue;
      const entry = this.newEntry(accountId, document.documentId, document.createdMs);
      this.entries.set(key, entry);
      this.schedule(entry, entry.intervalMs, Number.isFinite(document.readAt) ? Math.min(document.readAt, now) : now);
    }
  }

  /** The reconciler's `onApplied`: every snapshot applied, by any read. */
  noteApplied(accountId: string, applied: readonly AppliedDocument[]): void {
    if (this.stopped) return;
    for (const item of applied) {
      const key = keyOf(accountId, item.documentId);
      const entry = this.entries.get(key);
      if (isFinalDocumentStatus(item.status)) {
        this.entries.delete(key);
        continue;
      }
      if (!entry) {
        const created = this.newEntry(accountId, item.documentId, item.createdMs);
        this.entries.set(key, created);
        this.schedule(created, created.intervalMs);
      } else if (item.outcome === 'inserted' || item.outcome === 'updated') {
        this.schedule(entry, this.options.baseMs);
      } else {
        this.schedule(entry, Math.min(this.options.maxMs, entry.intervalMs * 2));
      }
    }
  }

  forget(accountId: string, documentId?: string): void {
    if (documentId !== undefined) {
      this.entries.delete(keyOf(accountId, documentId));
      return;
    }
    for (const [key, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(key);
  }

  /** Stops scheduling; reads in flight finish on their own. */
  stop(): void {
    this.stopped = true;
    this.entries.clear();
    this.queue.clear();
    if (this.timer) this.deps.timers.clearTimeout(this.timer.handle);
    this.timer = null;
  }

  private newEntry(accountId: string, documentId: string, createdMs: number | null): Entry {
    const { baseMs, maxMs } = this.options;
    const age = createdMs === null ? 0 : this.deps.timers.now() - createdMs;
    const intervalMs = Math.min(maxMs, Math.max(baseMs, age));
    return { accountId, documentId, intervalMs, dueAt: Number.POSITIVE_INFINITY, reading: false, version: 0 };
  }

  private schedule(entry: Entry, intervalMs: number, from = this.deps.timers.now()): void {
    if (this.stopped) return;
    const spread = 1 + this.options.jitter * (2 * this.random() - 1);
    entry.intervalMs = intervalMs;
    entry.dueAt = from + Math.round(intervalMs * spread);
    entry.version += 1;
    this.queue.push({ key: keyOf(entry.accountId, entry.documentId), dueAt: entry.dueAt, version: entry.version });
    if (!entry.reading) this.arm();
  }

  private pump(): void {
    this.timer = null;
    if (this.stopped) return;
    const now = this.deps.timers.now();
    while (this.inFlight < this.options.maxInFlight) {
      const top = this.validTop();
      if (!top || top.entry.dueAt > now) break;
      this.queue.pop();
      this.read(top.entry);
    }
    this.arm();
  }

  private read(entry: Entry): void {
    entry.reading = true;
    entry.version += 1;
    entry.dueAt = Number.POSITIVE_INFINITY;
    this.inFlight += 1;
    const version = entry.version;
    const key = keyOf(entry.accountId, entry.documentId);
    const done = (outcome: 'read' | 'not-found' | 'failed') => {
      this.inFlight -= 1;
      entry.reading = false;
      if (this.entries.get(key) === entry) {
        if (outcome === 'not-found') this.entries.delete(key);
        // No snapshot was reported (a failure): back off as if unchanged.
        else if (entry.version === version) this.schedule(entry, Math.min(this.options.maxMs, entry.intervalMs * 2));
        // Rescheduled by `noteApplied` while reading: queue it again, now that it is not reading.
        else this.queue.push({ key, dueAt: entry.dueAt, version: entry.version });
      }
      this.pump();
    };
    this.deps.refresher.refresh(entry.accountId, entry.documentId, { background: true }).then(
      (outcome) => done(outcome === 'not-found' ? 'not-found' : 'read'),
      (error: unknown) => {
        this.deps.logger?.log('warn', 'sync: a scheduled re-read failed', {
          accountId: entry.accountId,
          documentId: entry.documentId,
          error: String(error),
        });
        done('failed');
      },
    );
  }

  /** The earliest queued item still current, dropping outdated ones. */
  private validTop(): { item: QueueItem; entry: Entry } | undefined {
    for (let item = this.queue.peek(); item; item = this.queue.peek()) {
      const entry = this.entries.get(item.key);
      if (entry && entry.version === item.version && !entry.reading) return { item, entry };
      this.queue.pop();
    }
    return undefined;
  }

  private arm(): void {
    if (this.stopped || this.inFlight >= this.options.maxInFlight) return;
    const top = this.validTop();
    if (!top) return;
    if (this.timer && this.timer.dueAt <= top.entry.dueAt) return;
    if (this.timer) this.deps.timers.clearTimeout(this.timer.handle);
    const delay = Math.max(0, top.entry.dueAt - this.deps.timers.now());
    this.timer = { handle: this.deps.timers.setTimeout(() => this.pump(), delay), dueAt: top.entry.dueAt };
  }
}

function keyOf(accountId: string, documentId: string): string {
  return `${accountId}\u0000${documentId}`;
}
