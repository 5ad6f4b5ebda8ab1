import type { Migration } from '../db/migration';

/**
 * The job engine's tables. `jobs`: one bulk action (kind, account, inputs, state, a command asked for by
 * any process); `job_items`: its items with their own state, attempts and outcome; `job_leases`: which
 * process owns a job now. A job of the `send` kind has the batch's id and its items in `batch_items`.
 * See README.md.
 */
export const jobsSchema: Migration = {
  name: 'jobs, job items and job leases',
  sql: `
    CREATE TABLE jobs (
      id          TEXT PRIMARY KEY,
      kind        TEXT NOT NULL,
      account_id  TEXT NOT NULL,
      state       TEXT NOT NULL CHECK (state IN ('queued', 'running', 'pausing', 'paused', 'cancelling', 'cancelled', 'finished')),
      input       TEXT NOT NULL DEFAULT '{}',
      concurrency INTEGER NOT NULL DEFAULT 4,
      stopped_by  TEXT,
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL,
      finished_at INTEGER
    ) STRICT;
    CREATE INDEX jobs_by_account ON jobs (account_id, created_at);
    CREATE TABLE job_items (
      job_id      TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      seq         INTEGER NOT NULL,
      subject     TEXT NOT NULL,
      input       TEXT NOT NULL DEFAULT '{}',
      state       TEXT NOT NULL CHECK (state IN ('pending', 'running', 'uncertain', 'done', 'skipped', 'failed', 'cancelled')),
      attempts    INTEGER NOT NULL DEFAULT 0,
      outcome     TEXT,
      error       TEXT,
      bytes       INTEGER NOT NULL DEFAULT 0,
      started_at  INTEGER,
      finished_at INTEGER,
      PRIMARY KEY (job_id, seq)
    ) STRICT;
    CREATE INDEX job_items_by_state ON job_items (job_id, state, seq);
    CREATE TABLE job_leases (
      job_id       TEXT PRIMARY KEY,
      owner        TEXT NOT NULL,
      host         TEXT NOT NULL,
      pid          INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL,
      expires_at   INTEGER NOT NULL
    ) STRICT;
  `,
};
