import type { Db } from '../db/database';
import type { JournalProblem } from '../journal/journal-verify';

/**
 * Trusted timestamps over the team journal's end (issue 32: "checkpoints, with RFC 3161 tokens where a
 * TSA is set, cover the team chain"). When a time-stamping authority is set, this computer asks it — at
 * most once a minute after it carried entries, and for the last end it carried when its run closes — for a token over the text
 * `signdock-team-journal-checkpoint/1\n<count>\n<last hash>\n<when>` of the end it saw, and keeps the
 * newest token with that record in its SQLite. `journal --verify` checks the token from its bytes (the
 * TSA's signature over that text, its certificate at the token's time, chained to the TSA anchors) and
 * then holds the chain against it: entries cut off the end after the TSA vouched for them are found even
 * by a computer without the journal key (whose own record could be rewritten unseen), and anyone can
 * check the token with `openssl ts -verify -data <the text> -in <token> -CAfile <TSA CA>`.
 */

/** A token over some bytes (base64 DER), or null when no TSA is set; throws when the TSA fails. */
export type TeamStamper = (bytes: Buffer) => Promise<string | null>;
/** A token checked from its bytes over `covered`: the TSA's time and name, or what is wrong. */
export type TeamStampCheck = (
  token: string,
  covered: Buffer,
) => Promise<{ ok: true; time: Date; tsa: string; trusted: boolean } | { ok: false; problem: string }>;

interface StampRow {
  count: number;
  head: string;
  at: string;
  token: string;
}

/** The exact text a team checkpoint's token covers. */
export const teamCheckpointText = (r: Pick<StampRow, 'count' | 'head' | 'at'>): string =>
  `signdock-team-journal-checkpoint/1\n${r.count}\n${r.head}\n${r.at}`;

const everyMs = () => Number(process.env.SIGNDOCK_TEAM_STAMP_EVERY_MS) || 60_000;

export class TeamJournalStamp {
  private asking: Promise<void> = Promise.resolve();
  private later: { end: { count: number; head: string }; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly db: Db,
    private readonly stamp: TeamStamper | undefined,
  ) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS team_journal_stamp (
         only_row INTEGER PRIMARY KEY CHECK (only_row = 1), count INTEGER NOT NULL, head TEXT NOT NULL, at TEXT NOT NULL, token TEXT NOT NULL
       ) STRICT`,
    );
  }

  /**
   * Asks for a token over the end this computer saw (`count`, `head`); within a minute of the last token,
   * once that minute is over (one timer, then nothing: an idle journal asks nothing).
   */
  request(end: { count: number; head: string }, now = false): void {
    const stamp = this.stamp;
    // No TSA set, or the run closed its database (a minute's timer may outlive it).
    if (!stamp || !this.db.open) return;
    const last = this.read();
    if (last && last.count >= end.count) return;
    const wait = last && !now ? Date.parse(last.at) + everyMs() - Date.now() : 0;
    if (wait > 0) {
      if (this.later) this.later.end = end;
      else {
        const timer = setTimeout(() => {
          const pending = this.later?.end;
          this.later = null;
          if (pending) this.request(pending);
        }, wait);
        timer.unref?.();
        this.later = { end, timer };
      }
      return;
    }
    const record = { count: end.count, head: end.head, at: new Date().toISOString() };
    this.asking = this.asking.then(async () => {
      try {
        const token = await stamp(Buffer.from(teamCheckpointText(record), 'utf8'));
        if (!token || !this.db.open) return;
        this.db
          .prepare(
            `INSERT INTO team_journal_stamp (only_row, count, head, at, token) VALUES (1, @count, @head, @at, @token)
             ON CONFLICT (only_row) DO UPDATE SET count = @count, head = @head, at = @at, token = @token WHERE count < @count`,
          )
          .run({ ...record, token });
      } catch {
        // A TSA that does not answer leaves the end unstamped until the next carry: never holding up the journal.
      }
    });
  }

  /** Resolves once the token asked for (if any) is kept; an end waiting for its minute is asked for now (a run closing stamps what it carried). */
  settled(): Promise<void> {
    const later = this.later;
    if (later) {
      clearTimeout(later.timer);
      this.later = null;
      this.request(later.end, true);
    }
    return this.asking;
  }

  /** Holds the chain against the newest token: what is wrong, and what it vouches for. */
  async check(
    chain: readonly { seq: number; hash: string }[],
    checkToken: TeamStampCheck | undefined,
  ): Promise<{ problems: JournalProblem[]; vouched: { count: number; time: Date; tsa: string; trusted: boolean } | null }> {
    const row = this.read();
    if (!row || !checkToken) return { problems: [], vouched: null };
    const checked = await checkToken(row.token, Buffer.from(teamCheckpointText(row), 'utf8'));
    // A token whose TSA no anchor vouches for proves nothing (anyone can make one): said, never used.
    if (checked.ok && !checked.trusted)
      return { problems: [], vouched: { count: row.count, time: checked.time, tsa: checked.tsa, trusted: false } };
    if (!checked.ok)
      return {
        problems: [
          {
            kind: 'checkpointForged',
            seq: row.count,
            message: `the timestamp over this computer's record of the team journal's end (entry ${row.count}) does not hold: ${checked.problem}`,
          },
        ],
        vouched: null,
      };
    const when = checked.time.toISOString();
    const last = chain[chain.length - 1];
    const atCount = chain.find((entry) => entry.seq === row.count);
    const problems: JournalProblem[] = [];
    if (!last || last.seq < row.count)
      problems.push({
        kind: 'truncated',
        seq: row.count,
        message: `the team journal ends at entry ${last?.seq ?? 0}, but a timestamp of ${checked.tsa} shows it reached entry ${row.count} on ${when}: entries were removed from its end`,
      });
    else if (atCount && atCount.hash !== row.head)
      problems.push({
        kind: 'truncated',
        seq: row.count,
        message: `entry ${row.count} is not the one a timestamp of ${checked.tsa} vouched for on ${when}: the end of the team journal was removed and written again`,
      });
    return { problems, vouched: { count: row.count, time: checked.time, tsa: checked.tsa, trusted: checked.trusted } };
  }

  private read(): StampRow | null {
    return (this.db.prepare('SELECT count, head, at, token FROM team_journal_stamp').get() as StampRow | undefined) ?? null;
  }
}
