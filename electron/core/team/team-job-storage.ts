import { AppError, isAppError } from '../../../shared/contract/errors';
import type { JobItemsRepo } from '../jobs/job-items-repo';
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
 * accounts' key is read before an operation uses the queue (`ready`); until then, and for an account whose
 * credentials cannot be read, its team jobs cannot be seen or started here.
 */
/** Past reminders as the remind kind and the automatic reminders read them (`JobItemsRepo`'s two reads). */
export type ReminderReads = Pick<JobItemsRepo, 'lastReminderAt' | 'reminderHistory'>;

export interface TeamJobQueue {
  /** Null where this process may not wait on another thread (then the team's jobs stay on this computer, said in the log). */
  storage: JobStorage | null;
  /** This data folder's reminders and the team's jobs' together (a team's `remind` jobs live in the store). */
  reminders(local: ReminderReads): ReminderReads;
  /** The keys of this computer's accounts read, those added since too (every operation waits for it; the store's schema is checked beside). */
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
  /** The store's schema refused (not set up, older or newer than this app), found in the background at start. */
  let refused: unknown = null;
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
      throw new AppError({
        kind: 'Unavailable',
        code: 'team.accountNotReady',
        message: 'The team store is still being reached for this account: try again in a moment.',
      });
    },
    accountOf: (key) => [...keys].find(([, known]) => known === key)?.[0] ?? null,
  };
  const sync = new TeamSync(deps.store.config);
  const storage = teamJobStorage(sync, deps.store.computer, accounts, () => refused);
  let checked: Promise<unknown> | null = null;
  const waits = mayWait();
  if (!waits) deps.logger?.log('warn', 'team jobs: this process may not wait for the team store synchronously; jobs stay on this computer');
  const { items } = storage;
  return {
    storage: waits ? storage : null,
    reminders: (local) =>
      !waits
        ? local
        : {
            // The time the next reminder is possible: the later of ours and the team's (this computer's alone while the store is down).
            lastReminderAt: (signatureId) => {
              const mine = local.lastReminderAt(signatureId);
              let theirs: number | null = null;
              try {
                theirs = items.lastReminderAt(signatureId);
              } catch (error) {
                deps.logger?.log('warn', 'team jobs: past reminders could not be read', { error: String(error) });
              }
              return mine === null ? theirs : theirs === null ? mine : Math.max(mine, theirs);
            },
            // Who is due (the automatic reminders, which run only with the store): both histories, per signature.
            reminderHistory: (accountId) => {
              const rows = new Map(local.reminderHistory(accountId).map((row) => [row.subject, { ...row }]));
              for (const row of items.reminderHistory(accounts.keyOf(accountId))) {
                const known = rows.get(row.subject);
                if (!known) rows.set(row.subject, row);
                else
                  rows.set(row.subject, {
                    subject: row.subject,
                    n: known.n + row.n,
                    last: Math.max(known.last ?? 0, row.last ?? 0) || null,
                    open: known.open + row.open,
                  });
              }
              return [...rows.values()];
            },
          },
    // Only the keys are waited for (a keychain read for an account not seen yet); the schema is checked beside, once,
    // so a store that does not answer never holds an operation up.
    ready: () => {
      checked ??= deps.store.ready().then(
        () => (refused = null),
        (error: unknown) => (refused = isAppError(error) && schemaCodes.has((error as AppError).code ?? '') ? error : null),
      );
      const missing = deps.accounts().filter((accountId) => !keys.has(accountId));
      return missing.length === 0 ? Promise.resolve() : Promise.all(missing.map(learn)).then(() => undefined);
    },
    close: () => sync.close(),
  };
}

const schemaCodes = new Set(['team.notInitialised', 'team.tooNew']);

/**
 * The engine's storage on the team store: its jobs, items and leases over one synchronous connection. A job
 * that cannot be written is not started, said as sending says it (nothing runs on local claims alone); a
 * store whose schema this app cannot use is said in its own words.
 */
export function teamJobStorage(
  sync: TeamSync,
  computer: string,
  accounts: TeamAccounts,
  refused: () => unknown = () => null,
): JobStorage & { items: TeamJobItems } {
  return {
    where: 'team',
    jobs: new TeamJobsRepo({ sync, computer, accounts }),
    items: new TeamJobItems(sync),
    leases: new TeamJobLeases(sync, computer),
    waits: (error) =>
      isAppError(error) && (error as AppError).code === teamUnreachableCode ? teamWaits(error as AppError).toShape() : null,
    transaction: (work) => {
      const schema = refused();
      if (schema) throw schema;
      try {
        return sync.transaction(work);
      } catch (error) {
        throw isAppError(error) && (error as AppError).code === teamUnreachableCode ? teamWaits(error as AppError) : error;
      }
    },
  };
}

/**
 * Whether this thread may block in `Atomics.wait` (Node's threads may; a browser's main thread may not):
 * asked with a value that does not match, so it answers at once without waiting.
 */
function mayWait(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}
