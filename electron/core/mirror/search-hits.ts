import type Database from 'better-sqlite3';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/**
 * The documents matching the latest search, kept in a temporary table (`temp.mirror_hits`, keyed by
 * the local document key) so one pass over the search index gives both the total and the set each
 * page probes, and the next pages of the same search (scrolling) reuse it. The set is rebuilt when
 * the search changes or when anything was written to the database since (by this connection:
 * `total_changes()`, or by another: `data_version`).
 */
export class SearchHits {
  private readonly statements: { clear: Statement; fill: Statement; changes: Statement; version: Statement };
  private current: { match: string; total: number; changes: number; version: number } | null = null;

  constructor(db: Db) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS mirror_hits (doc_key INTEGER PRIMARY KEY)');
    this.statements = {
      clear: db.prepare('DELETE FROM temp.mirror_hits'),
      fill: db.prepare('INSERT INTO temp.mirror_hits (doc_key) SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?'),
      changes: db.prepare('SELECT total_changes()').pluck(),
      version: db.prepare('PRAGMA data_version').pluck(),
    };
  }

  /** Fills `temp.mirror_hits` with the documents matching `match` (unless it holds them already); answers how many. */
  select(match: string): number {
    const version = this.statements.version.get() as number;
    const current = this.current;
    if (current && current.match === match && current.version === version && current.changes === this.statements.changes.get()) return current.total;
    this.current = null;
    this.statements.clear.run();
    const total = this.statements.fill.run(match).changes;
    this.current = { match, total, changes: this.statements.changes.get() as number, version };
    return total;
  }
}
