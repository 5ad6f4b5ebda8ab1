import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import { rowidRange, type FilterPlan } from './filter-plan';
import type { StatusCounts } from './mirror-types';
import { statusToken } from './search-text';
import { statusBits } from './status-bits';

type Statement = Database.Statement<unknown[]>;

/** Counts of up to 2^21 - 1 fit in each field of the packed sum (and the sum below 2^63). */
const packedLimit = 2 ** 21;
const fieldMask = 2 ** 21 - 1;

function add(byStatus: Record<string, number>, code: string, n: number): void {
  if (n > 0) byStatus[code] = n;
}

/**
 * Counts by status. The whole account: `document_counts` (kept by triggers). A filter through the
 * search index: one pass over its matches reading the status bit of each rowid (status-bits.ts),
 * so no document row is read: draft, pending and completed are added up in one packed sum,
 * cancelled is what remains once codes beyond the four known ones are counted apart, one count each
 * (rare: only when the account has such documents).
 */
export class StatusCounter {
  private readonly counting: Statement;
  private readonly matchCount: Statement;

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
    const unknown = Object.keys(account.byStatus).filter((code) => !(code in statusBits));
    const byStatus: Record<string, number> = {};
    let total: number;
    let rest: number;
    if (account.total < packedLimit) {
      // One reference to the rowid per match: draft, pending and completed packed in 21-bit fields of one sum.
      const row = this.db
        .prepare(
          `SELECT n, s & ${fieldMask}, (s >> 21) & ${fieldMask}, s >> 42 FROM (SELECT count(*) AS n,
        coalesce(sum(CASE rowid & 31 WHEN ${statusBits.DR} THEN 1 WHEN ${statusBits.PE} THEN ${2 ** 21} WHEN ${statusBits.CO} THEN ${2 ** 42} ELSE 0 END), 0) AS s
        FROM documents_fts WHERE documents_fts MATCH ?${range.sql})`,
        )
        .raw()
        .get(plan.fts.countMatch, ...range.params) as number[];
      ['DR', 'PE', 'CO'].forEach((code, index) => add(byStatus, code, row[index + 1] ?? 0));
      total = row[0] ?? 0;
      // Cancelled is the rest, once any other code is counted apart.
      rest = total - (byStatus.DR ?? 0) - (byStatus.PE ?? 0) - (byStatus.CO ?? 0);
    } else {
      const sums = Object.values(statusBits)
        .map((bit) => `coalesce(sum(rowid & ${bit}), 0) / ${bit}`)
        .join(', ');
      const row = this.db
        .prepare(`SELECT count(*), ${sums} FROM documents_fts WHERE documents_fts MATCH ?${range.sql}`)
        .raw()
        .get(plan.fts.countMatch, ...range.params) as number[];
      Object.keys(statusBits).forEach((code, index) => add(byStatus, code, row[index + 1] ?? 0));
      total = row[0] ?? 0;
      rest = 0;
    }
    for (const code of unknown) {
      const n = this.countOne(`${plan.fts.countMatch} AND scope : "${statusToken(code)}"`, range);
      add(byStatus, code, n);
      rest -= n;
    }
    if (account.total < packedLimit) add(byStatus, 'CA', rest);
    return { byStatus, total };
  }

  private countOne(match: string, range: { sql: string; params: number[] }): number {
    if (range.sql === '') return this.matchCount.get(match) as number;
    return this.db
      .prepare(`SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?${range.sql}`)
      .pluck()
      .get(match, ...range.params) as number;
  }
}
