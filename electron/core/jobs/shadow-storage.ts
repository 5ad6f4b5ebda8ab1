import type { JobStorage } from './job-storage';

/**
 * A team job with a shadow in this data folder (a batch's send), as the engine reads it: from the team
 * store, and from the shadow while the store cannot be reached (`waits` says so) — its state, its stop
 * reason, no one holding it — so a batch whose store went away still shows, says why it waits, and a
 * `send` that follows it ends with those words instead of an error. Writes always go to the team store.
 */
export function withShadow(team: JobStorage, local: JobStorage, failed: (error: unknown) => void): JobStorage {
  const read = <T>(fromTeam: () => T, fromShadow: () => T): T => {
    try {
      return fromTeam();
    } catch (error) {
      if (!team.waits?.(error)) throw error;
      failed(error);
      return fromShadow();
    }
  };
  const { jobs, leases } = team;
  return {
    ...team,
    jobs: {
      create: (job) => jobs.create(job),
      get: (id) =>
        read(
          () => jobs.get(id),
          () => local.jobs.get(id),
        ),
      state: (id) =>
        read(
          () => jobs.state(id),
          () => local.jobs.state(id),
        ),
      list: (accountId, limit) => jobs.list(accountId, limit),
      command: (id, command) => jobs.command(id, command),
      event: (id, event) => jobs.event(id, event),
      stop: (id, error) => jobs.stop(id, error),
      stoppedBy: (id) =>
        read(
          () => jobs.stoppedBy(id),
          () => local.jobs.stoppedBy(id),
        ),
      clearStop: (id) => jobs.clearStop(id),
      unsettled: () => jobs.unsettled(),
    },
    leases: {
      owner: leases.owner,
      ttlMs: leases.ttlMs,
      acquire: (id) => leases.acquire(id),
      renew: (id) => leases.renew(id),
      release: (id) => leases.release(id),
      holder: (id) =>
        read(
          () => leases.holder(id),
          () => null,
        ),
      lastHolder: (id) =>
        read(
          () => leases.lastHolder(id),
          () => null,
        ),
      nextForeignExpiry: () => leases.nextForeignExpiry(),
    },
  };
}
