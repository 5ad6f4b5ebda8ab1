import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** One journal entry as the core sees it, as SQLite stores it, and the two hash rules (old and current). */
export interface JournalEntry {
  seq: number;
  at: string;
  accountId: string;
  osUser: string;
  action: string;
  subject: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

export const GENESIS = '0'.repeat(64);

/** The hash of a version 2 entry: SHA-256 of the canonical JSON of all its fields (the stored texts parsed). */
export function entryHash(entry: Omit<JournalEntry, 'hash'>): string {
  const { seq, at, accountId, osUser, action, subject, inputs, outcome, prevHash } = entry;
  return createHash('sha256')
    .update(canonicalJson({ v: 2, seq, at, accountId, osUser, action, subject, inputs, outcome, prevHash }), 'utf8')
    .digest('hex');
}

/** The hash of a version 1 entry (before canonical JSON): kept only to check old entries. */
export function legacyHash(entry: Omit<JournalEntry, 'hash'>): string {
  const text = JSON.stringify([
    entry.seq,
    entry.at,
    entry.accountId,
    entry.osUser,
    entry.action,
    entry.subject,
    entry.inputs,
    entry.outcome,
    entry.prevHash,
  ]);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface RawEntry {
  seq: number;
  at: string;
  account_id: string;
  os_user: string;
  action: string;
  subject: string;
  inputs: string;
  outcome: string;
  prev_hash: string;
  hash: string;
  version: number;
  mac: string | null;
  key_id: string | null;
}
