import type { Db } from '../db/migration';
import { asCheckpoint, checkSeal, readCheckpointFile, type JournalCheckpoint } from './checkpoint';
import { archiveJobCheckpoints, removedJobCheckpoints } from './journal-sources';
import type { JournalKey } from './journal-key';
import { entryHash, GENESIS, legacyHash, parseFields, entryOf, type RawEntry } from './journal-entry';

/**
 * `journal --verify`: walks the chain (numbers, links, hashes, canonical text with no repeated key, seals)
 * and holds the journal against every checkpoint kept outside its table (the data folder's file, archive
 * jobs, a file the user gives). Says what it proved and, as plainly, what it could not.
 */
export type JournalProblemKind =
  | 'missing'
  | 'broken'
  | 'edited'
  | 'duplicateKey'
  | 'notCanonical'
  | 'recomputed'
  | 'truncated'
  | 'wiped'
  | 'checkpointForged'
  | 'checkpointMissing'
  | 'checkpointUnsealed'
  | 'checkpointRemoved'
  | 'unsealedEntry'
  | 'otherKeyEntry'
  | 'sealStripped'
  | 'wrongKey'
  | 'checkpointUnreadable';

export interface JournalProblem {
  kind: JournalProblemKind;
  seq?: number;
  message: string;
}

export interface JournalVerification {
  ok: boolean;
  entries: number;
  /** Entries whose seal (HMAC under this run's key) was checked. */
  sealed: number;
  /** Entries with no seal this run could check: written without a key, or with another one. */
  unsealed: number;
  /** Entries of the old scheme (before canonical JSON and seals): checked by their plain chain. */
  legacy: number;
  key: 'environment' | 'keychain' | 'none';
  /** The newest checkpoint the journal agrees with. */
  checkpoint: {
    source: string;
    at: string;
    count: number;
    sealed: boolean;
    seal: 'sealed' | 'unsealed' | 'notChecked';
    timestamped: boolean;
  } | null;
  /** How many entries the newest checkpoint sealed by this run's key vouches for (0: none does). */
  sealedUpTo: number;
  checkpointsChecked: number;
  problems: JournalProblem[];
  /** What this run could not prove, in plain words. */
  cannot: string[];
  /** The first problem (older callers). */
  seq?: number;
  problem?: string;
}

export interface VerifyInput {
  db: Db;
  key: JournalKey;
  checkpointFile?: string;
  /** Where runs without the key keep their unsealed checkpoint. */
  unsealedCheckpointFile?: string;
  /** The checkpoint kept in the system keychain (journal-anchor.ts): none when this run keeps no such copy. */
  anchor?: { entry: string | null; checkpoint: JournalCheckpoint | null };
  given: { source: string; checkpoint: unknown }[];
}

const day = (iso: string) => iso.replace('T', ' ').slice(0, 19) + ' UTC';
const more = (n: number) => (n > 1 ? ` (and ${n - 1} more after it)` : '');

export function verifyJournal(input: VerifyInput): JournalVerification {
  const { db, key } = input;
  const problems: JournalProblem[] = [];
  const add = (p: JournalProblem) => {
    if (problems.length < 20 && !problems.some((q) => q.kind === p.kind)) problems.push(p);
  };
  const hashes = new Map<number, string>([[0, GENESIS]]);
  let prev = GENESIS;
  let expected = 1;
  let rows = 0;
  let sealed = 0;
  let legacy = 0;
  let lastSeq = 0;
  let withMac = 0;
  /** Entries of this scheme carrying no seal of this run's key (none, or another key's). */
  const unsealed: { seq: number; keyId: string | null }[] = [];
  const keyIds = new Set<string>();
  for (const raw of db.prepare('SELECT * FROM audit_journal ORDER BY seq').iterate() as IterableIterator<RawEntry>) {
    rows += 1;
    lastSeq = raw.seq;
    hashes.set(raw.seq, raw.hash);
    if (raw.seq !== expected)
      add({ kind: 'missing', seq: expected, message: `entry ${expected} is missing (the next is ${raw.seq}): an entry was removed` });
    expected = raw.seq + 1;
    const parsed = parseFields(raw, add);
    if (parsed) {
      if (raw.prev_hash !== prev)
        add({
          kind: 'broken',
          seq: raw.seq,
          message: `entry ${raw.seq} does not follow the one before it: an entry was removed or changed`,
        });
      const entry = entryOf(raw, parsed);
      if ((raw.version === 1 ? legacyHash(entry) : entryHash(entry)) !== raw.hash)
        add({
          kind: 'edited',
          seq: raw.seq,
          message: `entry ${raw.seq} was changed after it was written (its hash does not match what is stored)`,
        });
    }
    if (raw.mac && raw.key_id) keyIds.add(raw.key_id);
    if (raw.version === 1) legacy += 1;
    else if (raw.mac && key.id && raw.key_id === key.id) {
      sealed += 1;
      withMac += 1;
      if (key.mac('entry', raw.hash) !== raw.mac)
        add({
          kind: 'recomputed',
          seq: raw.seq,
          message: `entry ${raw.seq} was changed and the hashes recomputed: the chain links up, but its seal (an HMAC under the journal key) does not match, so it was not written by SignDock`,
        });
    } else {
      if (raw.mac) withMac += 1;
      unsealed.push({ seq: raw.seq, keyId: raw.mac ? raw.key_id : null });
    }
    prev = raw.hash;
  }

  const sources: { source: string; checkpoint: JournalCheckpoint }[] = [];
  const cannot: string[] = [];
  if (input.checkpointFile) {
    const file = readCheckpointFile(input.checkpointFile);
    if (file === 'missing') {
      // Runs without the key keep no file: it is missing only where a run with the key wrote entries.
      if (rows > legacy && (key.id || withMac > 0))
        add({
          kind: 'checkpointMissing',
          message: `the checkpoint file ${input.checkpointFile} is missing while the journal has ${rows} entries: it was deleted or lost`,
        });
    } else if ('unreadable' in file)
      add({ kind: 'checkpointUnreadable', message: `the checkpoint file ${input.checkpointFile} cannot be read (${file.unreadable})` });
    else {
      sources.push({ source: 'the checkpoint file', checkpoint: file });
      if (key.id && !file.mac && rows > 0)
        add({
          kind: 'checkpointUnsealed',
          message: `the checkpoint file ${input.checkpointFile} is not sealed though this run has the journal key: it was replaced, or written by an older version run without the key`,
        });
    }
  } else cannot.push('No checkpoint file is kept for this journal.');
  const unsealedFile = input.unsealedCheckpointFile ? readCheckpointFile(input.unsealedCheckpointFile) : 'missing';
  if (unsealedFile !== 'missing' && !('unreadable' in unsealedFile))
    sources.push({ source: 'the checkpoint file of runs without the key', checkpoint: unsealedFile });
  sources.push(...archiveJobCheckpoints(db));
  for (const { job, why } of removedJobCheckpoints(db))
    add({
      kind: 'checkpointRemoved',
      message: `archive job ${job} lost the journal checkpoint it kept (${why}): someone removed it, which is how a journal cut short is hidden`,
    });
  for (const given of input.given) {
    const checkpoint = asCheckpoint(given.checkpoint);
    if (checkpoint) sources.push({ source: given.source, checkpoint });
    else add({ kind: 'checkpointUnreadable', message: `${given.source} holds no journal checkpoint` });
  }
  if (input.anchor?.checkpoint)
    sources.push({ source: `the copy in the system keychain (entry ${input.anchor.entry ?? '?'})`, checkpoint: input.anchor.checkpoint });

  let best: JournalVerification['checkpoint'] = null;
  let sealedBy: { source: string; count: number; at: string } | null = null;
  let otherKey = 0;
  for (const { source, checkpoint: c } of sources) {
    if (c.mac && c.keyId) keyIds.add(c.keyId);
    const seal = checkSeal(c, key);
    if (seal === 'forged') {
      add({
        kind: 'checkpointForged',
        message: `the checkpoint in ${source} (${c.count} entries, ${day(c.at)}) is not sealed by the journal key: it was made or changed by someone without it`,
      });
      continue;
    }
    if (seal === 'otherKey') otherKey += 1;
    if (c.count > lastSeq) {
      if (rows === 0)
        add({
          kind: 'wiped',
          message: `the journal was emptied: ${source} of ${day(c.at)} counts ${c.count} entries and the table has none`,
        });
      else
        add({
          kind: 'truncated',
          seq: lastSeq,
          message: `the journal was cut short: ${source} of ${day(c.at)} counts ${c.count} entries, the journal ends at entry ${lastSeq} (the newest entries were deleted)`,
        });
      continue;
    }
    if (hashes.get(c.count) !== c.head) {
      add({
        kind: 'recomputed',
        seq: c.count,
        message: `entry ${c.count} is not the one ${source} of ${day(c.at)} recorded: entries were changed and their hashes recomputed (or removed)`,
      });
      continue;
    }
    const candidate = {
      source,
      at: c.at,
      count: c.count,
      sealed: seal === 'sealed',
      seal: seal === 'otherKey' ? ('notChecked' as const) : seal === 'sealed' ? ('sealed' as const) : ('unsealed' as const),
      timestamped: Boolean(c.timestampToken),
    };
    if (!best || candidate.count > best.count || (candidate.count === best.count && candidate.sealed && !best.sealed)) best = candidate;
    if (seal === 'sealed' && (!sealedBy || c.count > sealedBy.count)) sealedBy = { source, count: c.count, at: c.at };
  }

  // A key that sealed nothing here while another did: a mistyped or wrong key, not "another key of this folder".
  const wrongKey = Boolean(key.id) && keyIds.size > 0 && !keyIds.has(key.id!);
  if (wrongKey)
    add({
      kind: 'wrongKey',
      message: `this key has never sealed this journal: no entry and no checkpoint carries its id (${key.id}); they are sealed with key id ${[...keyIds].join(', ')} (${key.source === 'environment' ? 'check SIGNDOCK_JOURNAL_KEY for a typo, or give the key this journal was sealed with' : "this keychain's key is not the one that sealed it"})`,
    });
  else if (key.id) {
    const covered = unsealed.filter((u) => sealedBy && u.seq <= sealedBy.count);
    const bare = unsealed.filter((u) => !(sealedBy && u.seq <= sealedBy.count) && !u.keyId);
    const foreign = unsealed.filter((u) => !(sealedBy && u.seq <= sealedBy.count) && u.keyId);
    if (covered[0] && sealedBy)
      add({
        kind: 'sealStripped',
        seq: covered[0].seq,
        message: `entry ${covered[0].seq}${more(covered.length)} carries no seal of this journal key, though ${sealedBy.source} of ${day(sealedBy.at)} (sealed, ${sealedBy.count} entries) covers it: its seal was removed or replaced; the entries themselves match that checkpoint, so journal --reseal can seal them again`,
      });
    if (bare[0])
      add({
        kind: 'unsealedEntry',
        seq: bare[0].seq,
        message: `entry ${bare[0].seq}${more(bare.length)} carries no seal and no sealed checkpoint covers it: it was written by a run without the journal key, or added or rewritten by someone without it; SignDock cannot tell which, so it will not seal it (give every run the same key)`,
      });
    if (foreign[0])
      add({
        kind: 'otherKeyEntry',
        seq: foreign[0].seq,
        message: `entry ${foreign[0].seq}${more(foreign.length)} is sealed with another journal key (id ${String(foreign[0].keyId)}) than this run's (id ${key.id}) and no checkpoint sealed by this key covers it: runs of this data folder use different keys, or someone without the key made the seal up`,
      });
  }

  if (key.source === 'none')
    cannot.push(
      `This run has no journal key (${key.missing ?? 'none given'}), so no seal was checked: a chain someone recomputed is found only where it disagrees with a checkpoint, and an unsealed checkpoint can be forged too. Set SIGNDOCK_JOURNAL_KEY or unlock the keychain to check the seals.`,
    );
  if (otherKey > 0 && key.id)
    cannot.push(
      `${otherKey} checkpoint(s) were sealed with another journal key than this run's (the app and the command line must use the same key): their seals were not checked.`,
    );
  if (legacy > 0)
    cannot.push(
      `${legacy} entries were written before SignDock sealed its journal (old scheme, unkeyed): they are checked by their plain SHA-256 chain only.`,
    );
  if (unsealed.length > 0 && !key.id)
    cannot.push(
      `${unsealed.length} entries carry seals this run cannot check, or none: a recomputed chain among them is found only by a checkpoint.`,
    );
  if (best && best.count < lastSeq)
    cannot.push(
      `Entries ${best.count + 1} to ${lastSeq} are newer than every checkpoint: deleting some of them from the end would not be noticed.`,
    );
  if (!best && rows > 0) cannot.push('No checkpoint agrees with the journal, so its length is not proved.');
  if (best?.seal === 'unsealed')
    cannot.push('The checkpoint the head was held against is not sealed: anyone who can write it could have made it.');
  cannot.push(
    input.anchor?.entry
      ? 'Not detectable here: someone who has the journal key (or this keychain) rewriting the journal and its checkpoints.'
      : "Not detectable here: someone who has the journal key rewriting the journal and its checkpoints; the database and the checkpoint file put back together to an earlier copy (this run keeps no copy in the system keychain; compare with a later checkpoint kept elsewhere, such as an export's custody.json: journal --verify --checkpoint FILE).",
  );
  const first = problems[0];
  return {
    ok: problems.length === 0,
    entries: rows,
    sealed,
    unsealed: unsealed.length,
    legacy,
    key: key.source,
    checkpoint: best,
    sealedUpTo: sealedBy?.count ?? 0,
    checkpointsChecked: sources.length,
    problems,
    cannot,
    ...(first ? { ...(first.seq !== undefined ? { seq: first.seq } : {}), problem: first.message } : {}),
  };
}
