import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { migrations } from '../../electron/core/db/migrations';
import { Journal, journalSealSchema } from '../../electron/core/journal/journal';
import { entryHash, legacyHash } from '../../electron/core/journal/journal-entry';
import { journalKeyFrom, noJournalKey } from '../../electron/core/journal/journal-key';
import { CHECKPOINT_FILE } from '../../electron/core/journal/checkpoint';
import { canonicalJson } from '../../electron/core/journal/canonical-json';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issues 13 and 23: the audit journal is a hash chain over canonical entries, sealed with the journal key,
 * with a sealed checkpoint outside its table. An edited, removed, cut-off, wiped or recomputed journal, and
 * a repeated JSON key, are each found — on a real SQLite file edited by another connection, as sqlite3 would.
 */
describe('audit journal', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));
  const key = journalKeyFrom(randomBytes(32), 'environment');
  const fresh = (options: { migrations?: typeof migrations } = {}) => {
    const folder = tempFolder();
    const file = `${folder.path}/signdock.db`;
    const db = openDatabase(file, options);
    const other = () => {
      const connection = new Database(file);
      cleanup.unshift(() => connection.close());
      return connection;
    };
    cleanup.push(() => (db.open ? db.close() : undefined), folder.remove);
    return { db, file, folder: folder.path, other };
  };
  const keyed = (db: Db, folder: string, withKey = key) => {
    const journal = new Journal(db, { dataFolder: folder });
    journal.useKey(withKey);
    return journal;
  };
  const fill = (journal: Journal, n = 5) => {
    for (let i = 1; i <= n; i += 1)
      journal.append({
        accountId: 'a',
        action: 'cancel',
        subject: `doc-${i}`,
        inputs: { reason: 'Wrong template', b: 1, a: [2, { z: 1, y: 'ñ' }] },
        outcome: { state: 'done' },
      });
  };
  /** What an attacker without the key does: edit one entry, then recompute every hash from there with plain SHA-256. */
  const rewriteTail = (other: Database.Database, fromSeq: number, outcome: Record<string, unknown>) => {
    type Row = {
      seq: number;
      at: string;
      account_id: string;
      os_user: string;
      action: string;
      subject: string;
      inputs: string;
      outcome: string;
      prev_hash: string;
    };
    const rows = other.prepare('SELECT * FROM audit_journal ORDER BY seq').all() as Row[];
    let prev = rows.find((r) => r.seq === fromSeq - 1)
      ? (other.prepare('SELECT hash FROM audit_journal WHERE seq = ?').get(fromSeq - 1) as { hash: string }).hash
      : '0'.repeat(64);
    for (const row of rows.filter((r) => r.seq >= fromSeq)) {
      const out = row.seq === fromSeq ? canonicalJson(outcome) : row.outcome;
      const hash = entryHash({
        seq: row.seq,
        at: row.at,
        accountId: row.account_id,
        osUser: row.os_user,
        action: row.action,
        subject: row.subject,
        inputs: JSON.parse(row.inputs),
        outcome: JSON.parse(out),
        prevHash: prev,
      });
      other.prepare('UPDATE audit_journal SET outcome = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(out, prev, hash, row.seq);
      prev = hash;
    }
  };

  it('stores canonical JSON, links each entry to the one before, seals it, and verifies against its checkpoint file', () => {
    const { db, folder } = fresh();
    const journal = keyed(db, folder);
    // What a process killed between writing and renaming its temporary checkpoint leaves: cleared by the next write.
    writeFileSync(`${folder}/${CHECKPOINT_FILE}.4242.tmp`, '{');
    fill(journal);
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const entries = journal.entries();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[0]!.osUser.length).toBeGreaterThan(0);
    const stored = db.prepare('SELECT inputs, mac, key_id FROM audit_journal WHERE seq = 1').get() as {
      inputs: string;
      mac: string;
      key_id: string;
    };
    expect(stored.inputs).toBe('{"a":[2,{"y":"ñ","z":1}],"b":1,"reason":"Wrong template"}');
    expect(stored.mac).toMatch(/^[0-9a-f]{64}$/);
    const result = journal.verify();
    expect(result).toMatchObject({
      ok: true,
      entries: 5,
      sealed: 5,
      unsealed: 0,
      legacy: 0,
      problems: [],
      checkpoint: { source: 'the checkpoint file', count: 5, sealed: true },
    });
    const file = `${folder}/${CHECKPOINT_FILE}`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const checkpoint = JSON.parse(readFileSync(file, 'utf8')) as { count: number; head: string; mac: string };
    expect(checkpoint).toMatchObject({ count: 5, head: entries[4]!.hash });
    // The key is nowhere in the database or the checkpoint file.
    expect(readFileSync(file, 'utf8')).not.toContain(key.mac('key id', ''));
  });

  it('finds an edited entry, a removed one, and a rewritten tail', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal);
    const sql = other();
    sql.prepare(`UPDATE audit_journal SET outcome = '{"state":"failed"}' WHERE seq = 3`).run();
    expect(journal.verify()).toMatchObject({ ok: false, seq: 3, problem: expect.stringMatching(/changed after it was written/) });
    sql.prepare(`UPDATE audit_journal SET outcome = '{"state":"done"}' WHERE seq = 3`).run();
    expect(journal.verify().ok).toBe(true);
    // The tail rewritten: entry 3 says "failed" and 3..5 are rehashed, so the plain chain links up again.
    rewriteTail(sql, 3, { state: 'failed' });
    const rewritten = journal.verify();
    expect(rewritten.ok).toBe(false);
    expect(rewritten.problems.map((p) => p.kind)).toEqual(['recomputed']);
    expect(rewritten.problem).toMatch(/entry 3 was changed and the hashes recomputed/);
    sql.prepare('DELETE FROM audit_journal WHERE seq = 2').run();
    expect(journal.verify()).toMatchObject({ ok: false, problem: expect.stringMatching(/entry 2 is missing/) });
  });

  it('finds a chain recomputed with its seals stripped, by the checkpoint, and an unsealed checkpoint put in its place', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal);
    const sql = other();
    rewriteTail(sql, 2, { state: 'failed' });
    sql.prepare('UPDATE audit_journal SET mac = NULL, key_id = NULL').run();
    const stripped = journal.verify();
    expect(stripped.ok).toBe(false);
    expect(stripped.problems.map((p) => p.kind)).toEqual(['recomputed', 'unsealedEntry']);
    expect(stripped.problems[0]).toMatchObject({
      seq: 5,
      message: expect.stringMatching(/entry 5 is not the one the checkpoint file of .* recorded/),
    });
    // The attacker writes a checkpoint of their own (they have no key): refused as unsealed.
    const head = (sql.prepare('SELECT hash FROM audit_journal WHERE seq = 5').get() as { hash: string }).hash;
    writeFileSync(
      `${folder}/${CHECKPOINT_FILE}`,
      JSON.stringify({ format: 'signdock-journal-checkpoint/1', count: 5, head, at: new Date().toISOString(), keyId: null, mac: null }),
    );
    journal.append({ accountId: 'a', action: 'remind', subject: 'doc-9', outcome: { state: 'done' } });
    expect(journal.verify().problems.map((p) => p.kind)).toContain('checkpointUnsealed');
    // Or with a made-up seal: refused as forged.
    writeFileSync(
      `${folder}/${CHECKPOINT_FILE}`,
      JSON.stringify({
        format: 'signdock-journal-checkpoint/1',
        count: 6,
        head,
        at: new Date().toISOString(),
        keyId: key.id,
        mac: 'f'.repeat(64),
      }),
    );
    expect(journal.verify().problems.map((p) => p.kind)).toContain('checkpointForged');
    // Or deletes it: missing.
    unlinkSync(`${folder}/${CHECKPOINT_FILE}`);
    journal.append({ accountId: 'a', action: 'remind', subject: 'doc-10', outcome: { state: 'done' } });
    expect(journal.verify().problems.map((p) => p.kind)).toContain('checkpointMissing');
  });

  it('finds the newest entries deleted, and later appends do not hide it', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal);
    other().prepare('DELETE FROM audit_journal WHERE seq >= 4').run();
    const cut = journal.verify();
    expect(cut).toMatchObject({ ok: false, problems: [{ kind: 'truncated', seq: 3 }] });
    expect(cut.problem).toMatch(/cut short: the checkpoint file of .* counts 5 entries, the journal ends at entry 3/);
    journal.append({ accountId: 'a', action: 'remind', subject: 'doc-6', outcome: { state: 'done' } });
    journal.append({ accountId: 'a', action: 'remind', subject: 'doc-7', outcome: { state: 'done' } });
    expect(journal.verify().problems.map((p) => p.kind)).toEqual(['recomputed']);
  });

  it('finds the table emptied', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal);
    other().prepare('DELETE FROM audit_journal').run();
    expect(journal.verify()).toMatchObject({
      ok: false,
      entries: 0,
      problems: [{ kind: 'wiped', message: expect.stringMatching(/emptied: .* counts 5 entries and the table has none/) }],
    });
  });

  it('refuses a repeated JSON key that SQLite and JSON.parse read differently', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal);
    other().prepare(`UPDATE audit_journal SET outcome = '{"state":"failed","state":"done"}' WHERE seq = 2`).run();
    expect(journal.verify()).toMatchObject({
      ok: false,
      seq: 2,
      problems: [{ kind: 'duplicateKey', message: expect.stringMatching(/outcome has a repeated key .*"state" appears twice/) }],
    });
  });

  it('refuses a stored text that is not the canonical one, even when it means the same', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal, 2);
    other().prepare(`UPDATE audit_journal SET outcome = '{ "state": "done" }' WHERE seq = 1`).run();
    expect(journal.verify()).toMatchObject({ ok: false, problems: [{ kind: 'notCanonical', seq: 1 }] });
  });

  it('without a key, still checks the plain chain and the checkpoint, and says what it cannot find', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder, noJournalKey('no keychain here'));
    fill(journal);
    const result = journal.verify();
    expect(result).toMatchObject({ ok: true, sealed: 0, unsealed: 5, key: 'none', checkpoint: { count: 5, sealed: false } });
    expect(result.cannot.join('\n')).toMatch(/no journal key \(no keychain here\), so no seal was checked/);
    rewriteTail(other(), 4, { state: 'failed' });
    expect(journal.verify().problems.map((p) => p.kind)).toEqual(['recomputed']);
  });

  it('keeps a journal written with the old rule verifiable, counted as old scheme, and chains on from it', () => {
    const { db, folder, file } = fresh({ migrations: migrations.slice(0, migrations.indexOf(journalSealSchema)) });
    const old = db.prepare(
      'INSERT INTO audit_journal (seq, at, account_id, os_user, action, subject, inputs, outcome, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    let prev = '0'.repeat(64);
    for (let seq = 1; seq <= 3; seq += 1) {
      const entry = {
        seq,
        at: `2026-01-0${seq}T10:00:00.000Z`,
        accountId: 'a',
        osUser: 'ana',
        action: 'cancel',
        subject: `doc-${seq}`,
        inputs: { reason: 'x', job: 'j' },
        outcome: { state: 'done' },
        prevHash: prev,
      };
      const hash = legacyHash(entry);
      old.run(seq, entry.at, 'a', 'ana', 'cancel', entry.subject, JSON.stringify(entry.inputs), JSON.stringify(entry.outcome), prev, hash);
      prev = hash;
    }
    db.close();
    const upgraded = openDatabase(file);
    cleanup.unshift(() => upgraded.close());
    const journal = keyed(upgraded, folder);
    expect(journal.verify()).toMatchObject({ ok: true, entries: 3, legacy: 3, checkpoint: { count: 3, sealed: true } });
    fill(journal, 2);
    const result = journal.verify();
    expect(result).toMatchObject({ ok: true, entries: 5, legacy: 3, sealed: 2 });
    expect(result.cannot.join('\n')).toMatch(/3 entries were written before SignDock sealed its journal \(old scheme, unkeyed\)/);
  });

  it('refuses entries sealed with another key, or added unsealed, when the run has the key', () => {
    const { db, folder, other } = fresh();
    const journal = keyed(db, folder);
    fill(journal, 3);
    const sql = other();
    // Under the sealed checkpoint of 3 entries: a seal replaced or removed.
    sql.prepare(`UPDATE audit_journal SET key_id = 'abcdef0123456789', mac = ? WHERE seq = 2`).run('a'.repeat(64));
    expect(journal.verify()).toMatchObject({ ok: false, problems: [{ kind: 'sealStripped', seq: 2 }] });
    sql.prepare(`UPDATE audit_journal SET key_id = NULL, mac = NULL WHERE seq = 2`).run();
    expect(journal.verify()).toMatchObject({ ok: false, problems: [{ kind: 'sealStripped', seq: 2 }] });
    // An entry appended by someone without the key: the checkpoint file does not move over it.
    const forged = new Journal(sql, { dataFolder: folder });
    sql.prepare(`UPDATE audit_journal SET key_id = ?, mac = ? WHERE seq = 2`).run(key.id, key.mac('entry', journal.entries()[1]!.hash));
    forged.append({ accountId: 'a', action: 'cancel', subject: 'forged', outcome: { state: 'done' } });
    journal.append({ accountId: 'a', action: 'cancel', subject: 'doc-5', outcome: { state: 'done' } });
    expect(JSON.parse(readFileSync(`${folder}/${CHECKPOINT_FILE}`, 'utf8'))).toMatchObject({ count: 3 });
    expect(journal.verify()).toMatchObject({ ok: false, problems: [{ kind: 'unsealedEntry', seq: 4 }] });
  });

  it('reseals only seals a sealed checkpoint vouches for, journaling it, and never a chain that does not check out', () => {
    const { db, folder } = fresh();
    const unkeyed = keyed(db, folder, noJournalKey('none'));
    fill(unkeyed, 2);
    const journal = keyed(db, folder);
    // Written without the key and covered by no sealed checkpoint: nothing tells them from a forgery.
    expect(journal.verify().problems.map((p) => p.kind)).toEqual(['checkpointMissing', 'unsealedEntry']);
    expect(journal.resealPlan().refusal).toMatch(/entry 1 \(and 1 more after it\) carries no seal and no sealed checkpoint covers it/);

    const second = fresh();
    const sealedJournal = keyed(second.db, second.folder);
    fill(sealedJournal, 3);
    second.other().prepare('UPDATE audit_journal SET mac = NULL, key_id = NULL WHERE seq <= 2').run();
    const plan = sealedJournal.resealPlan();
    expect(plan).toMatchObject({ refusal: null, under: { count: 3 }, count: 3 });
    expect(plan.entries.map((e) => e.seq)).toEqual([1, 2]);
    const result = sealedJournal.reseal('a', plan);
    expect(result).toMatchObject({ ok: true, entries: 4, sealed: 4, checkpoint: { count: 4, sealed: true } });
    expect(sealedJournal.entries().at(-1)).toMatchObject({
      action: 'journal.reseal',
      subject: 'journal',
      outcome: { entriesSealed: 2, sealed: [1, 2], under: { count: 3 } },
    });
    // A plan shown before the journal changed is not carried out.
    expect(() => sealedJournal.reseal('a', plan)).toThrow(/changed while you were asked/);
    second.db.prepare(`UPDATE audit_journal SET outcome = '{"state":"failed"}' WHERE seq = 1`).run();
    expect(() => sealedJournal.reseal('a', sealedJournal.resealPlan())).toThrow(/not resealed: entry 1 was changed after it was written/);
  });
});
