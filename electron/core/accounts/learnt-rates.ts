import { validLearntRate, type LearntRate } from '../api/learnt-rate';
import type { Db } from '../db/database';

/**
 * The rate limit the limiter learnt for each account (its `learnt_rate` column), kept so that the next
 * run paces at it from its first request. Read back only when it is well formed and within bounds
 * (`validLearntRate`); anything else is learnt again. An account that is not stored keeps nothing.
 */
export class LearntRates {
  constructor(private readonly db: Db) {}

  get(accountId: string): LearntRate | null {
    const row = this.db.prepare('SELECT learnt_rate FROM accounts WHERE id = ?').get(accountId) as
      { learnt_rate: string | null } | undefined;
    if (!row?.learnt_rate) return null;
    try {
      return validLearntRate(JSON.parse(row.learnt_rate));
    } catch {
      return null;
    }
  }

  set(accountId: string, learnt: LearntRate): void {
    const kept = validLearntRate(learnt);
    if (!kept) return;
    this.db
      .prepare('UPDATE accounts SET learnt_rate = ? WHERE id = ?')
      .run(JSON.stringify({ rate: kept.rate, burst: kept.burst }), accountId);
  }
}
