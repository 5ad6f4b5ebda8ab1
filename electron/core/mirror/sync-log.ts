import type Database from 'better-sqlite3';
import type { Db } from '../db/database';

type Statement = Database.Statement<unknown[]>;

/** Who noted it: SignDock's sync today (the column allows other actors). */
type SyncLogActor = 'sync' | (string & {});

interface SyncLogInput {
  accountId: string;
  actor: SyncLogActor;
  /** What was done, as a dotted code: `document.refresh`… */
  action: string;
  /** What it was done to (a document or signature id), when there is one. */
  target?: string | null;
  /** Anything worth keeping about it, as JSON (never secrets). */
  detail?: Record<string, unknown>;
  /** How it ended: `ok`, `failed`, `not-found`… */
  outcome: string;
}

interface SyncLogEntry extends Required<Omit<SyncLogInput, 'target'>> {
  seq: number;
  /** ISO 8601. */
  at: string;
  target: string | null;
}

interface SyncLogRow {
  seq: number;
  account_id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: string;
  outcome: string;
}

/**
 * What sync itself noted per account (table `journal`; today: a document the service no longer shows),
 * shown on the document's timeline. Append-only. Not the audit journal: every action SignDock takes on
 * the service is in electron/core/journal/ (hash-chained and sealed); this log is not.
 */
export class SyncLog {
  private readonly statements: { insert: Statement; recent: Statement };

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.statements = {
      insert: db.prepare('INSERT INTO journal (account_id, at, actor, action, target, detail, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      recent: db.prepare('SELECT * FROM journal WHERE account_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?'),
    };
  }

  record(input: SyncLogInput): SyncLogEntry {
    const at = this.now().toISOString();
    const detail = input.detail ?? {};
    const target = input.target ?? null;
    const result = this.statements.insert.run(
      input.accountId,
      at,
      input.actor,
      input.action,
      target,
      JSON.stringify(detail),
      input.outcome,
    );
    return {
      seq: Number(result.lastInsertRowid),
      accountId: input.accountId,
      at,
      actor: input.actor,
      action: input.action,
      target,
      detail,
      outcome: input.outcome,
    };
  }

  /** Newest first; pass the last `seq` seen as `before` for the next page. */
  recent(accountId: string, options: { limit?: number; before?: number } = {}): SyncLogEntry[] {
    const rows = this.statements.recent.all(accountId, options.before ?? Number.MAX_SAFE_INTEGER, options.limit ?? 100) as SyncLogRow[];
    return rows.map(toEntry);
  }
}

function toEntry(row: SyncLogRow): SyncLogEntry {
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
