import type { Migration } from '../db/migrations';

/** The notifications inbox. */
export const inboxSchema: Migration = {
  name: 'webhook inbox',
  sql: `SELECT 1;`,
};
