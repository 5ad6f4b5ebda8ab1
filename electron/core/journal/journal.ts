import { userInfo } from 'node:os';
import { AppError } from '../../../shared/contract/errors';
import type { Db } from '../db/migration';
import type { Migration } from '../db/migration';
import { canonicalJson } from './canonical-json';
import {
  checkpointPath,
  checkSeal,
  makeCheckpoint,
  readCheckpointFile,
  withTimestamp,
  writeCheckpointFile,
  type CheckpointTimestamper,
  type JournalCheckpoint,
} from './checkpoint';
import { noJournalKey, type JournalKey } from './journal-key';
import { verifyJournal, type JournalVerification } from './journal-verify';
import { entryHash, GENESIS, type JournalEntry, type RawEntry } from './journal-entry';

export type { JournalEntry } from './journal-entry';

/**
 * The local audit journal: every action SignDock took (send, cancel, invalidate, remind, archive) with
 * who (account, OS user), what, when, its inputs and its outcome. Append-only; each entry carries the
 * SHA-256 of the one before over its canonical JSON (exactly the stored text), sealed with an HMAC under
 * the journal key when the run has one, and checkpoints (count + head, sealed) are kept outside the table
 * (see checkpoint.ts), so an entry edited, removed, cut off the end or recomputed is found (`verify`).
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

/**
 * Version 2 entries: canonical JSON, and a seal. Entries written before stay version 1 and are checked by
 * the rule they were written with (counted apart as "old scheme, unkeyed").
 */
export const journalSealSchema: Migration = {
  name: 'audit journal: canonical entries sealed with the journal key',
  sql: `
    ALTER TABLE audit_journal ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE audit_journal ADD COLUMN mac TEXT;
    ALTER TABLE audit_journal ADD COLUMN key_id TEXT;
  `,
};

const toEntry = (raw: RawEntry): JournalEntry => ({
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

export interface JournalOptions {
  now?: () => Date;
  /** Where the checkpoint file goes; none: no file (unit tests of other modules). */
  dataFolder?: string;
}

/** How long the checkpoint file may lag behind entries written inside callers' transactions (one write per batch). */
const flushDelayMs = 100;

/** What `reseal` may bless after the chain itself checks out: entries and checkpoints made without this key. */
const blessable = new Set(['checkpointMissing', 'checkpointUnsealed', 'checkpointForged', 'unsealedEntry', 'otherKeyEntry']);

export class Journal {
  private readonly osUser: string;
  private readonly now: () => Date;
  private key: JournalKey = noJournalKey('the journal key was not loaded');
  private flushPending = false;

  constructor(
    private readonly db: Db,
    options: JournalOptions | (() => Date) = {},
  ) {
    const opts = typeof options === 'function' ? { now: options } : options;
    this.now = opts.now ?? (() => new Date());
    this.dataFolder = opts.dataFolder;
    let user = 'unknown';
    try {
      user = userInfo().username;
    } catch {
      // No user name (some containers): "unknown".
    }
    this.osUser = user;
  }

  private readonly dataFolder: string | undefined;

  /** Seals from now on with this key (loaded once per run from the keychain or the environment). */
  useKey(key: JournalKey): void {
    this.key = key;
    this.flush();
  }

  get keyInUse(): JournalKey {
    return this.key;
  }

  /**
   * Appends one entry after the last, in one IMMEDIATE transaction (SQLite's write lock serializes the
   * appends of every process sharing the data folder), then brings the checkpoint file up to it.
   */
  append(entry: {
    accountId: string;
    action: string;
    subject: string;
    inputs?: Record<string, unknown>;
    outcome: Record<string, unknown>;
  }): JournalEntry {
    const nested = this.db.inTransaction;
    const write = this.db.transaction(() => {
      const last = this.db.prepare('SELECT seq, hash FROM audit_journal ORDER BY seq DESC LIMIT 1').get() as
        { seq: number; hash: string } | undefined;
      const inputs = canonicalJson(entry.inputs ?? {});
      const outcome = canonicalJson(entry.outcome);
      const draft = {
        seq: (last?.seq ?? 0) + 1,
        at: this.now().toISOString(),
        accountId: entry.accountId,
        osUser: this.osUser,
        action: entry.action,
        subject: entry.subject,
        inputs: JSON.parse(inputs) as Record<string, unknown>,
        outcome: JSON.parse(outcome) as Record<string, unknown>,
        prevHash: last?.hash ?? GENESIS,
      };
      const full: JournalEntry = { ...draft, hash: entryHash(draft) };
      this.db
        .prepare(
          'INSERT INTO audit_journal (seq, at, account_id, os_user, action, subject, inputs, outcome, prev_hash, hash, version, mac, key_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 2, ?, ?)',
        )
        .run(
          full.seq,
          full.at,
          full.accountId,
          full.osUser,
          full.action,
          full.subject,
          inputs,
          outcome,
          full.prevHash,
          full.hash,
          this.key.mac('entry', full.hash),
          this.key.id,
        );
      return full;
    });
    const written = write.immediate();
    // Inside a caller's transaction (a job item's outcome and its entry) the entry is not committed yet:
    // the checkpoint follows shortly, once for all the entries of those moments.
    if (nested) this.scheduleFlush();
    else this.flush();
    return written;
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
    return (this.db.prepare(sql).all(...args, filter.limit ?? 100_000) as RawEntry[]).map(toEntry);
  }

  /** A checkpoint of the journal as committed now (sealed when this run has the key): for job records and exports. */
  checkpoint(): JournalCheckpoint {
    const head = this.head();
    return makeCheckpoint(head.count, head.hash, this.now(), this.key);
  }

  /** The same, with a trusted timestamp when `stamp` (a time-stamping client) gives one. */
  timestampedCheckpoint(stamp?: CheckpointTimestamper): Promise<JournalCheckpoint> {
    return withTimestamp(this.checkpoint(), stamp);
  }

  /** Checks the chain, each entry's seal, and the journal against every checkpoint kept outside it. */
  verify(options: { checkpoints?: { source: string; checkpoint: unknown }[] } = {}): JournalVerification {
    this.flush();
    return verifyJournal({
      db: this.db,
      key: this.key,
      ...(this.dataFolder ? { checkpointFile: checkpointPath(this.dataFolder) } : {}),
      given: options.checkpoints ?? [],
    });
  }

  /**
   * Brings the checkpoint file up to the committed journal, under SQLite's write lock (so two processes
   * write it in the order of their appends, and it only moves forward). It is left alone — as evidence —
   * when it does not agree with the journal (more entries than the table, another hash, a broken seal) or
   * when replacing it would lose a seal this run cannot make.
   */
  flush(): void {
    this.flushPending = false;
    if (!this.dataFolder || !this.db.open) return;
    if (this.db.inTransaction) return this.scheduleFlush();
    try {
      this.writeCheckpoint(checkpointPath(this.dataFolder));
    } catch {
      // The entry is committed; a checkpoint file that could not be written lags behind, and `verify` says
      // the newest entries are not covered. Never an error for the action that was journaled.
    }
  }

  /**
   * A new file only for a journal with no sealed-era entries (empty, or only entries of the old scheme: the
   * first run of this version); an unsealed file is never sealed over by a run with the key (that would
   * bless whatever someone wrote there): `reseal` does that, on purpose and journaled.
   */
  private writeCheckpoint(file: string, force = false): void {
    const write = this.db.transaction(() => {
      const head = this.head();
      const current = readCheckpointFile(file);
      if (!force) {
        if (current === 'missing') {
          if (this.db.prepare('SELECT 1 FROM audit_journal WHERE version >= 2 LIMIT 1').get()) return;
        } else {
          if ('unreadable' in current) return;
          const seal = checkSeal(current, this.key);
          if (seal === 'forged' || seal === 'otherKey' || (seal === 'sealed') !== Boolean(this.key.id)) return;
          if (current.count >= head.count || this.hashAt(current.count) !== current.head) return;
          // A sealed checkpoint never covers entries this key did not seal (added by a run or someone without it).
          if (
            this.key.id &&
            this.db
              .prepare('SELECT 1 FROM audit_journal WHERE seq > ? AND version >= 2 AND (mac IS NULL OR key_id IS NOT ?) LIMIT 1')
              .get(current.count, this.key.id)
          )
            return;
        }
      }
      writeCheckpointFile(file, makeCheckpoint(head.count, head.hash, this.now(), this.key));
    });
    write.immediate();
  }

  /**
   * Seals the journal as it is now, after its chain checks out: for a journal written by runs without the
   * key (or whose checkpoint file was lost) that the user has looked at and trusts. Journaled itself.
   */
  reseal(accountId: string): JournalVerification {
    const refuse = (message: string) => new AppError({ kind: 'Conflict', code: 'journal.notResealed', message });
    if (!this.key.id) throw refuse(`There is no journal key in this run (${this.key.missing ?? 'none'}), so nothing can be sealed.`);
    if (!this.dataFolder) throw refuse('This journal keeps no checkpoint file.');
    const before = this.verify();
    const chainProblem = before.problems.find((p) => !blessable.has(p.kind));
    if (chainProblem) throw refuse(`The journal was not resealed: ${chainProblem.message}.`);
    const previous = readCheckpointFile(checkpointPath(this.dataFolder));
    const seal = this.db.prepare('UPDATE audit_journal SET mac = ?, key_id = ? WHERE seq = ?');
    const unsealed = this.db
      .prepare('SELECT seq, hash FROM audit_journal WHERE version >= 2 AND (mac IS NULL OR key_id IS NULL OR key_id <> ?)')
      .all(this.key.id) as { seq: number; hash: string }[];
    this.db.transaction(() => unsealed.forEach((row) => seal.run(this.key.mac('entry', row.hash), this.key.id, row.seq))).immediate();
    this.append({
      accountId,
      action: 'journal.reseal',
      subject: 'journal',
      outcome: {
        state: 'done',
        entriesSealed: unsealed.length,
        previousCheckpoint:
          typeof previous === 'object' && !('unreadable' in previous)
            ? previous
            : String(previous === 'missing' ? 'missing' : 'unreadable'),
      },
    });
    this.writeCheckpoint(checkpointPath(this.dataFolder), true);
    return this.verify();
  }

  private scheduleFlush(): void {
    if (this.flushPending || !this.dataFolder) return;
    this.flushPending = true;
    setTimeout(() => this.flush(), flushDelayMs).unref?.();
  }

  private head(): { count: number; hash: string } {
    const last = this.db.prepare('SELECT seq, hash FROM audit_journal ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    return { count: last?.seq ?? 0, hash: last?.hash ?? GENESIS };
  }

  private hashAt(seq: number): string | undefined {
    if (seq === 0) return GENESIS;
    return (this.db.prepare('SELECT hash FROM audit_journal WHERE seq = ?').get(seq) as { hash: string } | undefined)?.hash;
  }
}
