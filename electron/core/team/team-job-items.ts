import type { AppErrorShape } from '../../../shared/contract/errors';
import { emptyCounts, type ItemState, type ItemStore, type JobItem, type NewItem, type SettleFields } from '../jobs/item-store';
import type { JobStorage } from '../jobs/job-storage';
import type { TeamSync } from './team-sync';

/**
 * The team's job items (`signdock.job_items`): the engine's `ItemStore` port in the team store. The next
 * item is taken with `FOR UPDATE SKIP LOCKED` in the statement that marks it running, so two computers
 * (or two workers) never take the same item and neither waits for the other's lock. Every write is one
 * statement or runs in the caller's transaction (`transaction`: the worker connection's BEGIN … COMMIT).
 */

interface RawItem {
  job_id: string;
  seq: number;
  subject: string;
  input: Record<string, unknown>;
  state: ItemState;
  attempts: number;
  outcome: Record<string, unknown> | null;
  error: AppErrorShape | null;
  bytes: string;
  started_at: string | null;
  finished_at: string | null;
}

const toItem = (raw: RawItem): JobItem => ({
  jobId: raw.job_id,
  seq: raw.seq,
  subject: raw.subject,
  input: raw.input,
  state: raw.state,
  attempts: raw.attempts,
  outcome: raw.outcome,
  error: raw.error,
  bytes: Number(raw.bytes),
  startedAt: raw.started_at === null ? null : Number(raw.started_at),
  finishedAt: raw.finished_at === null ? null : Number(raw.finished_at),
});

const finalStates: readonly ItemState[] = ['done', 'skipped', 'failed', 'cancelled'];

export class TeamJobItems implements ItemStore, Pick<JobStorage['items'], 'add'> {
  constructor(
    private readonly sync: TeamSync,
    private readonly now: () => number = Date.now,
  ) {}

  transaction<T>(work: () => T): T {
    return this.sync.transaction(work);
  }

  add(jobId: string, items: readonly NewItem[]): void {
    // One statement per 500 items (PostgreSQL takes at most 65,535 parameters).
    for (let from = 0; from < items.length; from += 500) {
      const chunk = items.slice(from, from + 500);
      const values: unknown[] = [];
      const rows = chunk.map((item, index) => {
        const state = item.state ?? 'pending';
        values.push(jobId, item.seq ?? from + index + 1, item.subject, JSON.stringify(item.input ?? {}), state);
        values.push(item.outcome ? JSON.stringify(item.outcome) : null, state === 'pending' ? null : this.now());
        const at = index * 7;
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
      });
      this.sync.query(
        `INSERT INTO signdock.job_items (job_id, seq, subject, input, state, outcome, finished_at) VALUES ${rows.join(', ')}`,
        values,
      );
    }
  }

  items(jobId: string): JobItem[] {
    return this.sync.query<RawItem>('SELECT * FROM signdock.job_items WHERE job_id = $1 ORDER BY seq', [jobId]).rows.map(toItem);
  }

  inState(jobId: string, states: readonly ItemState[]): JobItem[] {
    return this.sync
      .query<RawItem>('SELECT * FROM signdock.job_items WHERE job_id = $1 AND state = ANY($2) ORDER BY seq', [jobId, states])
      .rows.map(toItem);
  }

  counts(jobId: string): Record<ItemState, number> & { bytes: number } {
    const rows = this.sync.query<{ state: ItemState; n: number; bytes: string | null }>(
      'SELECT state, count(*)::int AS n, sum(bytes)::text AS bytes FROM signdock.job_items WHERE job_id = $1 GROUP BY state',
      [jobId],
    ).rows;
    const counts = emptyCounts();
    let bytes = 0;
    for (const row of rows) {
      counts[row.state] = row.n;
      bytes += Number(row.bytes ?? 0);
    }
    return { ...counts, bytes };
  }

  claimNext(jobId: string): JobItem | undefined {
    const raw = this.sync.query<RawItem>(
      `UPDATE signdock.job_items SET state = 'running', attempts = attempts + 1, started_at = $2, error = NULL
       WHERE (job_id, seq) = (SELECT job_id, seq FROM signdock.job_items WHERE job_id = $1 AND state = 'pending'
                              ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [jobId, this.now()],
    ).rows[0];
    return raw && toItem(raw);
  }

  settle(jobId: string, seq: number, state: ItemState, fields: SettleFields = {}): void {
    const keepError = fields.error === undefined;
    this.sync.query(
      `UPDATE signdock.job_items SET state = $3, outcome = COALESCE($4::jsonb, outcome),
         error = CASE WHEN $5 THEN error ELSE $6::jsonb END, bytes = bytes + $7, finished_at = $8
       WHERE job_id = $1 AND seq = $2`,
      [
        jobId,
        seq,
        state,
        fields.outcome ? JSON.stringify(fields.outcome) : null,
        keepError,
        fields.error ? JSON.stringify(fields.error) : null,
        fields.bytes ?? 0,
        finalStates.includes(state) ? this.now() : null,
      ],
    );
  }

  retryFailed(jobId: string): number {
    return this.sync.query(
      `UPDATE signdock.job_items SET state = 'pending', error = NULL, finished_at = NULL WHERE job_id = $1 AND state = 'failed'`,
      [jobId],
    ).rowCount;
  }

  /** When the signature was last reminded through a team job (a done item of a `remind` job), or null. */
  lastReminderAt(signatureId: string): number | null {
    const row = this.sync.query<{ at: string | null }>(
      `SELECT max(i.finished_at)::text AS at FROM signdock.job_items i JOIN signdock.jobs j ON j.id = i.job_id
       WHERE j.kind = 'remind' AND i.subject = $1 AND i.state = 'done'`,
      [signatureId],
    ).rows[0];
    return row?.at ? Number(row.at) : null;
  }

  /** The account's reminders through team jobs, one row per signature (as `JobItemsRepo.reminderHistory`); `account` is its team key. */
  reminderHistory(account: string): { subject: string; n: number; last: number | null; open: number }[] {
    return this.sync
      .query<{ subject: string; n: number; last: string | null; open: number }>(
        `SELECT i.subject, (count(*) FILTER (WHERE i.state = 'done'))::int AS n, (max(i.finished_at) FILTER (WHERE i.state = 'done'))::text AS last,
           (count(*) FILTER (WHERE i.state IN ('pending', 'running', 'uncertain') AND j.state NOT IN ('cancelled', 'finished')))::int AS open
         FROM signdock.job_items i JOIN signdock.jobs j ON j.id = i.job_id
         WHERE j.kind = 'remind' AND j.account = $1 GROUP BY i.subject`,
        [account],
      )
      .rows.map((row) => ({ subject: row.subject, n: row.n, last: row.last === null ? null : Number(row.last), open: row.open }));
  }

  cancelPending(jobId: string): number {
    return this.sync.query(`UPDATE signdock.job_items SET state = 'cancelled', finished_at = $2 WHERE job_id = $1 AND state = 'pending'`, [
      jobId,
      this.now(),
    ]).rowCount;
  }
}
