import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Db } from '../db/database';
import type { Migration } from '../db/migrations';

/**
 * The local audit journal: every action SignDock took (send, cancel, invalidate, remind, archive) with
 * who (account, OS user), what, when, its inputs and its outcome. Append-only; each entry carries the
 * SHA-256 of the previous one, so an entry removed or edited afterwards breaks the chain (`verify`).
 */
export const journalSchema: Migration = {
  name: 'audit journal (hash chain)',
  sql: `
    CREATE TABLE audit_journal (
      seq        INTEGER PRIMARY KEY,
      at         TEXT NOT NULL,
      account_id TEXT NOT NULL,
      os_user    TEXT NOT NULL,
      action     TEXT NOT NULL,
      subject    TEXT NOT NULL,
      inputs     TEXT NOT NULL,
      outcome    TEXT NOT NULL,
      prev_hash  TEXT NOT NULL,
      hash       TEXT NOT NULL
    ) STRICT;
    CREATE INDEX audit_journal_by_subject ON audit_journal (subject);
  `,
};

export interface JournalEntry {
  seq: number;
  at: string;
  accountId: string;
  osUser: string;
  action: string;
  subject: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

const genesis = '0'.repeat(64);

function hashOf(entry: Omit<JournalEntry, 'hash'>): string {
  const canonical = JSON.stringify([entry.seq, entry.at, entry.accountId, entry.osUser, entry.action, entry.subject, entry.inputs, entry.outcome, entry.prevHash]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

interface Raw {
  seq: number;
  at: string;
  account_id: string;
  os_user: string;
  action: string;
  subject: string;
  inputs: string;
  outcome: string;
  prev_hash: string;
  hash: string;
}

const toEntry = (raw: Raw): JournalEntry => ({
  seq: raw.seq,
  at: raw.at,
  accountId: raw.account_id,
  osUser: raw.os_user,
  action: raw.action,
  subject: raw.subject,
  inputs: JSON.parse(raw.inputs) as Record<string, unknown>,
  outcome: JSON.parse(raw.outcome) as Record<string, unknown>,
  prevHash: raw.prev_hash,
  hash: raw.hash,
});

export class Journal {
  private readonly osUser: string;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    let user = 'unknown';
    try {
      user = userInfo().username;
    } catch {
      // No user name (some containers): "unknown".
    }
    this.osUser = user;
  }

  /** Appends one entry after the last, in one IMMEDIATE transaction (several processes append safely). */
  append(entry: { accountId: string; action: string; subject: string; inputs?: Record<string, unknown>; outcome: Record<string, unknown> }): JournalEntry {
    const write = this.db.transaction(() => {
      const last = this.db.prepare('SELECT seq, hash FROM audit_journal ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
      const draft = {
        seq: (last?.seq ?? 0) + 1,
        at: this.now().toISOString(),
        accountId: entry.accountId,
        osUser: this.osUser,
        action: entry.action,
        subject: entry.subject,
        inputs: entry.inputs ?? {},
        outcome: entry.outcome,
        prevHash: last?.hash ?? genesis,
      };
      const full: JournalEntry = { ...draft, hash: hashOf(draft) };
      this.db
        .prepare('INSERT INTO audit_journal (seq, at, account_id, os_user, action, subject, inputs, outcome, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(full.seq, full.at, full.accountId, full.osUser, full.action, full.subject, JSON.stringify(full.inputs), JSON.stringify(full.outcome), full.prevHash, full.hash);
      return full;
    });
    return write.immediate();
  }

  entries(filter: { accountId?: string; subject?: string; limit?: number } = {}): JournalEntry[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.accountId) {
      where.push('account_id = ?');
      args.push(filter.accountId);
    }
    if (filter.subject) {
      where.push('subject = ?');
      args.push(filter.subject);
    }
    const sql = `SELECT * FROM audit_journal ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq LIMIT ?`;
    return (this.db.prepare(sql).all(...args, filter.limit ?? 100_000) as Raw[]).map(toEntry);
  }

  /** Checks the whole chain: each entry's hash, each link to the one before, no gap in the numbers. */
  verify(): { ok: true; entries: number } | { ok: false; entries: number; seq: number; problem: string } {
    let prev = genesis;
    let expectedSeq = 1;
    let count = 0;
    for (const raw of this.db.prepare('SELECT * FROM audit_journal ORDER BY seq').iterate() as IterableIterator<Raw>) {
      const entry = toEntry(raw);
      count += 1;
      if (entry.seq !== expectedSeq) return { ok: false, entries: count, seq: entry.seq, problem: `entry ${expectedSeq} is missing (the next is ${entry.seq})` };
      if (entry.prevHash !== prev) return { ok: false, entries: count, seq: entry.seq, problem: `entry ${entry.seq} does not follow the one before it (an entry was removed or changed)` };
      const { hash, ...rest } = entry;
      if (hashOf(rest) !== hash) return { ok: false, entries: count, seq: entry.seq, problem: `entry ${entry.seq} was changed after it was written` };
      prev = hash;
      expectedSeq += 1;
    }
    return { ok: true, entries: count };
  }
}
