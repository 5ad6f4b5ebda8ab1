import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import type { JobEngine } from '../../electron/core/jobs/job-engine';
import type { JobKind } from '../../electron/core/jobs/job-runner';
import type { JobView } from '../../shared/domain/jobs';
import { jobStores } from '../helpers/job-stores';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 12: what happens to the items in flight. A pause or cancel never cuts a request off: those items
 * finish and are recorded (an archive's downloads in flight were aborted and counted as failed). Closing
 * the process does cut them off, and then they are neither done nor failed: the next run looks them up.
 * A real engine over SQLite in a temp folder, and over the team store on a real PostgreSQL (one suite, two
 * implementations); the kind is the test's own, its items wait for the test.
 */

function gatedKind() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const recovered: string[] = [];
  const kind: JobKind = {
    kind: 'gated',
    concurrency: 2,
    shared: true,
    run: (item, ctx) =>
      new Promise((resolve, reject) => {
        started.push(item.subject);
        release.set(item.subject, () => resolve({ state: 'done', outcome: { by: 'run' } }));
        // As a request does: an abort rejects it.
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
    recover: async (item) => {
      recovered.push(item.subject);
      return { state: 'done', outcome: { by: 'recover' } };
    },
  };
  return { kind, started, release, recovered };
}

describe.each(jobStores())('job items in flight ($name)', (store) => {
  const cleanups: (() => void | Promise<void>)[] = [];
  beforeAll(() => store.start(), 120_000);
  afterAll(() => store.stop());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const engineOn = (file: string, kind: JobKind) => {
    const db: Db = openDatabase(file);
    const views: JobView[] = [];
    const { engine, close } = store.engine(db, { emit: (view) => void views.push(view) });
    engine.register(kind);
    cleanups.unshift(() => void db.close());
    cleanups.unshift(close);
    return { engine, db };
  };
  const setup = () => {
    const folder = tempFolder();
    cleanups.push(() => folder.remove());
    const gated = gatedKind();
    return { file: `${folder.path}/signdock.db`, gated };
  };
  const items = ['a', 'b', 'c', 'd', 'e', 'f'].map((subject) => ({ subject }));
  const states = (engine: JobEngine, id: string) => Object.fromEntries(engine.itemViews(id).map((item) => [item.subject, item.state]));

  it('pause: the two items in flight finish as done, the others wait; resume finishes the job', async () => {
    const { file, gated } = setup();
    const { engine } = engineOn(file, gated.kind);
    const job = engine.create({ kind: 'gated', accountId: 'acct', items });
    // Where the job lives: this data folder, or the team store.
    expect(job.shared).toBe(store.name !== 'SQLite');
    await expect.poll(() => gated.started.length).toBe(2);
    expect(engine.command(job.id, 'pause').state).toBe('pausing');
    gated.release.get('a')!();
    gated.release.get('b')!();
    expect((await engine.whenSettled(job.id)).state).toBe('paused');
    expect(states(engine, job.id)).toEqual({ a: 'done', b: 'done', c: 'pending', d: 'pending', e: 'pending', f: 'pending' });
    expect(gated.started).toEqual(['a', 'b']);

    engine.command(job.id, 'resume');
    for (const subject of ['c', 'd', 'e', 'f']) {
      await expect.poll(() => gated.release.has(subject)).toBe(true);
      gated.release.get(subject)!();
    }
    expect((await engine.whenSettled(job.id)).state).toBe('finished');
    expect(Object.values(states(engine, job.id))).toEqual(Array(6).fill('done'));
    await engine.close();
  });

  it('cancel: the items in flight finish as done, the rest are cancelled; nothing failed', async () => {
    const { file, gated } = setup();
    const { engine } = engineOn(file, gated.kind);
    const job = engine.create({ kind: 'gated', accountId: 'acct', items });
    await expect.poll(() => gated.started.length).toBe(2);
    engine.command(job.id, 'pause');
    engine.command(job.id, 'cancel');
    gated.release.get('a')!();
    gated.release.get('b')!();
    const settled = await engine.whenSettled(job.id);
    expect(settled.state).toBe('cancelled');
    expect(settled.progress.byState).toMatchObject({ done: 2, cancelled: 4, failed: 0 });
    await engine.close();
  });

  it('closing cuts the items in flight off without failing them; the next run looks them up first', async () => {
    const { file, gated } = setup();
    const first = engineOn(file, gated.kind);
    const job = first.engine.create({ kind: 'gated', accountId: 'acct', items });
    await expect.poll(() => gated.started.length).toBe(2);
    await first.engine.close();
    expect(states(first.engine, job.id)).toMatchObject({ a: 'running', b: 'running', c: 'pending' });

    const again = gatedKind();
    const second = engineOn(file, again.kind);
    second.engine.resumeInterrupted();
    await expect.poll(() => [...again.recovered].sort()).toEqual(['a', 'b']);
    for (const subject of ['c', 'd', 'e', 'f']) {
      await expect.poll(() => again.release.has(subject)).toBe(true);
      again.release.get(subject)!();
    }
    expect((await second.engine.whenSettled(job.id)).state).toBe('finished');
    const outcomes = second.engine.itemViews(job.id).map((item) => [item.subject, item.state, item.outcome]);
    expect(outcomes.slice(0, 2)).toEqual([
      ['a', 'done', { by: 'recover' }],
      ['b', 'done', { by: 'recover' }],
    ]);
    await second.engine.close();
  });
});
