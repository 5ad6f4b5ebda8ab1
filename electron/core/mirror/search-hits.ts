import type Database from 'better-sqlite3';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/**
 * The documents matching the latest search, kept in a temporary table (`temp.mirror_hits`, keyed by
 * the local document key) so one pass over the search index gives the set each page probes, and the
 * next pages of the same search (scrolling) reuse it. The set is rebuilt when the search changes or
 * when anything was written to the database since (by this connection: `total_changes()`, or by
 * another: `data_version`).
 */
export class SearchHits {
  private readonly statements: { clear: Statement; changes: Statement; version: Statement };
  private current: { key: string; total: number; changes: number; version: number } | null = null;

  constructor(private readonly db: Db) {
    db.exec('CREATE TEMP TABLE IF NOT EXISTS mirror_hits (doc_key INTEGER PRIMARY KEY)');
    this.statements = {
      clear: db.prepare('DELETE FROM temp.mirror_hits'),
      changes: db.prepare('SELECT total_changes()').pluck(),
      version: db.prepare('PRAGMA data_version').pluck(),
    };
  }

  /**
   * Fills `temp.mirror_hits` with the documents matching `match` and the rowid conditions `range`
   * (unless it holds them already); answers how many.
   */
  select(match: string, range: { sql: string; params: number[] }): number {
    const key = `${match}\u0000${range.sql}\u0000${range.params.join(',')}`;
    const version = this.statements.version.get() as number;
    const current = this.current;
    if (current && current.key === key && current.version === version && current.changes === this.statements.changes.get())
      return current.total;
    this.current = null;
    this.statements.clear.run();
    const total = this.fill(range.sql).run(match, ...range.params).changes;
    this.current = { key, total, changes: this.statements.changes.get() as number, version };
    return total;
  }

  private fill(rangeSql: string): Statement {
    return this.db.prepare(
      `INSERT INTO temp.mirror_hits (doc_key) SELECT rowid >> 5 FROM documents_fts WHERE documents_fts MATCH ?${rangeSql}`,
    );
  }
}
