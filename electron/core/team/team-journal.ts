import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { canonicalJson } from '../journal/canonical-json';
import type { Journal, JournalEntry } from '../journal/journal';
import type { JournalBook } from '../journal/journal-book';
import { toEntry, type RawEntry } from '../journal/journal-entry';
import type { JournalKey } from '../journal/journal-key';
import type { JournalProblem, JournalVerification } from '../journal/journal-verify';
import { TeamJournalCheckpoint } from './team-journal-checkpoint';
import { TeamJournalStamp, type TeamStampCheck, type TeamStamper } from './team-journal-stamp';
import type { TeamStore } from './team-store';
import { teamFailure } from './team-words';

/**
 * The team's journal (issue 32, "one journal"): the second implementation of the journal's port
 * (`../journal/journal-book.ts`). An entry is appended to this computer's journal as always (in the job
 * item's own SQLite transaction: nothing is lost if the process dies), then carried, in order, into the
 * team store's chain (`signdock.journal`), which numbers, times, names the member (`current_user`) and
 * hash-chains it. Each carries its local hash as `origin` (carried twice, kept once) and, with a journal
 * key, a seal over its fields and its member. Reading and verifying read the team chain: every computer's
 * entries. `team_journal_sent` (this SQLite) remembers how far this data folder's entries were carried.
 */

interface TeamRow {
  seq: string;
  at: Date;
  at_text: string;
  member: string;
  computer: string;
  account: string;
  action: string;
  subject: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
  inputs_text: string;
  outcome_text: string;
  prev_hash: string;
  hash: string;
  origin: string | null;
  mac: string | null;
  key_id: string | null;
}

const columns = `seq, at, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at_text, member, computer, account,
  action, subject, inputs, outcome, inputs::text AS inputs_text, outcome::text AS outcome_text, prev_hash, hash, origin, mac, key_id`;

/** The seal of a team entry: HMAC under the journal key over its fields and its member (what the store will say it is). */
export function teamSeal(
  key: JournalKey,
  e: Pick<TeamRow, 'origin' | 'member' | 'computer' | 'account' | 'action' | 'subject' | 'inputs' | 'outcome'>,
): string | null {
  const fields = { origin: e.origin, member: e.member, computer: e.computer, account: e.account, action: e.action, subject: e.subject };
  const text = canonicalJson({ ...fields, inputs: e.inputs, outcome: e.outcome } as Parameters<typeof canonicalJson>[0]);
  return key.mac('team entry', createHash('sha256').update(text, 'utf8').digest('hex'));
}

/** The hash the store computed (team-schema.ts, step 2): SHA-256 over the previous hash and the fields, one a line. */
function storeHash(row: TeamRow): string {
  const fields = [row.prev_hash, row.seq, row.at_text, row.member, row.computer, row.account, row.action, row.subject];
  return createHash('sha256')
    .update([...fields, row.inputs_text, row.outcome_text].join('\n'), 'utf8')
    .digest('hex');
}

export class TeamJournal implements JournalBook {
  private sending: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly end: TeamJournalCheckpoint;
  private readonly stamps: TeamJournalStamp;

  constructor(
    private readonly deps: {
      store: TeamStore;
      db: Db;
      journal: Journal;
      logger?: Logger;
      /** With a TSA set: tokens over the chain's end (team-journal-stamp.ts), and how a token is checked. */
      stamp?: TeamStamper;
      checkStamp?: TeamStampCheck;
    },
  ) {
    this.end = new TeamJournalCheckpoint(deps.db);
    this.stamps = new TeamJournalStamp(deps.db, deps.stamp);
    // From the moment a team is configured on this data folder: its earlier entries stay its own.
    deps.db.exec(
      'CREATE TABLE IF NOT EXISTS team_journal_sent (only_row INTEGER PRIMARY KEY CHECK (only_row = 1), seq INTEGER NOT NULL) STRICT',
    );
    deps.db
      .prepare('INSERT OR IGNORE INTO team_journal_sent (only_row, seq) VALUES (1, (SELECT COALESCE(MAX(seq), 0) FROM audit_journal))')
      .run();
  }

  append(entry: Parameters<Journal['append']>[0]): void {
    this.deps.journal.append(entry);
    // Inside a job item's transaction the entry is not committed yet: carried once the transaction is over.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.send();
    }, 20);
  }

  /** Every entry of this data folder carried to the team store (or the store's failure logged: carried next time). */
  settled(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.send().then(() => this.stamps.settled());
  }

  private send(): Promise<void> {
    this.sending = this.sending
      .then(() => this.carry())
      .catch((error: unknown) =>
        this.deps.logger?.log('warn', 'team journal: entries wait on this computer', {
          error: teamFailure(error, this.deps.store.config).message,
        }),
      );
    return this.sending;
  }

  private async carry(): Promise<void> {
    const { db, store, journal } = this.deps;
    const cursor = db.prepare('SELECT seq FROM team_journal_sent').get() as { seq: number };
    const waiting = (db.prepare('SELECT * FROM audit_journal WHERE seq > ? ORDER BY seq').all(cursor.seq) as RawEntry[]).map(toEntry);
    if (!waiting.length) return;
    const { member } = await store.ready();
    const key = journal.keyInUse;
    let end: { seq: string; hash: string } | undefined;
    for (const e of waiting) {
      const row = { origin: e.hash, member, computer: store.computer, account: e.accountId, action: e.action, subject: e.subject };
      const inserted = await store.query<{ seq: string; hash: string }>(
        `INSERT INTO signdock.journal (computer, account, action, subject, inputs, outcome, origin, mac, key_id)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9) ON CONFLICT (origin) DO NOTHING RETURNING seq, hash`,
        [
          row.computer,
          row.account,
          row.action,
          row.subject,
          canonicalJson(e.inputs as never),
          canonicalJson(e.outcome as never),
          row.origin,
        ].concat([teamSeal(key, { ...row, inputs: e.inputs, outcome: e.outcome }), key.id] as never[]),
      );
      db.prepare('UPDATE team_journal_sent SET seq = ? WHERE seq < ?').run(e.seq, e.seq);
      end = inserted.rows[0] ?? end;
    }
    // The chain reached at least the last entry this computer put in it: what it saw of the chain's end.
    if (end) {
      this.end.saw(Number(end.seq), end.hash, key);
      this.stamps.request({ count: Number(end.seq), head: end.hash });
    }
  }

  async entries(filter: { subject?: string; limit?: number }): Promise<JournalEntry[]> {
    await this.settled();
    const rows = await this.deps.store.query<TeamRow>(
      `SELECT ${columns} FROM signdock.journal ${filter.subject ? 'WHERE subject = $2' : ''} ORDER BY seq LIMIT $1`,
      [filter.limit ?? 100_000, ...(filter.subject ? [filter.subject] : [])],
    );
    return rows.rows.map((row) => ({
      seq: Number(row.seq),
      at: row.at.toISOString(),
      accountId: row.account,
      osUser: row.member,
      action: row.action,
      subject: row.subject,
      inputs: row.inputs,
      outcome: row.outcome,
      prevHash: row.prev_hash,
      hash: row.hash,
      member: row.member,
      computer: row.computer,
    }));
  }

  /** The team chain: numbers without a gap, each link, each hash as the store made it, each seal this key can check. */
  async verify(options: { checkpoints?: { source: string; checkpoint: unknown }[] }): Promise<JournalVerification> {
    await this.settled();
    const key = this.deps.journal.keyInUse;
    const rows = (await this.deps.store.query<TeamRow>(`SELECT ${columns} FROM signdock.journal ORDER BY seq`)).rows;
    const problems: JournalProblem[] = [];
    let expected = 1;
    let previous: TeamRow | null = null;
    let sealed = 0;
    for (const row of rows) {
      const seq = Number(row.seq);
      const who = `${row.action} ${row.subject} by ${row.member} from ${row.computer}`;
      if (seq !== expected) {
        const gap = seq - expected === 1 ? `entry ${expected} is` : `entries ${expected} to ${seq - 1} are`;
        const around = previous ? `between entry ${previous.seq} and entry ${seq} (${who})` : `before entry ${seq} (${who})`;
        problems.push({
          kind: 'missing',
          seq: expected,
          message: `${gap} missing from the team journal: removed from the store, ${around}`,
        });
      } else if (row.prev_hash !== (previous?.hash ?? '')) {
        problems.push({ kind: 'broken', seq, message: `entry ${seq} (${who}) does not follow the entry before it: the chain was changed` });
      }
      if (storeHash(row) !== row.hash)
        problems.push({ kind: 'edited', seq, message: `entry ${seq} (${who}) was changed after it was written: its hash does not match` });
      else if (key.id && row.key_id === key.id) {
        if (teamSeal(key, row) === row.mac) sealed += 1;
        else
          problems.push({
            kind: 'recomputed',
            seq,
            message: `entry ${seq} (${who}) was changed and the chain recomputed: its seal does not match`,
          });
      }
      expected = seq + 1;
      previous = row;
    }
    const unsealed = rows.length - sealed;
    const chain = rows.map((row) => ({ seq: Number(row.seq), hash: row.hash }));
    const seen = this.end.check(chain, key);
    problems.push(...seen.problems);
    const stamped = await this.stamps.check(chain, this.deps.checkStamp);
    problems.push(...stamped.problems);
    const last = chain[chain.length - 1];
    if (problems.length === 0 && last) this.end.saw(last.seq, last.hash, key);
    const vouched = stamped.vouched;
    const cannot = [
      seen.cannot,
      ...(vouched && !vouched.trusted
        ? [
            `The timestamp over this computer's record of the team journal's end is from ${vouched.tsa}, which no TSA certificate authority set here vouches for: not used.`,
          ]
        : []),
      ...(unsealed
        ? [
            `${unsealed} entries carry no seal this computer's journal key can check (written by a computer with another key, or none): give every computer the same SIGNDOCK_JOURNAL_KEY to check them all.`,
          ]
        : []),
      ...(options.checkpoints?.length
        ? ["Checkpoints given with --checkpoint cover a computer's own journal, not the team's: not used."]
        : []),
    ];
    const first = problems[0];
    return {
      ok: problems.length === 0,
      entries: rows.length,
      sealed,
      unsealed,
      legacy: 0,
      key: key.source,
      checkpoint: seen.checkpoint && {
        ...seen.checkpoint,
        // Stamped: a TSA anchor vouches for the end this computer saw (its token checked from its bytes just now).
        timestamped: Boolean(vouched?.trusted && vouched.count === seen.checkpoint.count),
      },
      sealedUpTo: seen.checkpoint?.seal === 'sealed' ? seen.checkpoint.count : 0,
      checkpointsChecked: seen.checkpoint ? 1 : 0,
      problems,
      cannot,
      ...(first ? { problem: first.message, ...(first.seq !== undefined ? { seq: first.seq } : {}) } : {}),
    };
  }
}
