import type { Migration } from '../db/migration';

/**
 * Accounts of runs on environment credentials (`SIGNDOCK_API_KEY`): a record with no key anywhere,
 * identified by the address and a fingerprint of the key, so the same variables find the same mirror
 * and batches on the next run. Hidden from the account list; the key itself is never stored.
 */
export const environmentAccounts: Migration = {
  name: 'accounts of environment credentials',
  sql: `ALTER TABLE accounts ADD COLUMN env_fingerprint TEXT;`,
};

/**
 * The service's rate limit as the limiter last learnt it for the account (`LearntRate` as JSON):
 * the next run paces at it from its first request. Dropped with the account, or when its address changes.
 */
export const learntRates: Migration = {
  name: 'learnt rate limit per account',
  sql: `ALTER TABLE accounts ADD COLUMN learnt_rate TEXT;`,
};
