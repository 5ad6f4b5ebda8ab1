import type { Db } from '../db/database';
import type { SentFile } from '../batches/batch-repo';

/**
 * This computer's copy of the files the team sent (a cache of the team store's claims, in the data
 * folder's SQLite), so that a draft row's "Already sent … by … from …" is one local, synchronous
 * look-up, as on one computer. Made only when a team is configured; with none, the data folder is
 * untouched. The status is the mirror's when it holds the document, else the one the sender saw.
 */
export class TeamSentCache {
  constructor(private readonly db: Db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS team_sent_files (
        account_id  TEXT NOT NULL,
        sha256      TEXT NOT NULL,
        document_id TEXT NOT NULL,
        title       TEXT NOT NULL,
        sent_at     TEXT NOT NULL,
        member      TEXT NOT NULL,
        computer    TEXT NOT NULL,
        status      TEXT,
        PRIMARY KEY (account_id, document_id)
      ) STRICT;
      CREATE INDEX IF NOT EXISTS team_sent_files_by_hash ON team_sent_files (account_id, sha256, sent_at);
    `);
  }

  remember(accountId: string, sha256: string, sent: SentFile & { member: string; computer: string }): void {
    this.db
      .prepare(
        `INSERT INTO team_sent_files (account_id, sha256, document_id, title, sent_at, member, computer, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account_id, document_id) DO UPDATE SET status = COALESCE(excluded.status, status)`,
      )
      .run(accountId, sha256, sent.documentId, sent.title, sent.sentAt, sent.member, sent.computer, sent.status);
  }

  find(accountId: string, sha256: string): SentFile | undefined {
    return this.db
      .prepare(
        `SELECT t.document_id AS documentId, t.title, t.sent_at AS sentAt, COALESCE(d.status, t.status) AS status, t.member, t.computer
         FROM team_sent_files t LEFT JOIN documents d ON d.account_id = t.account_id AND d.id = t.document_id
         WHERE t.account_id = ? AND t.sha256 = ? ORDER BY t.sent_at DESC LIMIT 1`,
      )
      .get(accountId, sha256) as SentFile | undefined;
  }
}
