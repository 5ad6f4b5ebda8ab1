import type { AppErrorShape } from '../../../shared/contract/errors';
import type { JobsStore } from '../jobs/job-storage';
import type { JobRow } from '../jobs/jobs-repo';
import { afterCommand, afterEvent, type JobCommand, type JobEvent, type JobState } from '../jobs/state-machine';
import type { TeamSync } from './team-sync';

/**
 * The team's jobs (issue 32, "one job queue"): the engine's `JobsStore` port on `signdock.jobs`. The
 * account is the team's name for it (`teamAccountKey`), the same on every computer; a job of an account
 * this computer does not have is not shown here (it could not act on it). A command or an owner's event
 * moves the job through the same state machine, under the row's lock (`SELECT … FOR UPDATE`), so commands
 * from several computers apply one after the other, as `BEGIN IMMEDIATE` does in SQLite.
 */

export interface TeamAccounts {
  /** The team's key of this computer's account (known once its credentials were read). */
  keyOf(accountId: string): string;
  /** This computer's account for a team key, or null: not one of ours. */
  accountOf(key: string): string | null;
}

interface RawTeamJob {
  id: string;
  kind: string;
  account: string;
  state: JobState;
  input: unknown;
  concurrency: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  computer: string;
  member: string;
}

const columns = 'id, kind, account, state, input, concurrency, created_at, updated_at, finished_at, computer, member';

export class TeamJobsRepo implements JobsStore {
  constructor(private readonly deps: { sync: TeamSync; computer: string; accounts: TeamAccounts; now?: () => number }) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private toJob(raw: RawTeamJob): JobRow | undefined {
    const accountId = this.deps.accounts.accountOf(raw.account);
    if (!accountId) return undefined;
    return {
      id: raw.id,
      kind: raw.kind,
      accountId,
      state: raw.state,
      input: raw.input,
      concurrency: raw.concurrency,
      createdAt: Number(raw.created_at),
      updatedAt: Number(raw.updated_at),
      finishedAt: raw.finished_at === null ? null : Number(raw.finished_at),
      startedBy: { computer: raw.computer, member: raw.member },
    };
  }

  create(job: { id: string; kind: string; accountId: string; state?: JobState; input?: unknown; concurrency?: number }): JobRow {
    const now = this.now();
    this.deps.sync.query(
      `INSERT INTO signdock.jobs (id, kind, account, state, input, concurrency, created_at, updated_at, computer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
       ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at, finished_at = NULL`,
      [
        job.id,
        job.kind,
        this.deps.accounts.keyOf(job.accountId),
        job.state ?? 'queued',
        JSON.stringify(job.input ?? {}),
        job.concurrency ?? 4,
        now,
        this.deps.computer,
      ],
    );
    return this.get(job.id)!;
  }

  get(id: string): JobRow | undefined {
    const raw = this.deps.sync.query<RawTeamJob>(`SELECT ${columns} FROM signdock.jobs WHERE id = $1`, [id]).rows[0];
    return raw && this.toJob(raw);
  }

  state(id: string): JobState | null {
    return this.deps.sync.query<{ state: JobState }>('SELECT state FROM signdock.jobs WHERE id = $1', [id]).rows[0]?.state ?? null;
  }

  list(accountId: string, limit = 50): JobRow[] {
    const rows = this.deps.sync.query<RawTeamJob>(
      `SELECT ${columns} FROM signdock.jobs WHERE account = $1 ORDER BY created_at DESC LIMIT $2`,
      [this.deps.accounts.keyOf(accountId), limit],
    ).rows;
    return rows.flatMap((raw) => this.toJob(raw) ?? []);
  }

  /** This computer's unsettled jobs: those it started and nobody holds, and those whose last holder was this computer. */
  unsettled(): string[] {
    return this.deps.sync
      .query<{ id: string }>(
        `SELECT j.id FROM signdock.jobs j LEFT JOIN signdock.job_leases l ON l.job_id = j.id
         WHERE j.state IN ('queued', 'running', 'pausing', 'cancelling') AND COALESCE(l.computer, j.computer) = $1`,
        [this.deps.computer],
      )
      .rows.map((row) => row.id);
  }

  command(id: string, command: JobCommand): { before: JobState; after: JobState } | null {
    return this.move(id, (state) => afterCommand(state, command));
  }

  event(id: string, event: JobEvent): { before: JobState; after: JobState } | null {
    return this.move(id, (state) => afterEvent(state, event));
  }

  stop(id: string, error: AppErrorShape): void {
    this.deps.sync.query('UPDATE signdock.jobs SET stopped_by = $2, updated_at = $3 WHERE id = $1', [
      id,
      JSON.stringify(error),
      this.now(),
    ]);
    this.event(id, 'stoppedByError');
  }

  stoppedBy(id: string): AppErrorShape | null {
    const row = this.deps.sync.query<{ stopped_by: AppErrorShape | null }>('SELECT stopped_by FROM signdock.jobs WHERE id = $1', [id])
      .rows[0];
    return row?.stopped_by ?? null;
  }

  clearStop(id: string): void {
    this.deps.sync.query('UPDATE signdock.jobs SET stopped_by = NULL WHERE id = $1', [id]);
  }

  private move(id: string, next: (state: JobState) => JobState): { before: JobState; after: JobState } | null {
    return this.deps.sync.transaction(() => {
      const row = this.deps.sync.query<{ state: JobState }>('SELECT state FROM signdock.jobs WHERE id = $1 FOR UPDATE', [id]).rows[0];
      if (!row) return null;
      const before = row.state;
      const after = next(before);
      if (after !== before) {
        const final = after === 'finished' || after === 'cancelled';
        this.deps.sync.query('UPDATE signdock.jobs SET state = $2, updated_at = $3, finished_at = $4 WHERE id = $1', [
          id,
          after,
          this.now(),
          final ? this.now() : null,
        ]);
      }
      return { before, after };
    });
  }
}
