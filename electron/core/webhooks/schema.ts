import type { Migration } from '../db/migration';

/**
 * The notifications inbox: every notification that got a 200, exactly once per account and dedupe
 * key (`n:<notification_id>`, else `h:<sha-256 of the raw body>`), with what the worker made of it.
 * `webhook_settings` holds the listener's own settings (port, public base URL), as JSON values.
 * Tokens and HMAC secrets are not here: they live in the secret store.
 */
export const inboxSchema: Migration = {
  name: 'webhook inbox',
  sql: `
    CREATE TABLE webhook_inbox (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      account_id      TEXT NOT NULL,
      dedupe_key      TEXT NOT NULL,
      notification_id TEXT,
      kind            TEXT NOT NULL,
      document_id     TEXT,
      signature_id    TEXT,
      raw_body        TEXT NOT NULL,
      received_at     TEXT NOT NULL,
      duplicates      INTEGER NOT NULL DEFAULT 0,
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'ignored', 'failed')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      outcome         TEXT,
      last_error      TEXT,
      processed_at    TEXT,
      UNIQUE (account_id, dedupe_key)
    ) STRICT;
    CREATE INDEX webhook_inbox_pending ON webhook_inbox (next_attempt_at, id) WHERE state = 'pending';
    CREATE INDEX webhook_inbox_document ON webhook_inbox (account_id, document_id) WHERE state = 'pending';
    CREATE INDEX webhook_inbox_account ON webhook_inbox (account_id, state, id);
    CREATE TABLE webhook_settings (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
  `,
};

/**
 * The worker finds a document's pending rows through `webhook_inbox_by_document` (account, document,
 * id: the timeline's index, which holds every row of the document, a handful), so the partial index on
 * (account, document) of pending rows was a second random index on the same key: every notification
 * wrote one more random page of it in its commit (the group commit's WAL frames: about a third of them).
 */
export const inboxOneDocumentIndex: Migration = {
  name: 'webhook inbox: one index by document',
  sql: `DROP INDEX webhook_inbox_document;`,
};
