import { mirrorSchema } from '../mirror/schema';
import { inboxOneKey, inboxSchema } from '../webhooks/schema';
import { batchItemsByPath, batchSchema, sentFiles } from '../batches/schema';
import { environmentAccounts, learntRates } from '../accounts/schema';
import { jobsSchema } from '../jobs/schema';
import { journalSchema, journalSealSchema } from '../journal/journal';
import { documentsViewSchema } from '../mirror/view-schema';
import { evidenceSchema } from '../evidence/schema';
import { signerNamesSchema } from '../mirror/names-schema';
import { displayStatusSchema } from '../mirror/display-status-schema';
import type { Migration } from './migration';

/**
 * Schema migrations, in order. Migration N (1-based) takes the database from user_version N-1 to N.
 * Each module keeps its own migrations beside its code; this list fixes their order. Never edit a
 * released migration: append a new one.
 */
const settingsAndAccounts: Migration = {
  name: 'settings and accounts',
  sql: `
    CREATE TABLE settings (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
    CREATE TABLE accounts (
      id         TEXT PRIMARY KEY,
      name       TEXT NOT NULL UNIQUE COLLATE NOCASE,
      base_url   TEXT NOT NULL,
      demo       INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
      created_at TEXT NOT NULL
    ) STRICT;
  `,
};

export const migrations: readonly Migration[] = [
  settingsAndAccounts,
  mirrorSchema,
  inboxSchema,
  batchSchema,
  batchItemsByPath,
  environmentAccounts,
  jobsSchema,
  journalSchema,
  documentsViewSchema,
  evidenceSchema,
  signerNamesSchema,
  journalSealSchema,
  displayStatusSchema,
  sentFiles,
  learntRates,
  inboxOneKey,
];
