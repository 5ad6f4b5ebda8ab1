import type { Db } from '../db/database';
import type { JournalKey } from '../journal/journal-key';
import type { JournalProblem, JournalVerification } from '../journal/journal-verify';

/**
 * The end of the team journal as this computer last saw it (how many entries, the last one's hash, when),
 * kept in this computer's SQLite and sealed with its journal key: entries a database superuser cuts off
 * the end of the team chain — which leaves no gap in the numbers — are found by `journal --verify` on any
 * computer that saw them. It only moves forward: after entries are carried to the store, and after a
 * verify that found the chain intact. What is cut before any computer saw it is said as not provable.
 */

interface SeenRow {
  count: number;
  head: string;
  at: string;
  mac: string | null;
  key_id: string | null;
}

const sealText = (row: Pick<SeenRow, 'count' | 'head' | 'at'>) => `${row.count}\n${row.head}\n${row.at}`;

export class TeamJournalCheckpoint {
  constructor(private readonly db: Db) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS team_journal_checkpoint (
         only_row INTEGER PRIMARY KEY CHECK (only_row = 1), count INTEGER NOT NULL, head TEXT NOT NULL, at TEXT NOT NULL, mac TEXT, key_id TEXT
       ) STRICT`,
    );
  }

  /** The chain reached entry `count`, whose hash is `head` (nothing when that is not further than what was seen). */
  saw(count: number, head: string, key: JournalKey, at = new Date()): void {
    const seen = this.read();
    if (seen && seen.count >= count) return;
    const row = { count, head, at: at.toISOString() };
    this.db
      .prepare(
        `INSERT INTO team_journal_checkpoint (only_row, count, head, at, mac, key_id) VALUES (1, @count, @head, @at, @mac, @keyId)
         ON CONFLICT (only_row) DO UPDATE SET count = @count, head = @head, at = @at, mac = @mac, key_id = @keyId`,
      )
      .run({ ...row, mac: key.mac('team checkpoint', sealText(row)), keyId: key.id });
  }

  /** Holds the team chain (its entries' numbers and hashes, in order) against what this computer saw. */
  check(
    chain: readonly { seq: number; hash: string }[],
    key: JournalKey,
  ): {
    problems: JournalProblem[];
    checkpoint: JournalVerification['checkpoint'];
    cannot: string;
  } {
    const seen = this.read();
    if (!seen)
      return {
        problems: [],
        checkpoint: null,
        cannot:
          'Entries removed from the end of the team journal before this computer saw them are not found: it has no record of the end yet.',
      };
    const sealedByThisKey = seen.mac !== null && key.id !== null && seen.key_id === key.id;
    const problems: JournalProblem[] = [];
    if (sealedByThisKey && key.mac('team checkpoint', sealText(seen)) !== seen.mac)
      problems.push({
        kind: 'truncated',
        message: `this computer's record of the team journal's end (entry ${seen.count}, ${seen.at}) was changed: its seal does not match`,
      });
    const last = chain[chain.length - 1];
    const atCount = chain.find((entry) => entry.seq === seen.count);
    if (!last || last.seq < seen.count)
      problems.push({
        kind: 'truncated',
        seq: seen.count,
        message: `the team journal ends at entry ${last?.seq ?? 0}, but this computer saw it reach entry ${seen.count} on ${seen.at}: entries were removed from its end`,
      });
    else if (atCount && atCount.hash !== seen.head)
      problems.push({
        kind: 'truncated',
        seq: seen.count,
        message: `entry ${seen.count} is not the one this computer saw on ${seen.at}: the end of the team journal was removed and written again`,
      });
    return {
      problems,
      checkpoint: {
        source: "this computer's record of the team journal's end",
        at: seen.at,
        count: seen.count,
        sealed: seen.mac !== null,
        seal: sealedByThisKey ? 'sealed' : seen.mac ? 'notChecked' : 'unsealed',
        timestamped: false,
      },
      cannot: `Entries removed from the end of the team journal after ${seen.at} (entry ${seen.count}, the last this computer saw) are not found by this computer; another computer that saw them finds them.`,
    };
  }

  private read(): SeenRow | null {
    return (this.db.prepare('SELECT count, head, at, mac, key_id FROM team_journal_checkpoint').get() as SeenRow | undefined) ?? null;
  }
}
