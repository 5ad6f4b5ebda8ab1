import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../data-folder';
import { parseStrictJson } from './canonical-json';
import type { JournalKey } from './journal-key';

/**
 * A journal checkpoint: "the journal had `count` entries and the last one's hash was `head`, at `at`",
 * sealed with the journal key (HMAC-SHA-256) when the run has one. Copies live outside the journal table:
 * a file in the data folder (rewritten after each batch of appends; runs without the key keep theirs in
 * a file of its own), the system keychain (journal-anchor.ts), every archive job's input and every
 * counsel export's `custody.json`. A sealed copy cannot be made or moved forward without the key, so the
 * journal can be checked against it: fewer entries (cut short, emptied) or another hash at `count`
 * (changed and recomputed) is found.
 */
export const CHECKPOINT_FORMAT = 'signdock-journal-checkpoint/1';
export const CHECKPOINT_FILE = 'journal-checkpoint.json';
/** Where runs without the key keep their (unsealed) checkpoint: apart, so it never stands in a keyed run's way. */
export const UNSEALED_CHECKPOINT_FILE = 'journal-checkpoint-unsealed.json';

export interface JournalCheckpoint {
  format: typeof CHECKPOINT_FORMAT;
  count: number;
  head: string;
  at: string;
  /** The id of the key that sealed it, and the seal; both null for a checkpoint made without a key. */
  keyId: string | null;
  mac: string | null;
  /** An RFC 3161 token over `sealedText(checkpoint)` (base64 DER), when a time-stamping authority was asked. */
  timestampToken?: string;
}

/** What a time-stamping client gives the journal: a token over some bytes, or null when none is configured. */
export type CheckpointTimestamper = (bytes: Buffer) => Promise<string | null>;

/** The exact text the seal and a timestamp cover. */
export const sealedText = (c: Pick<JournalCheckpoint, 'count' | 'head' | 'at'>): string =>
  `${CHECKPOINT_FORMAT}\n${c.count}\n${c.head}\n${c.at}`;

export function makeCheckpoint(count: number, head: string, at: Date, key: JournalKey): JournalCheckpoint {
  const base = { count, head, at: at.toISOString() };
  return { format: CHECKPOINT_FORMAT, ...base, keyId: key.id, mac: key.mac('checkpoint', sealedText(base)) };
}

/**
 * The checkpoint with an RFC 3161 token over `sealedText` when a time-stamping authority is configured
 * (`stamp` answers null when none is, and the checkpoint goes unstamped); a TSA that fails leaves it
 * unstamped too, never holding up the archive or export that carries it.
 */
export async function withTimestamp(checkpoint: JournalCheckpoint, stamp: CheckpointTimestamper | undefined): Promise<JournalCheckpoint> {
  if (!stamp) return checkpoint;
  try {
    const token = await stamp(Buffer.from(sealedText(checkpoint), 'utf8'));
    return token ? { ...checkpoint, timestampToken: token } : checkpoint;
  } catch {
    return checkpoint;
  }
}

export type SealCheck = 'sealed' | 'unsealed' | 'otherKey' | 'forged';

/** Whether a checkpoint's seal holds under this run's key. */
export function checkSeal(c: JournalCheckpoint, key: JournalKey): SealCheck {
  if (!c.mac || !c.keyId) return 'unsealed';
  if (!key.id || key.id !== c.keyId) return 'otherKey';
  return key.mac('checkpoint', sealedText(c)) === c.mac ? 'sealed' : 'forged';
}

/** Reads a checkpoint from parsed JSON (a checkpoint file, a job's input member, custody.json's member), or null. */
export function asCheckpoint(value: unknown): JournalCheckpoint | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => typeof x === 'string';
  if (v.format !== CHECKPOINT_FORMAT || !Number.isSafeInteger(v.count) || (v.count as number) < 0 || !str(v.head) || !str(v.at))
    return null;
  if (!(v.keyId === null || str(v.keyId)) || !(v.mac === null || str(v.mac))) return null;
  return {
    format: CHECKPOINT_FORMAT,
    count: v.count as number,
    head: v.head as string,
    at: v.at as string,
    keyId: v.keyId as string | null,
    mac: v.mac as string | null,
    ...(str(v.timestampToken) ? { timestampToken: v.timestampToken as string } : {}),
  };
}

export const checkpointPath = (dataFolder: string): string => join(dataFolder, CHECKPOINT_FILE);
export const unsealedCheckpointPath = (dataFolder: string): string => join(dataFolder, UNSEALED_CHECKPOINT_FILE);

/** The data folder's checkpoint file: 'missing', 'unreadable' (with why), or the checkpoint. */
export function readCheckpointFile(file: string): JournalCheckpoint | 'missing' | { unreadable: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    return { unreadable: (error as Error).message };
  }
  try {
    return asCheckpoint(parseStrictJson(text)) ?? { unreadable: 'not a journal checkpoint' };
  } catch (error) {
    return { unreadable: (error as Error).message };
  }
}

/**
 * Replaces the checkpoint file at once (a temporary file, flushed, then renamed over it), mode 0600. Called
 * only under SQLite's write lock, so any temporary file already there is one a killed process left: removed.
 */
export function writeCheckpointFile(file: string, checkpoint: JournalCheckpoint): void {
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dirname(file)))
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(join(dirname(file), name), { force: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, `${JSON.stringify(checkpoint, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}
