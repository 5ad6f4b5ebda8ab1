import type { Db } from '../db/migration';
import { checkSeal, type readCheckpointFile } from './checkpoint';
import type { JournalAnchor } from './journal-anchor';
import { GENESIS } from './journal-entry';
import type { JournalKey } from './journal-key';

// When a run may move the data folder's checkpoint file forward: the rule every append's upkeep follows.

/**
 * Whether this run may replace the checkpoint file with one at `head`. A run without the key keeps its
 * own unsealed file, and only while no entry carries a seal (a keyed run's file is the one that counts
 * then). A run with the key leaves its file alone — as evidence — when it disagrees with the journal or
 * carries a seal it cannot make; it moves a file sealed by its key forward, and writes over a missing or
 * unsealed one only from a sealed base: the journal before any entry of this scheme, or the keychain's
 * copy (none there yet, or one the journal agrees with). And it never vouches for entries after that base
 * that its key did not seal (a run or someone without the key wrote them): `reseal` decides about those.
 */
export function mayMoveCheckpoint(
  run: { db: Db; key: JournalKey; anchor: JournalAnchor },
  current: ReturnType<typeof readCheckpointFile>,
  head: { count: number; hash: string },
): boolean {
  const { db, key } = run;
  if (current !== 'missing' && 'unreadable' in current) return false;
  const agrees = (c: { count: number; head: string }) => c.count <= head.count && hashAt(db, c.count) === c.head;
  if (!key.id)
    return (
      !db.prepare('SELECT 1 FROM audit_journal WHERE mac IS NOT NULL LIMIT 1').get() &&
      (current === 'missing' || (!current.mac && current.count < head.count && agrees(current)))
    );
  const anchor = run.anchor.checkpoint;
  if (anchor && checkSeal(anchor, key) === 'sealed' && !agrees(anchor)) return false;
  let base: number;
  if (current !== 'missing' && checkSeal(current, key) !== 'unsealed') {
    if (checkSeal(current, key) !== 'sealed' || !agrees(current) || current.count >= head.count) return false;
    base = current.count;
  } else if (current !== 'missing' && !agrees(current)) return false;
  else if (!db.prepare('SELECT 1 FROM audit_journal WHERE version >= 2 LIMIT 1').get()) base = 0;
  else if (run.anchor.available) base = anchor && checkSeal(anchor, key) === 'sealed' ? anchor.count : 0;
  else return false;
  return !db
    .prepare('SELECT 1 FROM audit_journal WHERE seq > ? AND version >= 2 AND (mac IS NULL OR key_id IS NOT ?) LIMIT 1')
    .get(base, key.id);
}

/** The hash of entry `seq` (the genesis hash for 0), or undefined when there is none. */
function hashAt(db: Db, seq: number): string | undefined {
  if (seq === 0) return GENESIS;
  return (db.prepare('SELECT hash FROM audit_journal WHERE seq = ?').get(seq) as { hash: string } | undefined)?.hash;
}
