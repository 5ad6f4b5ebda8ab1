import { execFileSync } from 'node:child_process';
import { canonicalJson } from '../../electron/core/journal/canonical-json';
import { entryHash } from '../../electron/core/journal/journal-entry';

/**
 * What someone without the journal key does to a data folder's database, with the sqlite3 tool: run SQL,
 * and edit one entry then recompute every later hash with plain SHA-256 (the chain links up again; only
 * seals and checkpoints kept elsewhere can tell).
 */
export const sqlite = (db: string, sql: string): string => execFileSync('sqlite3', [db, sql], { encoding: 'utf8' });

export function rewriteTail(db: string, fromSeq: number, outcome: Record<string, unknown>): void {
  type Row = {
    seq: number;
    at: string;
    a: string;
    u: string;
    action: string;
    subject: string;
    inputs: string;
    outcome: string;
    hash: string;
  };
  const rows = JSON.parse(
    sqlite(
      db,
      "SELECT json_group_array(json_object('seq', seq, 'at', at, 'a', account_id, 'u', os_user, 'action', action, 'subject', subject, 'inputs', inputs, 'outcome', outcome, 'hash', hash)) FROM (SELECT * FROM audit_journal ORDER BY seq)",
    ),
  ) as Row[];
  let prev = rows.find((r) => r.seq === fromSeq - 1)?.hash ?? '0'.repeat(64);
  const updates: string[] = [];
  for (const row of rows.filter((r) => r.seq >= fromSeq)) {
    const text = row.seq === fromSeq ? canonicalJson(outcome) : row.outcome;
    const hash = entryHash({
      seq: row.seq,
      at: row.at,
      accountId: row.a,
      osUser: row.u,
      action: row.action,
      subject: row.subject,
      inputs: JSON.parse(row.inputs) as Record<string, unknown>,
      outcome: JSON.parse(text) as Record<string, unknown>,
      prevHash: prev,
    });
    updates.push(
      `UPDATE audit_journal SET outcome = '${text.replace(/'/g, "''")}', prev_hash = '${prev}', hash = '${hash}' WHERE seq = ${row.seq};`,
    );
    prev = hash;
  }
  sqlite(db, updates.join('\n'));
}
