import type Database from 'better-sqlite3';
import type { AppErrorShape } from '../../../shared/contract/errors';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/** The last full sync of an account. */
export interface SyncState {
  accountId: string;
  /** ISO 8601 times of the last full sync's start and end (end null while one runs or if it failed). */
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the last full sync failed; null when it succeeded (or none ran yet). */
  error: AppErrorShape | null;
  pages: number;
  documents: number;
  /** Documents in the mirror that the last completed full sync did not list (kept: see sync/README.md). */
  absent: number;
  lastSuccessAt: string | null;
}

interface SyncRow {
  account_id: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  pages: number;
  documents: number;
  absent: number;
  last_success_at: string | null;
}

/** Full-sync bookkeeping per account. */
export class SyncStateRepo {
  private readonly statements: { get: Statement; start: Statement; progress: Statement; finish: Statement; fail: Statement };

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT * FROM sync_state WHERE account_id = ?'),
      start:
        db.prepare(`INSERT INTO sync_state (account_id, started_at, finished_at, error, pages, documents, absent) VALUES (?, ?, NULL, NULL, 0, 0, 0)
        ON CONFLICT (account_id) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL, error = NULL, pages = 0, documents = 0, absent = 0`),
      progress: db.prepare('UPDATE sync_state SET pages = ?, documents = ? WHERE account_id = ?'),
      finish: db.prepare(
        'UPDATE sync_state SET finished_at = ?, last_success_at = ?, pages = ?, documents = ?, absent = ? WHERE account_id = ?',
      ),
      fail: db.prepare('UPDATE sync_state SET error = ?, pages = ?, documents = ? WHERE account_id = ?'),
    };
  }

  get(accountId: string): SyncState | null {
    const row = this.statements.get.get(accountId) as SyncRow | undefined;
    if (!row) return null;
    return {
      accountId: row.account_id,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      error: row.error === null ? null : (JSON.parse(row.error) as AppErrorShape),
      pages: row.pages,
      documents: row.documents,
      absent: row.absent,
      lastSuccessAt: row.last_success_at,
    };
  }

  started(accountId: string, at: Date): void {
    this.statements.start.run(accountId, at.toISOString());
  }

  progressed(accountId: string, pages: number, documents: number): void {
    this.statements.progress.run(pages, documents, accountId);
  }

  finished(accountId: string, at: Date, counts: { pages: number; documents: number; absent: number }): void {
    const iso = at.toISOString();
    this.statements.finish.run(iso, iso, counts.pages, counts.documents, counts.absent, accountId);
  }

  failed(accountId: string, error: AppErrorShape, counts: { pages: number; documents: number }): void {
    this.statements.fail.run(JSON.stringify(error), counts.pages, counts.documents, accountId);
  }
}
