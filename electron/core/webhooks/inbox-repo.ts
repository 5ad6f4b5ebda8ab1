import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { notificationKinds, type InboxItem, type InboxState, type InboxStats } from '../../../shared/domain/webhooks';
import type { InboxEntry } from './notification';

export type StoreResult = 'stored' | 'duplicate';

/**
 * An inbox row as stored: what the UI lists (`InboxItem` of shared/domain/webhooks.ts, whose `raw` is
 * `rawBody` here) with its account and what the refresh found ('changed', 'unchanged', 'not-found'; null
 * until processed).
 */
export interface InboxRow extends Omit<InboxItem, 'raw'> {
  accountId: string;
  rawBody: string;
  outcome: string | null;
}

/** The inbox's counts: `InboxStats` without the listener's refusals, which webhook-service.ts adds. */
type InboxCounts = Omit<InboxStats, 'refused'>;

export interface InboxListQuery {
  accountId?: string;
  state?: InboxState;
  /** Page size, 1..500 (default 50). */
  limit?: number;
  /** Rows to skip, newest first. */
  offset?: number;
}

/** A page of rows and how many match the query, all pages. */
interface InboxRowPage {
  items: InboxRow[];
  total: number;
}

/** The rows of one document the worker settles at once: pending, known kind, id ≤ horizon. */
export interface DocumentSelector {
  accountId: string;
  documentId: string;
  /** The largest inbox id committed before the refresh began. */
  horizon: number;
}

interface RawItem {
  id: number;
  account_id: string;
  notification_id: string | null;
  kind: string;
  document_id: string | null;
  signature_id: string | null;
  raw_body: string;
  received_at: string;
  duplicates: number;
  state: InboxState;
  attempts: number;
  outcome: string | null;
  last_error: string | null;
  processed_at: string | null;
}

const toRow = (raw: RawItem): InboxRow => ({
  id: raw.id,
  accountId: raw.account_id,
  notificationId: raw.notification_id,
  kind: raw.kind,
  documentId: raw.document_id,
  signatureId: raw.signature_id,
  rawBody: raw.raw_body,
  receivedAt: raw.received_at,
  duplicates: raw.duplicates,
  state: raw.state,
  attempts: raw.attempts,
  outcome: raw.outcome,
  lastError: raw.last_error,
  processedAt: raw.processed_at,
});

const KNOWN = `kind IN (${notificationKinds.map((kind) => `'${kind}'`).join(', ')})`;
/**
 * A document's rows, found through the inbox's one key (`webhook_inbox_key`: account, `ifnull(document_id, '')`,
 * dedupe key), which the statements name: without statistics SQLite would take the account's index and read
 * every pending row of the account for each document settled.
 */
const OF_DOCUMENT = `account_id = @accountId AND ifnull(document_id, '') = @documentId AND state = 'pending' AND ${KNOWN} AND id <= @horizon`;
/** The inbox, read through its key (for the statements that select `OF_DOCUMENT`). */
const INBOX_BY_KEY = 'webhook_inbox INDEXED BY webhook_inbox_key';

/**
 * One notification into the inbox, or one more duplicate of it (also the writer thread's: inbox-writer.ts),
 * its values bound in the order `upsertValues` gives them (positional: no object per row).
 */
export const UPSERT_INBOX_SQL = `
  INSERT INTO webhook_inbox (account_id, dedupe_key, notification_id, kind, document_id, signature_id, raw_body, received_at, next_attempt_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (account_id, ifnull(document_id, ''), dedupe_key) DO UPDATE SET duplicates = duplicates + 1
  RETURNING duplicates`;

/** A notification's values for `UPSERT_INBOX_SQL`, in its order; due at `dueAtMs`. */
export const upsertValues = (entry: InboxEntry, dueAtMs: number): (string | number | null)[] => [
  entry.accountId,
  entry.dedupeKey,
  entry.notificationId,
  entry.kind,
  entry.documentId,
  entry.signatureId,
  entry.rawBody,
  entry.receivedAt,
  dueAtMs,
];

/** The notifications inbox (table `webhook_inbox`). Every write is one transaction. */
export class InboxRepo {
  private readonly upsert: Statement;
  private readonly dueRows: Statement;
  private readonly nextDue: Statement;
  private readonly lastId: Statement;
  private readonly ignore: Statement;
  private readonly fail: Statement;
  private readonly settleDocument: Statement;
  private readonly retryRows: Statement;
  private readonly deferRows: Statement;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare(UPSERT_INBOX_SQL);
    this.dueRows = db.prepare(
      `SELECT * FROM webhook_inbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
    );
    this.nextDue = db.prepare(`SELECT min(next_attempt_at) AS at FROM webhook_inbox WHERE state = 'pending'`);
    this.lastId = db.prepare('SELECT coalesce(max(id), 0) AS id FROM webhook_inbox');
    this.ignore = db.prepare(`UPDATE webhook_inbox SET state = 'ignored', processed_at = ? WHERE id = ? AND state = 'pending'`);
    this.fail = db.prepare(
      `UPDATE webhook_inbox SET state = 'failed', last_error = ?, processed_at = ? WHERE id = ? AND state = 'pending'`,
    );
    this.settleDocument = db.prepare(
      `UPDATE ${INBOX_BY_KEY} SET state = @state, outcome = @outcome, last_error = @error, processed_at = @at, attempts = attempts + 1 WHERE ${OF_DOCUMENT}`,
    );
    this.retryRows = db.prepare(`
      UPDATE ${INBOX_BY_KEY} SET attempts = attempts + 1, last_error = @error, next_attempt_at = @nextAttemptAt,
        state = CASE WHEN attempts + 1 >= @maxAttempts THEN 'failed' ELSE 'pending' END,
        processed_at = CASE WHEN attempts + 1 >= @maxAttempts THEN @at ELSE NULL END
      WHERE ${OF_DOCUMENT}`);
    this.deferRows = db.prepare(`UPDATE ${INBOX_BY_KEY} SET next_attempt_at = max(next_attempt_at, @nextAttemptAt) WHERE ${OF_DOCUMENT}`);
  }

  /**
   * Stores a batch in one transaction (one fsync): 'stored' for a new row, 'duplicate' for a repeat.
   * New rows become due at `dueAtMs` (a short delay lets notifications of one document coalesce).
   */
  insertMany(entries: readonly InboxEntry[], dueAtMs = 0): StoreResult[] {
    return this.db.transaction(() =>
      entries.map((entry) =>
        (this.upsert.get(upsertValues(entry, dueAtMs)) as { duplicates: number }).duplicates === 0 ? 'stored' : 'duplicate',
      ),
    )();
  }

  /** Pending rows whose next attempt is due, oldest first. */
  due(nowMs: number, limit: number): InboxRow[] {
    return (this.dueRows.all(nowMs, limit) as RawItem[]).map(toRow);
  }

  /** When the earliest pending row becomes due (ms since epoch), or null when none is pending. */
  nextDueAt(): number | null {
    return (this.nextDue.get() as { at: number | null }).at;
  }

  maxId(): number {
    return (this.lastId.get() as { id: number }).id;
  }

  /** Applies a batch of worker outcomes in one transaction. */
  settle(work: () => void): void {
    this.db.transaction(work)();
  }

  markIgnored(ids: readonly number[], at: string): void {
    for (const id of ids) this.ignore.run(at, id);
  }

  markFailed(ids: readonly number[], error: string, at: string): void {
    for (const id of ids) this.fail.run(error, at, id);
  }

  /** Settles every pending row of a document up to the horizon as done (or failed) after one refresh. */
  markDocument(selector: DocumentSelector, state: 'done' | 'failed', outcome: string, error: string | null, at: string): number {
    return this.settleDocument.run({ ...selector, state, outcome, error, at }).changes;
  }

  /** Leaves a document's rows pending after a failed attempt; rows past `maxAttempts` become failed. */
  retryDocument(selector: DocumentSelector, error: string, nextAttemptAt: number, maxAttempts: number, at: string): void {
    this.retryRows.run({ ...selector, error, nextAttemptAt, maxAttempts, at });
  }

  /** Postpones a document's rows without counting an attempt (its account is paused). */
  deferDocument(selector: DocumentSelector, nextAttemptAt: number): void {
    this.deferRows.run({ ...selector, nextAttemptAt });
  }

  /** Puts failed rows back in the queue (a "retry" button). Returns how many. */
  retryFailed(accountId?: string): number {
    const where = accountId === undefined ? '' : 'AND account_id = @accountId';
    return this.db
      .prepare(
        `UPDATE webhook_inbox SET state = 'pending', attempts = 0, next_attempt_at = 0, processed_at = NULL WHERE state = 'failed' ${where}`,
      )
      .run(accountId === undefined ? {} : { accountId }).changes;
  }

  /** When the newest notification of an account (or any) was stored; null when none. */
  lastReceivedAt(accountId?: string): string | null {
    // Rows are stored as they arrive: the newest is the one with the highest id (read from the end, no scan).
    const where = accountId === undefined ? '' : 'WHERE account_id = ?';
    const row = this.db
      .prepare(`SELECT received_at AS at FROM webhook_inbox ${where} ORDER BY id DESC LIMIT 1`)
      .get(...(accountId === undefined ? [] : [accountId])) as { at: string } | undefined;
    return row?.at ?? null;
  }

  stats(accountId?: string): InboxCounts {
    const where = accountId === undefined ? '' : 'WHERE account_id = ?';
    const rows = this.db
      .prepare(`SELECT state, count(*) AS n, coalesce(sum(duplicates), 0) AS dups FROM webhook_inbox ${where} GROUP BY state`)
      .all(...(accountId === undefined ? [] : [accountId])) as { state: InboxState; n: number; dups: number }[];
    const stats: InboxCounts = { received: 0, duplicates: 0, pending: 0, done: 0, ignored: 0, failed: 0 };
    for (const row of rows) {
      stats[row.state] = row.n;
      stats.received += row.n;
      stats.duplicates += row.dups;
    }
    return stats;
  }

  /** A page of the inbox, newest first, with the raw bodies. */
  list(query: InboxListQuery = {}): InboxRowPage {
    const limit = Math.min(500, Math.max(1, Math.trunc(query.limit ?? 50)));
    const offset = Math.max(0, Math.trunc(query.offset ?? 0));
    const clauses: string[] = [];
    const params: Record<string, unknown> = {};
    if (query.accountId !== undefined) {
      clauses.push('account_id = @accountId');
      params.accountId = query.accountId;
    }
    if (query.state !== undefined) {
      clauses.push('state = @state');
      params.state = query.state;
    }
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows = this.db
      .prepare(`SELECT * FROM webhook_inbox ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit, offset }) as RawItem[];
    const total = (this.db.prepare(`SELECT count(*) AS n FROM webhook_inbox ${where}`).get(params) as { n: number }).n;
    return { items: rows.map(toRow), total };
  }

  /** Removes an account's notifications (when the account is removed). */
  deleteAccount(accountId: string): number {
    return this.db.prepare('DELETE FROM webhook_inbox WHERE account_id = ?').run(accountId).changes;
  }
}
