import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import type { JobKind } from '../../electron/core/jobs/job-runner';
import { Journal } from '../../electron/core/journal/journal';
import { jobStores } from '../helpers/job-stores';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 26: the runner, for every kind. An item's outcome and its journal entry are one write (a
 * journal that refuses the entry leaves the item not done, and the job paused with the reason); items
 * in doubt are looked up together, in one call of the kind's `recoverAll`, before anything runs again.
 * A real engine and journal over SQLite in a temp folder, the jobs and items there or in the team store
 * on a real PostgreSQL (the item settled there, its entry in this folder's journal: one rolled back with
 * the other); the kinds are the test's own.
 */
describe.each(jobStores())('job item outcomes ($name)', (store) => {
  const cleanups: (() => void | Promise<void>)[] = [];
  beforeAll(() => store.start(), 120_000);
  afterAll(() => store.stop());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const engineOn = (folder: string, kind: JobKind) => {
    const db: Db = openDatabase(`${folder}/signdock.db`);
    const journal = new Journal(db, { dataFolder: folder });
    const { engine, close } = store.engine(db, { journal });
    engine.register({ ...kind, shared: true });
    cleanups.unshift(() => void db.close());
    cleanups.unshift(close);
    return { engine, db };
  };
  const folder = () => {
    const made = tempFolder();
    cleanups.push(() => made.remove());
    return made.path;
  };
  const entries = (db: Db) =>
    db
      .prepare(`SELECT subject FROM audit_journal WHERE action = 'touch' ORDER BY seq`)
      .all()
      .map((row) => (row as { subject: string }).subject);

  it('a journal that refuses the entry leaves the item not done; once it accepts, each item has one entry', async () => {
    const home = folder();
    const done: string[] = [];
    const kind: JobKind = {
      kind: 'touch',
      concurrency: 1,
      run: async (item) => {
        done.push(item.subject);
        return { state: 'done', outcome: { touched: item.subject } };
      },
    };
    const { engine, db } = engineOn(home, kind);
    db.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON audit_journal WHEN NEW.action = 'touch' BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`,
    );
    const job = engine.create({ kind: 'touch', accountId: 'acct', items: [{ subject: 'a' }, { subject: 'b' }] });
    const stopped = await engine.whenSettled(job.id);
    expect(stopped.state).toBe('paused');
    expect(stopped.stoppedBy?.code).toBe('internal');
    expect(engine.itemViews(job.id).map((item) => item.state)).toEqual(['running', 'pending']);
    expect(entries(db)).toEqual([]);

    db.exec('DROP TRIGGER refuse');
    engine.command(job.id, 'resume');
    expect((await engine.whenSettled(job.id)).state).toBe('finished');
    expect(engine.itemViews(job.id).map((item) => item.state)).toEqual(['done', 'done']);
    expect(entries(db)).toEqual(['a', 'b']);
    await engine.close();
  });

  it('items in doubt are looked up in one call, then only those not found run again', async () => {
    const home = folder();
    const release = new Map<string, () => void>();
    const hanging: JobKind = {
      kind: 'touch',
      concurrency: 3,
      run: (item, ctx) =>
        new Promise((resolve, reject) => {
          release.set(item.subject, () => resolve({ state: 'done' }));
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    };
    const first = engineOn(home, hanging);
    const job = first.engine.create({ kind: 'touch', accountId: 'acct', items: ['a', 'b', 'c', 'd'].map((subject) => ({ subject })) });
    await expect.poll(() => release.size).toBe(3);
    await first.engine.close(); // a, b and c were in flight: in doubt

    const lookups: string[][] = [];
    const ran: string[] = [];
    const second = engineOn(home, {
      kind: 'touch',
      run: async (item) => {
        ran.push(item.subject);
        return { state: 'done', outcome: { by: 'run' } };
      },
      recoverAll: async (items) => {
        lookups.push(items.map((item) => item.subject));
        const found = new Map(
          items.map((item) => [
            item.seq,
            item.subject === 'b' ? ('run-again' as const) : { state: 'done' as const, outcome: { by: 'look-up' } },
          ]),
        );
        return { results: found };
      },
    });
    second.engine.resumeInterrupted();
    expect((await second.engine.whenSettled(job.id)).state).toBe('finished');
    expect(lookups).toEqual([['a', 'b', 'c']]);
    expect(ran.sort()).toEqual(['b', 'd']);
    expect(second.engine.itemViews(job.id).map((item) => item.outcome)).toEqual([
      { by: 'look-up' },
      { by: 'run' },
      { by: 'look-up' },
      { by: 'run' },
    ]);
    expect(entries(second.db)).toHaveLength(4);
    await second.engine.close();
  });
});
