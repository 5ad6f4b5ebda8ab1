import type { Db } from '../db/database';
import { certainlyDead, thisProcess, type Owner } from './owner';

/** The process that owns a job, as others see it. */
export interface LeaseHolder {
  owner: string;
  host: string;
  pid: number;
  expiresAt: number;
  /** The team member (database login) it runs for; null on this data folder alone. */
  member: string | null;
  /** This process. */
  self: boolean;
}

interface LeaseRow {
  owner: string;
  host: string;
  pid: number;
  heartbeat_at: number;
  expires_at: number;
}

export interface LeaseOptions {
  /** How long a lease lasts without a heartbeat (default 15 s; `SIGNDOCK_LEASE_TTL_MS`). */
  ttlMs?: number;
  now?: () => number;
  owner?: Owner;
}

/**
 * One owner per job across every process sharing the data folder. A lease is taken or renewed in one
 * `BEGIN IMMEDIATE` transaction, so two processes can never both believe they own a job. A lease whose
 * holder stopped renewing expires; a holder on this computer whose PID no longer exists has expired too.
 */
export class JobLeases {
  readonly owner: Owner;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: LeaseOptions = {},
  ) {
    this.owner = options.owner ?? thisProcess();
    this.ttlMs = options.ttlMs ?? (Number(process.env.SIGNDOCK_LEASE_TTL_MS) || 15_000);
    this.now = options.now ?? Date.now;
  }

  /** Takes the job when nobody holds it, its holder's lease expired or its holder died; else says who holds it. */
  acquire(jobId: string): { owned: true } | { owned: false; holder: LeaseHolder } {
    const take = this.db.transaction(() => {
      const row = this.row(jobId);
      const now = this.now();
      if (row && row.owner !== this.owner.id && row.expires_at > now && !certainlyDead(row)) return this.holderOf(row);
      this.db
        .prepare(
          `INSERT INTO job_leases (job_id, owner, host, pid, heartbeat_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (job_id) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
             heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at`,
        )
        .run(jobId, this.owner.id, this.owner.host, this.owner.pid, now, now + this.ttlMs);
      return null;
    });
    const holder = take.immediate();
    return holder ? { owned: false, holder } : { owned: true };
  }

  /** Extends this process's lease; false when it is no longer ours (it expired and another took it). */
  renew(jobId: string): boolean {
    const now = this.now();
    const result = this.db
      .prepare('UPDATE job_leases SET heartbeat_at = ?, expires_at = ? WHERE job_id = ? AND owner = ?')
      .run(now, now + this.ttlMs, jobId, this.owner.id);
    return result.changes === 1;
  }

  release(jobId: string): void {
    this.db.prepare('DELETE FROM job_leases WHERE job_id = ? AND owner = ?').run(jobId, this.owner.id);
  }

  /** Who holds the job now (an expired or dead holder counts as nobody). */
  holder(jobId: string): LeaseHolder | null {
    const row = this.row(jobId);
    if (!row || row.expires_at <= this.now() || (row.owner !== this.owner.id && certainlyDead(row))) return null;
    return this.holderOf(row);
  }

  /** The holder of a lease that ran out, or whose process is gone (the job's owner went away); null: held, or never taken. */
  lastHolder(jobId: string): LeaseHolder | null {
    const row = this.row(jobId);
    if (!row || row.owner === this.owner.id || (row.expires_at > this.now() && !certainlyDead(row))) return null;
    return this.holderOf(row);
  }

  /** When the first lease another process holds on an unsettled job runs out (ms), or null: none. */
  nextForeignExpiry(): number | null {
    const row = this.db
      .prepare(
        `SELECT min(l.expires_at) AS at FROM job_leases l JOIN jobs j ON j.id = l.job_id
         WHERE l.owner <> ? AND j.state IN ('queued', 'running', 'pausing', 'cancelling')`,
      )
      .get(this.owner.id) as { at: number | null };
    return row.at;
  }

  private row(jobId: string): LeaseRow | undefined {
    return this.db.prepare('SELECT owner, host, pid, heartbeat_at, expires_at FROM job_leases WHERE job_id = ?').get(jobId) as
      LeaseRow | undefined;
  }

  private holderOf(row: LeaseRow): LeaseHolder {
    return { owner: row.owner, host: row.host, pid: row.pid, expiresAt: row.expires_at, member: null, self: row.owner === this.owner.id };
  }
}
