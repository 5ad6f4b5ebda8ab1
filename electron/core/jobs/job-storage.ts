import type { AppErrorShape } from '../../../shared/contract/errors';
import type { ItemStore } from './item-store';
import type { JobItemsRepo } from './job-items-repo';
import type { JobsRepo } from './jobs-repo';
import type { JobLeases, LeaseHolder } from './leases';

/**
 * Where jobs live: the engine's storage ports. Two implementations: this data folder's SQLite (jobs-repo.ts,
 * job-items-repo.ts, leases.ts: every process of this computer) and, with a team configured, the team
 * store (`../team/team-jobs.ts`: every computer of the office). The ports are synchronous (the team's
 * answer through `../team/team-sync.ts`), so the engine and its runner are one engine over both.
 */
export type JobsStore = Pick<JobsRepo, 'create' | 'get' | 'state' | 'list' | 'command' | 'event' | 'stop' | 'stoppedBy' | 'clearStop'> & {
  /** The unsettled jobs this computer takes up by itself when it starts (its own, and those it carried on). */
  unsettled(): string[];
};

export type LeaseStore = Pick<JobLeases, 'owner' | 'ttlMs' | 'acquire' | 'renew' | 'release' | 'holder' | 'nextForeignExpiry'> & {
  /** The last holder of a lease that ran out (its owner went away), or null: held, or never taken. */
  lastHolder(jobId: string): LeaseHolder | null;
};

export interface JobStorage {
  /** `local`: this data folder; `team`: the team store. */
  where: 'local' | 'team';
  jobs: JobsStore;
  items: ItemStore & Pick<JobItemsRepo, 'add'>;
  leases: LeaseStore;
  /** `work` in one transaction of this storage (a job and its items are written together). */
  transaction<T>(work: () => T): T;
  /** The words a job waits with when this storage cannot be reached (the team store down), else null. */
  waits?(error: unknown): AppErrorShape | null;
}
