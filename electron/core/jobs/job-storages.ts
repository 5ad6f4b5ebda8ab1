import type { Db } from '../db/database';
import { JobItemsRepo } from './job-items-repo';
import type { JobStorage } from './job-storage';
import { JobsRepo, type JobRow } from './jobs-repo';
import type { JobLeases } from './leases';

/**
 * The engine's storages and which holds a job: this data folder's SQLite always; with a team, the team
 * store for the kinds that share their jobs (`JobKind.shared`: their items are documents any computer of
 * the account can act on). A job never moves: where it was found is remembered.
 */
export class JobStorages {
  readonly local: JobStorage & { jobs: JobsRepo; items: JobItemsRepo };
  private readonly where = new Map<string, JobStorage>();

  constructor(
    db: Db,
    leases: JobLeases,
    now: () => number,
    readonly team: JobStorage | null,
    /** The team store could not be read for a list (its jobs are left out meanwhile). */
    private readonly teamFailed: (error: unknown) => void = () => undefined,
  ) {
    this.local = {
      where: 'local',
      jobs: new JobsRepo(db, now),
      items: new JobItemsRepo(db, now),
      leases,
      transaction: (work) => db.transaction(work).immediate(),
    };
  }

  /** Where a new job of this kind is written. */
  forKind(shared: boolean | undefined): JobStorage {
    return shared && this.team ? this.team : this.local;
  }

  /** The storage holding the job, or null: no such job (here, or in the team's accounts this computer has). */
  of(jobId: string): JobStorage | null {
    const known = this.where.get(jobId);
    if (known) return known;
    for (const storage of this.team ? [this.local, this.team] : [this.local]) {
      if (storage.jobs.get(jobId)) {
        this.where.set(jobId, storage);
        return storage;
      }
    }
    return null;
  }

  remember(jobId: string, storage: JobStorage): void {
    this.where.set(jobId, storage);
  }

  /** Both storages, or this data folder's alone while the team store cannot be read. */
  private each<T>(read: (storage: JobStorage) => T[]): T[] {
    const local = read(this.local);
    if (!this.team) return local;
    try {
      return [...local, ...read(this.team)];
    } catch (error) {
      this.teamFailed(error);
      return local;
    }
  }

  /** The account's jobs in both storages, newest first. */
  list(accountId: string, limit: number): { job: JobRow; storage: JobStorage }[] {
    const all = this.each((storage) => storage.jobs.list(accountId, limit).map((job) => ({ job, storage })));
    for (const { job, storage } of all) this.where.set(job.id, storage);
    return all.sort((a, b) => b.job.createdAt - a.job.createdAt).slice(0, limit);
  }

  /** The unsettled jobs this computer takes up by itself at start. */
  unsettled(): { id: string; storage: JobStorage }[] {
    return this.each((storage) =>
      storage.jobs.unsettled().map((id) => {
        this.where.set(id, storage);
        return { id, storage };
      }),
    );
  }

  /** When the first lease another process of this computer holds on an unsettled job runs out, or null. */
  nextForeignExpiry(): number | null {
    const all = this.each((storage) => [storage.leases.nextForeignExpiry()]).filter((at): at is number => at !== null);
    return all.length > 0 ? Math.min(...all) : null;
  }
}
