import type { AppErrorShape } from '../../../shared/contract/errors';
import type { Db } from '../db/database';
import { afterCommand, afterEvent, type JobCommand, type JobEvent, type JobState } from './state-machine';

export interface JobRow {
  id: string;
  kind: string;
  accountId: string;
  state: JobState;
  input: unknown;
  concurrency: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** In a team: the computer and member that started it (null on this data folder alone). */
  startedBy?: { computer: string; member: string } | null;
}

interface RawJob {
  id: string;
  kind: string;
  account_id: string;
  state: JobState;
  input: string;
  concurrency: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

const toJob = (raw: RawJob): JobRow => ({
  id: raw.id,
  kind: raw.kind,
  accountId: raw.account_id,
  state: raw.state,
  input: JSON.parse(raw.input) as unknown,
  concurrency: raw.concurrency,
  createdAt: raw.created_at,
  updatedAt: raw.updated_at,
  finishedAt: raw.finished_at,
});

/**
 * Jobs in SQLite: the control plane every process shares. A command or an owner's event moves a job
 * through the state machine in one `BEGIN IMMEDIATE` transaction, so commands from several processes
 * never overwrite each other: each applies to the state the previous one left.
 */
export class JobsRepo {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  create(job: { id: string; kind: string; accountId: string; state?: JobState; input?: unknown; concurrency?: number }): JobRow {
    const now = this.now();
    this.db
      .prepare(
        `INSERT INTO jobs (id, kind, account_id, state, input, concurrency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, finished_at = NULL`,
      )
      .run(job.id, job.kind, job.accountId, job.state ?? 'queued', JSON.stringify(job.input ?? {}), job.concurrency ?? 4, now, now);
    return this.get(job.id)!;
  }

  get(id: string): JobRow | undefined {
    const raw = this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as RawJob | undefined;
    return raw && toJob(raw);
  }

  state(id: string): JobState | null {
    const raw = this.db.prepare('SELECT state FROM jobs WHERE id = ?').get(id) as { state: JobState } | undefined;
    return raw?.state ?? null;
  }

  list(accountId: string, limit = 50): JobRow[] {
    return (
      this.db.prepare('SELECT * FROM jobs WHERE account_id = ? ORDER BY created_at DESC LIMIT ?').all(accountId, limit) as RawJob[]
    ).map(toJob);
  }

  /** Every unsettled job of this data folder (a process that starts takes them up where nobody owns them). */
  unsettled(): string[] {
    const rows = this.db.prepare(`SELECT id FROM jobs WHERE state IN ('queued', 'running', 'pausing', 'cancelling')`).all() as {
      id: string;
    }[];
    return rows.map((row) => row.id);
  }

  /** Applies a command from any process; answers the states before and after (equal when it had nothing to do). */
  command(id: string, command: JobCommand): { before: JobState; after: JobState } | null {
    return this.move(id, (state) => afterCommand(state, command));
  }

  /** Applies an owner's event. */
  event(id: string, event: JobEvent): { before: JobState; after: JobState } | null {
    return this.move(id, (state) => afterEvent(state, event));
  }

  /** The owner cannot go on: the job pauses with the reason (resumable). */
  stop(id: string, error: AppErrorShape): void {
    this.db.prepare('UPDATE jobs SET stopped_by = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(error), this.now(), id);
    this.event(id, 'stoppedByError');
  }

  /** This folder's shadow of a team job (a kind with its own rows, such as a batch's send): its state, stop reason and end as the team has them. */
  shadow(job: JobRow, stoppedBy: AppErrorShape | null): void {
    this.db
      .prepare(
        'UPDATE jobs SET state = ?, stopped_by = ?, finished_at = ?, updated_at = ? WHERE id = ? AND (state <> ? OR finished_at IS NOT ?)',
      )
      .run(job.state, stoppedBy ? JSON.stringify(stoppedBy) : null, job.finishedAt, this.now(), job.id, job.state, job.finishedAt);
  }

  stoppedBy(id: string): AppErrorShape | null {
    const raw = this.db.prepare('SELECT stopped_by FROM jobs WHERE id = ?').get(id) as { stopped_by: string | null } | undefined;
    return raw?.stopped_by ? (JSON.parse(raw.stopped_by) as AppErrorShape) : null;
  }

  clearStop(id: string): void {
    this.db.prepare('UPDATE jobs SET stopped_by = NULL WHERE id = ?').run(id);
  }

  private move(id: string, next: (state: JobState) => JobState): { before: JobState; after: JobState } | null {
    const step = this.db.transaction(() => {
      const before = this.state(id);
      if (before === null) return null;
      const after = next(before);
      if (after !== before) {
        const final = after === 'finished' || after === 'cancelled';
        this.db
          .prepare('UPDATE jobs SET state = ?, updated_at = ?, finished_at = ? WHERE id = ?')
          .run(after, this.now(), final ? this.now() : null, id);
      }
      return { before, after };
    });
    return step.immediate();
  }
}
