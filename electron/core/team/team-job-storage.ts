import { AppError, isAppError } from '../../../shared/contract/errors';
import type { JobStorage } from '../jobs/job-storage';
import type { Logger } from '../logging/logger';
import { TeamJobItems } from './team-job-items';
import { TeamJobLeases } from './team-job-leases';
import { TeamJobsRepo, type TeamAccounts } from './team-jobs';
import type { TeamStore } from './team-store';
import { TeamSync } from './team-sync';
import { teamUnreachableCode, teamWaits } from './team-words';

/**
 * The team's job queue as the engine's storage (`JobStorage`): jobs, items and leases in the team store,
 * answered synchronously (team-sync.ts). The team names an account by a key made from its address and
 * key (`teamAccountKey`), read from the keychain or the environment, so each of this computer's
 * accounts' key is read once before the queue is used (`ready`); until then, and for an account whose
 * credentials cannot be read, its team jobs cannot be seen or started here.
 */
export interface TeamJobQueue {
  storage: JobStorage;
  /** The store checked (schema, this computer recorded) and this computer's account keys read. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function teamJobQueue(deps: {
  store: TeamStore;
  accountKey: (accountId: string) => Promise<string>;
  accounts: () => readonly string[];
  logger?: Logger;
}): TeamJobQueue {
  const keys = new Map<string, string>();
  let failure: unknown = null;
  const learn = async (accountId: string) => {
    try {
      keys.set(accountId, await deps.accountKey(accountId));
    } catch (error) {
      deps.logger?.log('warn', 'team jobs: an account’s key could not be read', { accountId, error: String(error) });
    }
  };
  const accounts: TeamAccounts = {
    keyOf: (accountId) => {
      const key = keys.get(accountId);
      if (key) return key;
      void learn(accountId);
      if (failure) throw failure;
      throw new AppError({
        kind: 'Unavailable',
        code: 'team.accountNotReady',
        message: 'The team store is still being reached for this account: try again in a moment.',
      });
    },
    accountOf: (key) => [...keys].find(([, known]) => known === key)?.[0] ?? null,
  };
  const sync = new TeamSync(deps.store.config);
  const computer = deps.store.computer;
  const storage: JobStorage = {
    where: 'team',
    jobs: new TeamJobsRepo({ sync, computer, accounts }),
    items: new TeamJobItems(sync),
    leases: new TeamJobLeases(sync, computer),
    // A job that cannot be written is not started: said as sending says it (nothing runs on local claims alone).
    transaction: (work) => {
      try {
        return sync.transaction(work);
      } catch (error) {
        throw isAppError(error) && (error as AppError).code === teamUnreachableCode ? teamWaits(error as AppError) : error;
      }
    },
  };
  let ready: Promise<void> | null = null;
  return {
    storage,
    ready: () =>
      (ready ??= deps.store
        .ready()
        .then(() => {
          failure = null;
        })
        .catch((error: unknown) => {
          failure = error;
          ready = null;
        })
        .then(() => Promise.all(deps.accounts().map(learn)).then(() => undefined))),
    close: () => sync.close(),
  };
}
