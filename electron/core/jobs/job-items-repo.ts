import type { AppErrorShape } from '../../../shared/contract/errors';
import type { Db } from '../db/database';
import { emptyCounts, type ItemState, type ItemStore, type JobItem, type NewItem, type SettleFields } from './item-store';

export type { ItemState, JobItem } from './item-store';

interface RawItem {
  job_id: string;
  seq: number;
  subject: string;
  input: string;
  state: ItemState;
  attempts: number;
  outcome: string | null;
  error: string | null;
  bytes: number;
  started_at: number | null;
  finished_at: number | null;
}

const toItem = (raw: RawItem): JobItem => ({
  jobId: raw.job_id,
  seq: raw.seq,
  subject: raw.subject,
  input: JSON.parse(raw.input) as Record<string, unknown>,
  state: raw.state,
  attempts: raw.attempts,
  outcome: raw.outcome ? (JSON.parse(raw.outcome) as Record<string, unknown>) : null,
  error: raw.error ? (JSON.parse(raw.error) as AppErrorShape) : null,
  bytes: raw.bytes,
  startedAt: raw.started_at,
  finishedAt: raw.finished_at,
});

/** A job's items: written with the job before its first request, claimed one at a time by its owner. */
export class JobItemsRepo implements ItemStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** `work` in one IMMEDIATE transaction (nested transactions, such as the journal's, become savepoints). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  add(jobId: string, items: readonly NewItem[]): void {
    const insert = this.db.prepare(
      'INSERT INTO job_items (job_id, seq, subject, input, state, outcome, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    items.forEach((item, index) => {
      const state = item.state ?? 'pending';
      const final = state !== 'pending';
      insert.run(
        jobId,
        item.seq ?? index + 1,
        item.subject,
        JSON.stringify(item.input ?? {}),
        state,
        item.outcome ? JSON.stringify(item.outcome) : null,
        final ? this.now() : null,
      );
    });
  }

  items(jobId: string): JobItem[] {
    return (this.db.prepare('SELECT * FROM job_items WHERE job_id = ? ORDER BY seq').all(jobId) as RawItem[]).map(toItem);
  }

  inState(jobId: string, states: readonly ItemState[]): JobItem[] {
    const marks = states.map(() => '?').join(', ');
    return (
      this.db.prepare(`SELECT * FROM job_items WHERE job_id = ? AND state IN (${marks}) ORDER BY seq`).all(jobId, ...states) as RawItem[]
    ).map(toItem);
  }

  counts(jobId: string): Record<ItemState, number> & { bytes: number } {
    const rows = this.db
      .prepare('SELECT state, COUNT(*) AS n, SUM(bytes) AS bytes FROM job_items WHERE job_id = ? GROUP BY state')
      .all(jobId) as { state: ItemState; n: number; bytes: number | null }[];
    const counts = emptyCounts();
    let bytes = 0;
    for (const row of rows) {
      counts[row.state] = row.n;
      bytes += row.bytes ?? 0;
    }
    return { ...counts, bytes };
  }

  /** Takes the next pending item (state `running`, one more attempt) in one IMMEDIATE transaction. */
  claimNext(jobId: string): JobItem | undefined {
    const claim = this.db.transaction(() => {
      const next = this.db.prepare(`SELECT seq FROM job_items WHERE job_id = ? AND state = 'pending' ORDER BY seq LIMIT 1`).get(jobId) as
        { seq: number } | undefined;
      if (!next) return undefined;
      this.db
        .prepare(
          `UPDATE job_items SET state = 'running', attempts = attempts + 1, started_at = ?, error = NULL WHERE job_id = ? AND seq = ?`,
        )
        .run(this.now(), jobId, next.seq);
      return this.item(jobId, next.seq);
    });
    return claim.immediate();
  }

  item(jobId: string, seq: number): JobItem | undefined {
    const raw = this.db.prepare('SELECT * FROM job_items WHERE job_id = ? AND seq = ?').get(jobId, seq) as RawItem | undefined;
    return raw && toItem(raw);
  }

  settle(jobId: string, seq: number, state: ItemState, fields: SettleFields = {}): void {
    const final = state !== 'pending' && state !== 'running' && state !== 'uncertain';
    const keepError = fields.error === undefined ? 1 : 0;
    this.db
      .prepare(
        'UPDATE job_items SET state = ?, outcome = COALESCE(?, outcome), error = CASE WHEN ? THEN error ELSE ? END, bytes = bytes + ?, finished_at = ? WHERE job_id = ? AND seq = ?',
      )
      .run(
        state,
        fields.outcome ? JSON.stringify(fields.outcome) : null,
        keepError,
        fields.error ? JSON.stringify(fields.error) : null,
        fields.bytes ?? 0,
        final ? this.now() : null,
        jobId,
        seq,
      );
  }

  /** Failed items back to pending (Retry failed). */
  retryFailed(jobId: string): number {
    return this.db
      .prepare(`UPDATE job_items SET state = 'pending', error = NULL, finished_at = NULL WHERE job_id = ? AND state = 'failed'`)
      .run(jobId).changes;
  }

  /** Pending items of a cancelled job. */
  cancelPending(jobId: string): number {
    return this.db
      .prepare(`UPDATE job_items SET state = 'cancelled', finished_at = ? WHERE job_id = ? AND state = 'pending'`)
      .run(this.now(), jobId).changes;
  }

  /** When the signature was last reminded (a done item of a `remind` job), or null. */
  lastReminderAt(signatureId: string): number | null {
    const row = this.db
      .prepare(
        `SELECT MAX(i.finished_at) AS at FROM job_items i JOIN jobs j ON j.id = i.job_id WHERE j.kind = 'remind' AND i.subject = ? AND i.state = 'done'`,
      )
      .get(signatureId) as { at: number | null } | undefined;
    return row?.at ?? null;
  }

  /**
   * The account's reminders, one row per signature (one pass, not one query per signer): how many were
   * done, the last one's time, and how many are still on their way (an item of a job not yet over).
   */
  reminderHistory(accountId: string): { subject: string; n: number; last: number | null; open: number }[] {
    return this.db
      .prepare(
        `SELECT i.subject AS subject, COUNT(*) FILTER (WHERE i.state = 'done') AS n, MAX(i.finished_at) FILTER (WHERE i.state = 'done') AS last,
           COUNT(*) FILTER (WHERE i.state IN ('pending', 'running', 'uncertain') AND j.state NOT IN ('cancelled', 'finished')) AS open
         FROM job_items i JOIN jobs j ON j.id = i.job_id
         WHERE j.kind = 'remind' AND j.account_id = ? GROUP BY i.subject`,
      )
      .all(accountId) as { subject: string; n: number; last: number | null; open: number }[];
  }
}
