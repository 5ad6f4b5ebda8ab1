import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { Journal } from '../../electron/core/journal/journal';
import { tempFolder } from '../helpers/temp-folder';

/** Issue 13: the audit journal is a hash chain; a removed or edited entry is found by `verify`. */
describe('audit journal', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));
  const fresh = (): { db: Db; file: string } => {
    const folder = tempFolder();
    const file = `${folder.path}/signdock.db`;
    const db = openDatabase(file);
    cleanup.push(() => (db.open ? db.close() : undefined), folder.remove);
    return { db, file };
  };
  const fill = (journal: Journal) => {
    for (let i = 1; i <= 5; i += 1) journal.append({ accountId: 'a', action: 'cancel', subject: `doc-${i}`, inputs: { reason: 'Wrong template' }, outcome: { state: 'done' } });
  };

  it('links each entry to the one before and verifies', () => {
    const { db } = fresh();
    const journal = new Journal(db);
    fill(journal);
    const entries = journal.entries();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[0]!.osUser.length).toBeGreaterThan(0);
    expect(journal.verify()).toEqual({ ok: true, entries: 5 });
  });

  it('finds an edited entry, a removed one, and a rewritten tail', () => {
    const { db, file } = fresh();
    const journal = new Journal(db);
    fill(journal);
    // Someone edits the database with another tool.
    const other = new Database(file);
    other.prepare(`UPDATE audit_journal SET outcome = '{"state":"failed"}' WHERE seq = 3`).run();
    expect(journal.verify()).toMatchObject({ ok: false, seq: 3, problem: expect.stringMatching(/changed after it was written/) });
    other.prepare(`UPDATE audit_journal SET outcome = '{"state":"done"}' WHERE seq = 3`).run();
    expect(journal.verify().ok).toBe(true);
    other.prepare('DELETE FROM audit_journal WHERE seq = 2').run();
    expect(journal.verify()).toMatchObject({ ok: false, problem: expect.stringMatching(/entry 2 is missing/) });
    other.close();
  });
});
