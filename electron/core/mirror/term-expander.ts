import type Database from 'better-sqlite3';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/** More completions than this and a prefix stays a prefix query. */
const maxTerms = 24;

/**
 * The exact terms of the search index that start with a prefix (from `fts5vocab`). A prefix query
 * longer than the indexed prefixes merges every matching term's list each time it runs, which makes
 * testing one row cost milliseconds; the same words as exact terms cost one seek. Answers are kept
 * until anything is written to the database.
 */
export class TermExpander {
  private readonly terms: Statement;
  private readonly version: Statement;
  private readonly changes: Statement;
  private cache = new Map<string, string[] | null>();
  private stamp = '';

  constructor(db: Db) {
    db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.mirror_terms USING fts5vocab(main, documents_fts, row)');
    this.terms = db.prepare('SELECT term FROM temp.mirror_terms WHERE term >= ? AND term < ? LIMIT ?').pluck();
    this.version = db.prepare('PRAGMA data_version').pluck();
    this.changes = db.prepare('SELECT total_changes()').pluck();
  }

  /** The terms starting with `prefix` (lower-case ASCII), or null when there are too many. */
  readonly expand = (prefix: string): string[] | null => {
    const stamp = `${String(this.version.get())}:${String(this.changes.get())}`;
    if (stamp !== this.stamp) {
      this.cache = new Map();
      this.stamp = stamp;
    }
    const known = this.cache.get(prefix);
    if (known !== undefined) return known;
    const found = this.terms.all(prefix, `${prefix}\u{10ffff}`, maxTerms + 1) as string[];
    const answer = found.length > maxTerms ? null : found;
    this.cache.set(prefix, answer);
    return answer;
  };
}
