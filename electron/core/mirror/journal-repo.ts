import type Database from 'better-sqlite3';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/** Who acted: the person at the keyboard, or SignDock on its own (sync, webhooks, batches). */
export type JournalActor = 'user' | 'sync' | 'webhook' | 'batch' | (string & {});

export interface JournalInput {
  accountId: string;
  actor: JournalActor;
  /** What was done, as a dotted code: `document.cancel`, `document.refresh`, `signature.invalidate`… */
  action: string;
  /** What it was done to (a document or signature id), when there is one. */
  target?: string | null;
  /** Anything worth keeping about it, as JSON (never secrets). */
  detail?: Record<string, unknown>;
  /** How it ended: `ok`, `failed`, `not-found`… */
  outcome: string;
}

export interface JournalEntry extends Required<Omit<JournalInput, 'target'>> {
  seq: number;
  /** ISO 8601. */
  at: string;
  target: string | null;
}

interface JournalRow {
  seq: number;
  account_id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: string;
  outcome: string;
}

/** The journal of local actions per account: who did what, when, and how it ended. Append-only. */
export class JournalRepo {
  private readonly statements: { insert: Statement; recent: Statement; forTarget: Statement };

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.statements = {
      insert: db.prepare('INSERT INTO journal (account_id, at, actor, action, target, detail, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      recent: db.prepare('SELECT * FROM journal WHERE account_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?'),
      forTarget: db.prepare('SELECT * FROM journal WHERE account_id = ? AND target = ? ORDER BY seq DESC LIMIT ?'),
    };
  }

  record(input: JournalInput): JournalEntry {
    const at = this.now().toISOString();
    const detail = input.detail ?? {};
    const target = input.target ?? null;
    const result = this.statements.insert.run(input.accountId, at, input.actor, input.action, target, JSON.stringify(detail), input.outcome);
    return { seq: Number(result.lastInsertRowid), accountId: input.accountId, at, actor: input.actor, action: input.action, target, detail, outcome: input.outcome };
  }

  /** Newest first; pass the last `seq` seen as `before` for the next page. */
  recent(accountId: string, options: { limit?: number; before?: number } = {}): JournalEntry[] {
    const rows = this.statements.recent.all(accountId, options.before ?? Number.MAX_SAFE_INTEGER, options.limit ?? 100) as JournalRow[];
    return rows.map(toEntry);
  }

  /** What was done to one document or signature, newest first. */
  forTarget(accountId: string, target: string, limit = 100): JournalEntry[] {
    return (this.statements.forTarget.all(accountId, target, limit) as JournalRow[]).map(toEntry);
  }
}

function toEntry(row: JournalRow): JournalEntry {
  return {
    seq: row.seq,
    accountId: row.account_id,
    at: row.at,
    actor: row.actor,
    action: row.action,
    target: row.target,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    outcome: row.outcome,
  };
}
