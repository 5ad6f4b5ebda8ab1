import type { Migration } from '../db/migration';

/**
 * The durable send queue and signer presets.
 *
 * - `batches`: one per batch, per account. `state` is the batch's (draft, checking, sending, paused,
 *   done, cancelled). `stopped_by` holds the JSON error that stopped it by itself (a refused key).
 * - `batch_items`: one row per PDF. Everything the send needs is here before the first request:
 *   the path, the SHA-256 the check found (the file must still match when it is sent), the title and
 *   the signers (JSON). `state` follows draft → ready → sending → sent | failed | uncertain, or
 *   cancelled. `attempt_at` is the wall-clock time (ms) just before the last create went out: an
 *   uncertain item is looked for among documents created since then. `signatures` holds the JSON
 *   list of `{id, url, label}` once sent; `error` the JSON AppError of a failure.
 * - `signer_presets`: named signer lists, names unique in any case.
 */
export const batchSchema: Migration = {
  name: 'batches',
  sql: `
    CREATE TABLE batches (
      id           TEXT PRIMARY KEY,
      account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      state        TEXT NOT NULL CHECK (state IN ('draft', 'checking', 'sending', 'paused', 'done', 'cancelled')),
      source       TEXT NOT NULL CHECK (source IN ('app', 'cli')),
      concurrency  INTEGER NOT NULL,
      created_at   TEXT NOT NULL,
      started_at   TEXT,
      finished_at  TEXT,
      stopped_by   TEXT,
      skipped      TEXT NOT NULL DEFAULT '[]',
      manifest_problems TEXT NOT NULL DEFAULT '[]'
    ) STRICT;
    CREATE INDEX batches_by_account ON batches (account_id, created_at);

    CREATE TABLE batch_items (
      id          TEXT PRIMARY KEY,
      batch_id    TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
      position    INTEGER NOT NULL,
      path        TEXT NOT NULL,
      file_name   TEXT NOT NULL,
      title       TEXT NOT NULL,
      size        INTEGER,
      pages       INTEGER,
      sha256      TEXT,
      checked     INTEGER NOT NULL DEFAULT 0 CHECK (checked IN (0, 1)),
      file_problems TEXT NOT NULL DEFAULT '[]',
      signers     TEXT NOT NULL DEFAULT '[]',
      excluded    INTEGER NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1)),
      state       TEXT NOT NULL CHECK (state IN ('draft', 'ready', 'sending', 'sent', 'failed', 'uncertain', 'cancelled')),
      attempts    INTEGER NOT NULL DEFAULT 0,
      attempt_at  INTEGER,
      document_id TEXT,
      signatures  TEXT NOT NULL DEFAULT '[]',
      error       TEXT,
      recovered   INTEGER NOT NULL DEFAULT 0 CHECK (recovered IN (0, 1)),
      updated_at  TEXT NOT NULL,
      UNIQUE (batch_id, position)
    ) STRICT;
    CREATE INDEX batch_items_by_state ON batch_items (batch_id, state, position);

    CREATE TABLE signer_presets (
      id         TEXT PRIMARY KEY,
      name       TEXT NOT NULL UNIQUE COLLATE NOCASE,
      signers    TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
  `,
};

/**
 * Migration 5: `pathsStillNeeded` (deleting uploaded copies no row can still send) looks rows up by
 * path. Its place in the order: right after `batchSchema` (db/migrations.ts).
 */
export const batchItemsByPath: Migration = {
  name: 'batch items by path',
  sql: `CREATE INDEX IF NOT EXISTS batch_items_by_path ON batch_items (path);`,
};

/**
 * Migration: files sent once are remembered across batches. `sent_files` holds, per account, the
 * SHA-256 of every file a batch sent, with the document it made, its title and when it was sent;
 * it is fed as a row is marked sent (BatchRepo.markSent) and filled here from the rows already sent.
 * `batch_items.send_again` is the clerk's "Send again" on a row whose file was already sent.
 * Looked up by (account, hash): `sent_files_by_hash`.
 */
export const sentFiles: Migration = {
  name: 'sent files',
  sql: `
    CREATE TABLE sent_files (
      account_id  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      sha256      TEXT NOT NULL,
      document_id TEXT NOT NULL,
      title       TEXT NOT NULL,
      sent_at     TEXT NOT NULL,
      PRIMARY KEY (account_id, document_id)
    ) STRICT;
    CREATE INDEX sent_files_by_hash ON sent_files (account_id, sha256, sent_at);
    INSERT OR IGNORE INTO sent_files (account_id, sha256, document_id, title, sent_at)
      SELECT b.account_id, i.sha256, i.document_id, i.title, i.updated_at
      FROM batch_items i JOIN batches b ON b.id = i.batch_id
      WHERE i.state = 'sent' AND i.sha256 IS NOT NULL AND i.document_id IS NOT NULL;
    ALTER TABLE batch_items ADD COLUMN send_again INTEGER NOT NULL DEFAULT 0 CHECK (send_again IN (0, 1));
  `,
};
