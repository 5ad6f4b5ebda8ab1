import { userInfo } from 'node:os';
import { AppError } from '../../../shared/contract/errors';
import type { Db } from '../db/migration';
import { canonicalJson } from './canonical-json';
import {
  checkpointPath,
  unsealedCheckpointPath,
  makeCheckpoint,
  readCheckpointFile,
  withTimestamp,
  writeCheckpointFile,
  type CheckpointTimestamper,
  type JournalCheckpoint,
} from './checkpoint';
import { mayMoveCheckpoint } from './checkpoint-upkeep';
import { JournalAnchor } from './journal-anchor';
import { noJournalKey, type JournalKey } from './journal-key';
import { planReseal, samePlan, type ResealEntry, type ResealPlan } from './journal-reseal';
import { verifyJournal, type JournalVerification } from './journal-verify';
import { entryHash, GENESIS, toEntry, type JournalEntry, type RawEntry } from './journal-entry';

export type { JournalEntry } from './journal-entry';
export { journalSchema, journalSealSchema } from './journal-entry';

export interface JournalOptions {
  now?: () => Date;
  /** Where the checkpoint file goes; none: no file (unit tests of other modules). */
  dataFolder?: string;
}

/** How long the checkpoint file may lag behind entries written inside callers' transactions (one write per batch). */
const flushDelayMs = 100;

/**
 * The local audit journal: every action SignDock took (send, cancel, invalidate, remind, archive) with
 * who (account, OS user), what, when, its inputs and its outcome. Append-only; each entry carries the
 * SHA-256 of the one before over its canonical JSON (exactly the stored text), sealed with an HMAC under
 * the journal key when the run has one, and checkpoints (count + head, sealed) are kept outside the table
 * (see checkpoint.ts), so an entry edited, removed, cut off the end or recomputed is found (`verify`).
 */
export class Journal {
  private readonly osUser: string;
  private readonly now: () => Date;
  private key: JournalKey = noJournalKey('the journal key was not loaded');
  private anchor: JournalAnchor = JournalAnchor.none();
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

  /**
   * Seals from now on with this key (loaded once per run from the keychain or the environment), keeping
   * the last sealed checkpoint in the keychain too when `anchor` has a place there (journal-anchor.ts).
   */
  useKey(key: JournalKey, anchor: JournalAnchor = JournalAnchor.none()): void {
    this.key = key;
    this.anchor = anchor;
    this.flush();
  }

  /** Reads the keychain's copy again (another process may have moved it), before a verify. */
  refreshAnchor(): Promise<void> {
    return this.anchor.refresh();
  }

  /** Resolves when the keychain's copy holds every checkpoint this run wrote (before closing). */
  settled(): Promise<void> {
    return this.anchor.settled();
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
      ...(this.dataFolder
        ? { checkpointFile: checkpointPath(this.dataFolder), unsealedCheckpointFile: unsealedCheckpointPath(this.dataFolder) }
        : {}),
      anchor: { entry: this.anchor.entry, checkpoint: this.anchor.checkpoint },
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
      // Without the key: a file of its own, so an unsealed checkpoint never stands in a keyed run's way.
      this.writeCheckpoint(this.key.id ? checkpointPath(this.dataFolder) : unsealedCheckpointPath(this.dataFolder));
    } catch {
      // The entry is committed; a checkpoint file that could not be written lags behind, and `verify` says
      // the newest entries are not covered. Never an error for the action that was journaled.
    }
  }

  /**
   * Moves the checkpoint file to the head when this run may vouch for it (`mayMoveCheckpoint`), and the keychain's
   * copy with it; `force` (a reseal that sealed what it may) writes it whatever the file held.
   */
  private writeCheckpoint(file: string, force = false): void {
    const write = this.db.transaction(() => {
      const head = this.head();
      if (!force && !mayMoveCheckpoint({ db: this.db, key: this.key, anchor: this.anchor }, readCheckpointFile(file), head)) return;
      const checkpoint = makeCheckpoint(head.count, head.hash, this.now(), this.key);
      writeCheckpointFile(file, checkpoint);
      if (checkpoint.mac) this.anchor.advance(checkpoint);
    });
    write.immediate();
  }

  /** What a reseal would seal and take as it is now, or why it will not (journal-reseal.ts); changes nothing. */
  resealPlan(): ResealPlan {
    const verification = this.verify();
    const unsealed = this.db
      .prepare('SELECT seq, at, action, subject FROM audit_journal WHERE version >= 2 AND (mac IS NULL OR key_id IS NOT ?) ORDER BY seq')
      .all(this.key.id) as ResealEntry[];
    return planReseal({
      keyId: this.key.id,
      ...(this.key.missing ? { keyMissing: this.key.missing } : {}),
      hasFile: Boolean(this.dataFolder),
      verification,
      unsealed,
    });
  }

  /**
   * Carries out a plan the user confirmed: seals its entries, journals the reseal (what it sealed, under
   * which checkpoint, what the file held), writes a sealed checkpoint. Refused when the plan refuses, or
   * when the journal changed since it was shown (the user confirmed something else).
   */
  reseal(accountId: string, confirmed: ResealPlan): JournalVerification {
    const refuse = (message: string) => new AppError({ kind: 'Conflict', code: 'journal.notResealed', message });
    const plan = this.resealPlan();
    if (plan.refusal) throw refuse(`The journal was not resealed: ${plan.refusal}.`);
    if (!samePlan(plan, confirmed))
      throw refuse('The journal changed while you were asked: nothing was sealed. Run journal --reseal again.');
    const file = checkpointPath(this.dataFolder!);
    const previous = readCheckpointFile(file);
    const seal = this.db.prepare('UPDATE audit_journal SET mac = ?, key_id = ? WHERE seq = ?');
    const hashOf = this.db.prepare('SELECT hash FROM audit_journal WHERE seq = ?');
    this.db
      .transaction(() =>
        plan.entries.forEach((e) => seal.run(this.key.mac('entry', (hashOf.get(e.seq) as { hash: string }).hash), this.key.id, e.seq)),
      )
      .immediate();
    this.append({
      accountId,
      action: 'journal.reseal',
      subject: 'journal',
      outcome: {
        state: 'done',
        entriesSealed: plan.entries.length,
        sealed: plan.entries.slice(0, 1000).map((e) => e.seq),
        under: plan.under,
        accepted: plan.accepts,
        previousCheckpoint:
          typeof previous === 'object' && !('unreadable' in previous) ? previous : previous === 'missing' ? 'missing' : 'unreadable',
      },
    });
    this.writeCheckpoint(file, true);
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
}
