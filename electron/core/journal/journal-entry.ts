import { createHash } from 'node:crypto';
import type { Migration } from '../db/migration';
import { canonicalJson, parseStrictJson, type JsonValue } from './canonical-json';

/** One journal entry as the core sees it, as SQLite stores it (the table and its migrations), the two hash rules (old and current), and how its stored JSON is read. */
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
  /** In a team's journal (../team/team-journal.ts): the member (the database login) and the computer that wrote it. */
  member?: string;
  computer?: string;
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

/** The `audit_journal` table: one row per entry, each with the hash of the one before (see README.md). */
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

/** A stored row as an entry. */
export const toEntry = (raw: RawEntry): JournalEntry =>
  entryOf(raw, { inputs: JSON.parse(raw.inputs) as Record<string, unknown>, outcome: JSON.parse(raw.outcome) as Record<string, unknown> });

/** A stored row as an entry, its inputs and outcome already parsed (strictly, by `parseFields`). */
export const entryOf = (raw: RawEntry, fields: { inputs: Record<string, unknown>; outcome: Record<string, unknown> }): JournalEntry => ({
  seq: raw.seq,
  at: raw.at,
  accountId: raw.account_id,
  osUser: raw.os_user,
  action: raw.action,
  subject: raw.subject,
  inputs: fields.inputs,
  outcome: fields.outcome,
  prevHash: raw.prev_hash,
  hash: raw.hash,
});

/** Parses an entry's stored JSON strictly and checks it is stored in its one spelling; null when it cannot be used. */
export function parseFields(
  raw: RawEntry,
  add: (p: { kind: 'duplicateKey' | 'notCanonical'; seq: number; message: string }) => void,
): { inputs: Record<string, unknown>; outcome: Record<string, unknown> } | null {
  const result: Record<string, Record<string, unknown>> = {};
  for (const field of ['inputs', 'outcome'] as const) {
    let value: JsonValue;
    try {
      value = parseStrictJson(raw[field]);
    } catch (error) {
      const why = (error as Error).message;
      add({
        kind: /appears twice/.test(why) ? 'duplicateKey' : 'notCanonical',
        seq: raw.seq,
        message: `entry ${raw.seq}'s ${field} ${/appears twice/.test(why) ? `has a repeated key (${why}), so tools disagree on what it says` : `is not valid JSON (${why})`}`,
      });
      return null;
    }
    const spelled = raw.version === 1 ? JSON.stringify(value) : canonicalJson(value);
    if (spelled !== raw[field])
      add({
        kind: 'notCanonical',
        seq: raw.seq,
        message: `entry ${raw.seq}'s ${field} is not stored as SignDock writes it (the text was edited)`,
      });
    result[field] = value as Record<string, unknown>;
  }
  return { inputs: result.inputs!, outcome: result.outcome! };
}
