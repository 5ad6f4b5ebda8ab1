import type { Logger } from '../logging/logger';
import type { DocumentRefresher, RefreshOutcome } from '../sync/document-refresher';
import type { DocumentSelector, InboxRepo, InboxRow } from './inbox-repo';
import { knownKinds } from './notification';
import { backoffMs, classifyRefreshError } from './refresh-errors';

export interface InboxWorkerOptions {
  repo: InboxRepo;
  refresher: DocumentRefresher;
  logger?: Logger;
  now?: () => number;
  random?: () => number;
  /** Refreshes in flight at once (default 4). */
  concurrency?: number;
  /** Rows read per round (default 200). */
  batchSize?: number;
  /** First retry delay (default 1 s), doubled per attempt up to `backoffMaxMs` (default 5 min). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** After this many failed attempts a row becomes failed (default 12: hours of retrying). */
  maxAttempts?: number;
  /**
   * After a round fails (the database refused a write: another process holds it), the worker waits
   * `backoffBaseMs`, doubled after each failure in a row up to `stallMaxMs` (default 60 s), before
   * it reads the inbox again; notifications stored meanwhile do not wake it earlier.
   */
  stallMaxMs?: number;
  /**
   * How long a new notification waits before its document is read (default 250 ms): the DS, DS… DC
   * of one completion arrive together and cost one read.
   */
  coalesceMs?: number;
  /**
   * While notifications keep arriving (one stored in the last `burstQuietMs`, default 25 ms), the
   * worker yields to the listener — answering within the service's 5 s matters more — unless the
   * oldest due row has waited `burstMaxLagMs` (default 2 s).
   */
  burstQuietMs?: number;
  burstMaxLagMs?: number;
  /** Called after each round that settled rows. */
  onSettled?: () => void;
}

/** A refresh's result, when the whole document was settled by it. */
type GroupResult =
  | { group: DocumentSelector; outcome: RefreshOutcome }
  | { group: DocumentSelector; error: unknown }
  | { group: DocumentSelector; skipped: true };

/** Told when a notification names a document the service does not know (decision: failed, not retried). */
export const NOT_FOUND_ERROR = 'The service does not know this document (reading it answered 404).';
export const NO_DOCUMENT_ERROR = 'The notification names no document.';

/**
 * Drains the inbox. Known kinds (DS, SD, DC) become one `refresh(account, document)` per document,
 * however many notifications name it (coalesced); unknown kinds are marked ignored. Nothing is
 * claimed in the database: a row is pending until its outcome commits, so rows left pending by a
 * crash are simply picked up again on the next start.
 */
export class InboxWorker {
  private running = false;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private readonly pausedUntil = new Map<string, number>();
  private idleWaiters: (() => void)[] = [];
  /** After a round failed (the database refused a write), the worker waits before trying again. */
  private stalledUntil = 0;
  /** Rounds that failed in a row: each doubles the wait. */
  private stalls = 0;
  private readonly now: () => number;

  private readonly coalesceMs: number;
  private lastStoredAt = -Infinity;
  private yielding = false;

  constructor(private readonly options: InboxWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.coalesceMs = options.coalesceMs ?? 250;
  }

  /** When a notification stored now becomes due (ms since epoch). */
  newRowsDueAt(): number {
    return this.now() + this.coalesceMs;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** New rows were stored, due at `dueAt`: drains then, without a query per commit meanwhile. */
  stored(dueAt: number): void {
    this.lastStoredAt = this.now();
    const at = Math.max(dueAt, this.stalledUntil);
    if (!this.running || this.draining || this.timerAt <= at) return;
    const wait = at - this.now();
    if (wait <= 0) return this.wake();
    this.setTimer(wait);
  }

  /** Looks for due rows now (or, while stalled after a failed round, when the stall ends). */
  wake(): void {
    if (!this.running || this.draining) return;
    const stalled = this.stalledUntil - this.now();
    if (stalled > 0) {
      if (this.timerAt > this.stalledUntil) this.setTimer(stalled);
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      this.scheduleNext();
    });
  }

  /** Stops after the refreshes in flight; their outcomes are still recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    await this.draining;
    this.releaseIdle();
  }

  /** Resolves once nothing is due now or within the coalescing delay (rows waiting for a retry may remain pending). */
  whenIdle(): Promise<void> {
    if (!this.draining && (!this.running || !this.busySoon())) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private busySoon(): boolean {
    const next = this.options.repo.nextDueAt();
    return next !== null && next <= this.now() + this.coalesceMs;
  }

  /** Rounds until nothing is due. Never rejects: a database error stalls the worker for a while. */
  private async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 200;
    try {
      while (this.running) {
        const oldest = this.options.repo.nextDueAt();
        if (oldest === null || oldest > this.now()) break;
        if ((this.yielding = this.yieldToBurst(oldest))) break;
        const rows = this.options.repo.due(this.now(), batchSize);
        if (rows.length === 0) break;
        await this.round(rows);
        this.stalls = 0;
      }
    } catch (error) {
      this.stall();
      this.options.logger?.log('error', 'Webhook inbox worker round failed', {
        error: String(error),
        retryInMs: this.stalledUntil - this.now(),
      });
    }
  }

  /** A round failed: wait longer after each failure in a row, so a database held elsewhere costs nothing meanwhile. */
  private stall(): void {
    const base = this.options.backoffBaseMs ?? 1000;
    const wait = Math.min(this.options.stallMaxMs ?? 60_000, base * 2 ** Math.min(this.stalls, 30));
    this.stalls += 1;
    this.stalledUntil = this.now() + wait;
  }

  private yieldToBurst(oldestDue: number): boolean {
    const now = this.now();
    return now - this.lastStoredAt < (this.options.burstQuietMs ?? 25) && now - oldestDue < (this.options.burstMaxLagMs ?? 2000);
  }

  private async round(rows: InboxRow[]): Promise<void> {
    const { repo } = this.options;
    const at = new Date(this.now()).toISOString();
    const ignored = rows.filter((row) => !knownKinds.has(row.kind)).map((row) => row.id);
    const orphans = rows.filter((row) => knownKinds.has(row.kind) && row.documentId === null).map((row) => row.id);
    if (ignored.length + orphans.length > 0) {
      repo.settle(() => {
        repo.markIgnored(ignored, at);
        repo.markFailed(orphans, NO_DOCUMENT_ERROR, at);
      });
    }
    const horizon = repo.maxId();
    const groups = new Map<string, DocumentSelector & { attempts: number }>();
    for (const row of rows) {
      if (!knownKinds.has(row.kind) || row.documentId === null) continue;
      const key = `${row.accountId}\u0000${row.documentId}`;
      const group = groups.get(key) ?? { accountId: row.accountId, documentId: row.documentId, horizon, attempts: 0 };
      group.attempts = Math.max(group.attempts, row.attempts);
      groups.set(key, group);
    }
    const results = await this.refreshAll([...groups.values()]);
    repo.settle(() => {
      for (const result of results)
        this.record(result, groups.get(`${result.group.accountId}\u0000${result.group.documentId}`)?.attempts ?? 0);
    });
    this.options.onSettled?.();
  }

  private async refreshAll(groups: DocumentSelector[]): Promise<GroupResult[]> {
    const results: GroupResult[] = [];
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < groups.length) {
        const group = groups[next++] as DocumentSelector;
        if (!this.running || (this.pausedUntil.get(group.accountId) ?? 0) > this.now()) {
          results.push({ group, skipped: true });
          continue;
        }
        try {
          results.push({ group, outcome: await this.options.refresher.refresh(group.accountId, group.documentId) });
        } catch (error) {
          results.push({ group, error });
          const failure = classifyRefreshError(error);
          if (failure.pauseAccount) this.pauseAccount(group.accountId, this.retryDelay(0, failure.retryAfterMs));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency ?? 4) }, lane));
    return results;
  }

  private record(result: GroupResult, attempts: number): void {
    const { repo, logger } = this.options;
    const at = new Date(this.now()).toISOString();
    if ('skipped' in result) {
      const until = this.pausedUntil.get(result.group.accountId) ?? 0;
      if (until > this.now()) repo.deferDocument(result.group, until);
      return;
    }
    if ('outcome' in result) {
      if (result.outcome === 'not-found') repo.markDocument(result.group, 'failed', 'not-found', NOT_FOUND_ERROR, at);
      else repo.markDocument(result.group, 'done', result.outcome, null, at);
      return;
    }
    const failure = classifyRefreshError(result.error);
    logger?.log('warn', 'Webhook refresh failed', { documentId: result.group.documentId, attempts: attempts + 1, error: failure.message });
    if (failure.permanent) {
      repo.markDocument(result.group, 'failed', 'error', failure.message, at);
      return;
    }
    const delay = this.retryDelay(attempts, failure.retryAfterMs);
    repo.retryDocument(result.group, failure.message, this.now() + delay, this.options.maxAttempts ?? 12, at);
  }

  private retryDelay(attempts: number, retryAfterMs: number | null): number {
    return backoffMs(
      attempts,
      this.options.backoffBaseMs ?? 1000,
      this.options.backoffMaxMs ?? 300_000,
      retryAfterMs,
      this.options.random ?? Math.random,
    );
  }

  private pauseAccount(accountId: string, delayMs: number): void {
    const until = this.now() + delayMs;
    if (until > (this.pausedUntil.get(accountId) ?? 0)) this.pausedUntil.set(accountId, until);
  }

  /** Sleeps until the earliest pending row is due; tells idle waiters when nothing is due now. */
  private scheduleNext(): void {
    this.clearTimer();
    if (!this.running) return this.releaseIdle();
    if (this.yielding) return this.setTimer(this.options.burstQuietMs ?? 25);
    let due: number | null;
    try {
      due = this.options.repo.nextDueAt();
    } catch {
      this.stall();
      due = this.stalledUntil;
    }
    if (due === null) return this.releaseIdle();
    const next = Math.max(due, this.stalledUntil);
    const wait = next - this.now();
    if (wait <= 0) return this.wake();
    if (wait > this.coalesceMs) this.releaseIdle();
    this.setTimer(wait);
  }

  private setTimer(wait: number): void {
    this.clearTimer();
    this.timerAt = this.now() + wait;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.wake();
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  private releaseIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
