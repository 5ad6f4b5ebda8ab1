import { hostname } from 'node:os';
import type { LeaseStore } from '../jobs/job-storage';
import type { LeaseHolder } from '../jobs/leases';
import { certainlyDead, type Owner } from '../jobs/owner';
import type { TeamSync } from './team-sync';

/**
 * Who runs each team job now (`signdock.job_leases`): the engine's `LeaseStore` port in the team store.
 * A lease is taken by one statement (`INSERT … ON CONFLICT DO UPDATE … WHERE` the lease is ours, ran out,
 * or its holder is a process of this computer that is gone), so of two computers asking at once exactly
 * one gets it. Expiry is on the store's clock; times handed to the engine are moved onto this computer's
 * clock. The member holding it is the database login (a trigger). A lease not renewed for its length
 * (`SIGNDOCK_LEASE_TTL_MS`, 15 s) has expired: the job's owner went away, and any computer may carry it on.
 */

interface Row {
  owner: string;
  computer: string;
  pid: number;
  member: string;
  /** Milliseconds until it runs out, by the store's clock (negative: it ran out). */
  left_ms: number;
}

const startedAt = Math.round(Date.now() - process.uptime() * 1000);

export class TeamJobLeases implements LeaseStore {
  readonly owner: Owner;
  readonly ttlMs: number;

  constructor(
    private readonly sync: TeamSync,
    private readonly computer: string,
    options: { ttlMs?: number } = {},
  ) {
    this.owner = { id: `${computer}:${process.pid}:${startedAt}`, host: computer, pid: process.pid };
    this.ttlMs = options.ttlMs ?? (Number(process.env.SIGNDOCK_LEASE_TTL_MS) || 15_000);
  }

  acquire(jobId: string): { owned: true } | { owned: false; holder: LeaseHolder } {
    const before = this.row(jobId);
    const dead = before && before.owner !== this.owner.id && this.gone(before) ? before.owner : null;
    const taken = this.sync.query<{ owner: string }>(
      `INSERT INTO signdock.job_leases (job_id, owner, computer, pid, heartbeat_at, expires_at)
       VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp() + $5 * interval '1 millisecond')
       ON CONFLICT (job_id) DO UPDATE SET owner = EXCLUDED.owner, computer = EXCLUDED.computer, pid = EXCLUDED.pid,
         heartbeat_at = EXCLUDED.heartbeat_at, expires_at = EXCLUDED.expires_at
       WHERE signdock.job_leases.owner = EXCLUDED.owner OR signdock.job_leases.expires_at <= clock_timestamp()
          OR signdock.job_leases.owner = $6
       RETURNING owner`,
      [jobId, this.owner.id, this.computer, this.owner.pid, this.ttlMs, dead],
    );
    if (taken.rowCount === 1) return { owned: true };
    const holder = this.row(jobId);
    return holder ? { owned: false, holder: this.holderOf(holder) } : this.acquire(jobId);
  }

  renew(jobId: string): boolean {
    return (
      this.sync.query(
        `UPDATE signdock.job_leases SET heartbeat_at = clock_timestamp(), expires_at = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE job_id = $1 AND owner = $2`,
        [jobId, this.owner.id, this.ttlMs],
      ).rowCount === 1
    );
  }

  release(jobId: string): void {
    this.sync.query('DELETE FROM signdock.job_leases WHERE job_id = $1 AND owner = $2', [jobId, this.owner.id]);
  }

  holder(jobId: string): LeaseHolder | null {
    const row = this.row(jobId);
    if (!row || row.left_ms <= 0 || (row.owner !== this.owner.id && this.gone(row))) return null;
    return this.holderOf(row);
  }

  lastHolder(jobId: string): LeaseHolder | null {
    const row = this.row(jobId);
    if (!row || row.owner === this.owner.id || (row.left_ms > 0 && !this.gone(row))) return null;
    return this.holderOf(row);
  }

  /** When the first lease another process of this computer holds on an unsettled team job runs out (this computer's clock). */
  nextForeignExpiry(): number | null {
    const row = this.sync.query<{ left_ms: number | null }>(
      `SELECT min(extract(epoch FROM l.expires_at - clock_timestamp()) * 1000)::float8 AS left_ms
       FROM signdock.job_leases l JOIN signdock.jobs j ON j.id = l.job_id
       WHERE l.owner <> $1 AND l.computer = $2 AND j.state IN ('queued', 'running', 'pausing', 'cancelling')`,
      [this.owner.id, this.computer],
    ).rows[0];
    return row?.left_ms === null || row?.left_ms === undefined ? null : Date.now() + row.left_ms;
  }

  private row(jobId: string): Row | undefined {
    return this.sync.query<Row>(
      `SELECT owner, computer, pid, member, (extract(epoch FROM expires_at - clock_timestamp()) * 1000)::float8 AS left_ms
       FROM signdock.job_leases WHERE job_id = $1`,
      [jobId],
    ).rows[0];
  }

  /** A holder on this computer whose process no longer exists (another computer's: unknown, so not gone). */
  private gone(row: Row): boolean {
    return row.computer === this.computer && certainlyDead({ host: hostname(), pid: row.pid });
  }

  private holderOf(row: Row): LeaseHolder {
    return {
      owner: row.owner,
      host: row.computer,
      pid: row.pid,
      expiresAt: Date.now() + row.left_ms,
      member: row.member,
      self: row.owner === this.owner.id,
    };
  }
}
