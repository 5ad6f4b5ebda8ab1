import type { Migration } from '../db/migration';

/** The inbox's columns (the table as first made, and as rebuilt by `inboxOneKey`). */
const INBOX_COLUMNS = `
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
      processed_at    TEXT`;

/**
 * The notifications inbox: every notification that got a 200, exactly once per account and dedupe
 * key (`n:<notification_id>`, else `h:<sha-256 of the raw body>`), with what the worker made of it
 * (since `inboxOneKey` below: once per account, document and dedupe key).
 * `webhook_settings` holds the listener's own settings (port, public base URL), as JSON values.
 * Tokens and HMAC secrets are not here: they live in the secret store.
 */
export const inboxSchema: Migration = {
  name: 'webhook inbox',
  sql: `
    CREATE TABLE webhook_inbox (${INBOX_COLUMNS},
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
 * One random index on the inbox instead of three. Every notification used to write a random page of three
 * indexes keyed by random ids in its group's commit (the dedupe key, and the document twice: the worker's
 * pending rows, and the timeline's `webhook_inbox_by_document`): WAL frames written one by one, most of the
 * commit's work. Now one unique index, account + document + dedupe key, both dedupes a notification and
 * finds a document's rows (the worker's settle, the timeline); without a document the key is ''. A repeat
 * of a notification names the same document; a body reusing a notification_id for another document is
 * stored as the notification it is, not counted a duplicate of the first.
 * The table is rebuilt (SQLite cannot drop a table's UNIQUE): same columns and rows, same ids, and
 * AUTOINCREMENT's high-water mark kept, so no id is ever given twice.
 */
export const inboxOneKey: Migration = {
  name: 'webhook inbox: one key by account, document and notification',
  sql: `
    CREATE TABLE webhook_inbox_keyed (${INBOX_COLUMNS}
    ) STRICT;
    INSERT INTO webhook_inbox_keyed
      SELECT id, account_id, dedupe_key, notification_id, kind, document_id, signature_id, raw_body, received_at,
             duplicates, state, attempts, next_attempt_at, outcome, last_error, processed_at
      FROM webhook_inbox ORDER BY id;
    -- The old table's AUTOINCREMENT mark (never below its largest id) becomes the new one's.
    DELETE FROM sqlite_sequence WHERE name = 'webhook_inbox_keyed';
    UPDATE sqlite_sequence SET name = 'webhook_inbox_keyed' WHERE name = 'webhook_inbox';
    DROP TABLE webhook_inbox;
    ALTER TABLE webhook_inbox_keyed RENAME TO webhook_inbox;
    CREATE UNIQUE INDEX webhook_inbox_key ON webhook_inbox (account_id, ifnull(document_id, ''), dedupe_key);
    CREATE INDEX webhook_inbox_pending ON webhook_inbox (next_attempt_at, id) WHERE state = 'pending';
    CREATE INDEX webhook_inbox_account ON webhook_inbox (account_id, state, id);
  `,
};
