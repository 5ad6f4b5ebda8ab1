import type { Migration } from '../db/migration';

/**
 * The mirror's tables: documents and signatures per account as last read from the service, their
 * search index, counts by status, sync state per account, and the journal of local actions.
 *
 * - `documents` holds what lists and sorts need, in small rows (the raw JSON is apart, in
 *   `document_raw`, so that a search touching thousands of rows reads few pages). `doc_key` is a
 *   local integer key, shared by the raw JSON, the signatures and the search index, and allocated
 *   in creation order (creation ms × 1024 + a free slot, see document-writer.ts): "newest first" is
 *   key order, in every index and in the search index, so a searched page sorted by creation is read
 *   straight from the search index, stopping after the page.
 * - `read_at` is the read stamp (ms) of the snapshot the row holds and `remote_updated` the SHA-256
 *   of its canonical raw JSON: the reconciler keeps the snapshot with the greatest (read_at,
 *   remote_updated) pair, so any order of reads gives the same mirror.
 * - `documents_fts` is contentless (FTS5, `contentless_delete`): title, signers (display names,
 *   e-mails, phones and phone suffixes) and a `scope` column of tokens for the account and status,
 *   so a searched count is answered by the index alone. It is written in the same transaction as
 *   each document; a trigger removes entries of deleted documents (an account's removal cascades).
 * - `document_counts` is kept by triggers: counts by status are one small read at any size.
 * - `journal` has no foreign key: history outlives a removed account.
 */
export const mirrorSchema: Migration = {
  name: 'mirror',
  sql: `
    CREATE TABLE documents (
      doc_key        INTEGER PRIMARY KEY,
      account_id     TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      id             TEXT NOT NULL,
      title          TEXT NOT NULL,
      status         TEXT NOT NULL,
      created_at     TEXT,
      created_ms     INTEGER,
      cancel_reason  TEXT,
      file_name      TEXT,
      file_hash      TEXT,
      read_at        INTEGER NOT NULL,
      remote_updated TEXT NOT NULL,
      UNIQUE (account_id, id)
    ) STRICT;
    CREATE INDEX documents_by_created ON documents (account_id, doc_key, status);
    CREATE INDEX documents_by_status ON documents (account_id, status, doc_key);
    CREATE INDEX documents_by_title ON documents (account_id, title COLLATE NOCASE, doc_key, status);
    CREATE INDEX documents_by_status_title ON documents (account_id, status, title COLLATE NOCASE, doc_key);

    CREATE TABLE document_raw (
      doc_key INTEGER PRIMARY KEY REFERENCES documents(doc_key) ON DELETE CASCADE,
      raw     TEXT NOT NULL
    ) STRICT;

    CREATE TABLE signatures (
      doc_key             INTEGER NOT NULL REFERENCES documents(doc_key) ON DELETE CASCADE,
      position            INTEGER NOT NULL,
      account_id          TEXT NOT NULL,
      id                  TEXT NOT NULL,
      status              TEXT NOT NULL,
      display_name        TEXT NOT NULL,
      email               TEXT,
      phone               TEXT,
      created_at          TEXT,
      url                 TEXT,
      invite_channel      TEXT NOT NULL,
      validations         TEXT NOT NULL,
      invalidation_reason TEXT,
      signed_date         TEXT,
      ip                  TEXT,
      device              TEXT,
      document_ref        TEXT,
      PRIMARY KEY (doc_key, position)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX signatures_by_id ON signatures (account_id, id);

    CREATE VIRTUAL TABLE documents_fts USING fts5(
      title, signers, scope,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
    );
    CREATE TRIGGER documents_fts_forget AFTER DELETE ON documents BEGIN
      DELETE FROM documents_fts WHERE rowid = old.doc_key;
    END;

    CREATE TABLE document_counts (
      account_id TEXT NOT NULL,
      status     TEXT NOT NULL,
      n          INTEGER NOT NULL,
      PRIMARY KEY (account_id, status)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER document_counts_insert AFTER INSERT ON documents BEGIN
      INSERT INTO document_counts (account_id, status, n) VALUES (new.account_id, new.status, 1)
        ON CONFLICT (account_id, status) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER document_counts_delete AFTER DELETE ON documents BEGIN
      UPDATE document_counts SET n = n - 1 WHERE account_id = old.account_id AND status = old.status;
      DELETE FROM document_counts WHERE account_id = old.account_id AND status = old.status AND n <= 0;
    END;
    CREATE TRIGGER document_counts_update AFTER UPDATE OF status, account_id ON documents
      WHEN old.status IS NOT new.status OR old.account_id IS NOT new.account_id BEGIN
      UPDATE document_counts SET n = n - 1 WHERE account_id = old.account_id AND status = old.status;
      DELETE FROM document_counts WHERE account_id = old.account_id AND status = old.status AND n <= 0;
      INSERT INTO document_counts (account_id, status, n) VALUES (new.account_id, new.status, 1)
        ON CONFLICT (account_id, status) DO UPDATE SET n = n + 1;
    END;

    CREATE TABLE sync_state (
      account_id       TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      started_at       TEXT,
      finished_at      TEXT,
      error            TEXT,
      pages            INTEGER NOT NULL DEFAULT 0,
      documents        INTEGER NOT NULL DEFAULT 0,
      absent           INTEGER NOT NULL DEFAULT 0,
      last_success_at  TEXT
    ) STRICT;

    CREATE TABLE journal (
      seq        INTEGER PRIMARY KEY,
      account_id TEXT NOT NULL,
      at         TEXT NOT NULL,
      actor      TEXT NOT NULL,
      action     TEXT NOT NULL,
      target     TEXT,
      detail     TEXT NOT NULL DEFAULT '{}',
      outcome    TEXT NOT NULL
    ) STRICT;
    CREATE INDEX journal_by_account ON journal (account_id, seq);
    CREATE INDEX journal_by_target ON journal (account_id, target, seq);
  `,
};
