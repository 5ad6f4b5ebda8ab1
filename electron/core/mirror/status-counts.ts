import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import { rowidRange, type FilterPlan } from './filter-plan';
import type { StatusCounts } from './mirror-types';
import { statusToken } from './search-text';
import { statusBits } from './status-bits';

type Statement = Database.Statement<unknown[]>;

/**
 * Counts by status. The whole account: `document_counts` (kept by triggers). A filter through the
 * search index: one pass over its matches, adding up the status bit of each rowid (status-bits.ts),
 * so no document row is read; codes beyond the four known ones are then told apart with one count
 * each (rare: only when the account has such documents).
 */
export class StatusCounter {
  private readonly counting: Statement;
  private readonly matchCount: Statement;
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Db) {
    this.counting = db.prepare('SELECT status, n FROM document_counts WHERE account_id = ? AND n > 0');
    this.matchCount = db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck();
  }

  ofAccount(accountId: string): StatusCounts {
    const byStatus: Record<string, number> = {};
    let total = 0;
    for (const row of this.counting.all(accountId) as { status: string; n: number }[]) {
      byStatus[row.status] = row.n;
      total += row.n;
    }
    return { byStatus, total };
  }

  /** Counts by status of what a plan's filter leaves, its status filter left out. */
  ofPlan(plan: FilterPlan): StatusCounts {
    const account = this.ofAccount(plan.accountId);
    if (!plan.fts) return account;
    const range = rowidRange(plan.fts);
    const known = Object.entries(statusBits);
    const sums = known.map(([, bit]) => `coalesce(sum(rowid & ${bit}), 0) / ${bit}`).join(', ');
    const row = this.statement(`SELECT count(*), ${sums} FROM documents_fts WHERE documents_fts MATCH ?${range.sql}`).raw().get(plan.fts.countMatch, ...range.params) as number[];
    const byStatus: Record<string, number> = {};
    known.forEach(([code], index) => {
      const n = row[index + 1] ?? 0;
      if (n > 0) byStatus[code] = n;
    });
    const total = row[0] ?? 0;
    let others = total - Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    for (const code of Object.keys(account.byStatus)) {
      if (others <= 0) break;
      if (code in statusBits) continue;
      const n = this.countOne(`${plan.fts.countMatch} AND scope : "${statusToken(code)}"`, range);
      if (n > 0) byStatus[code] = n;
      others -= n;
    }
    return { byStatus, total };
  }

  private countOne(match: string, range: { sql: string; params: number[] }): number {
    if (range.sql === '') return this.matchCount.get(match) as number;
    return this.statement(`SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?${range.sql}`).pluck().get(match, ...range.params) as number;
  }

  private statement(sql: string): Statement {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
