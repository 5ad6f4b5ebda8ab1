import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GroupCommitter } from '../../electron/core/webhooks/group-commit';
import { InboxRepo, type StoreResult } from '../../electron/core/webhooks/inbox-repo';
import { InboxWriter } from '../../electron/core/webhooks/inbox-writer';
import { parseNotification } from '../../electron/core/webhooks/notification';
import { tempDatabase } from '../integration/fixtures/webhook-helpers';

const entry = (id: string, account = 'acc-1') =>
  parseNotification(
    account,
    Buffer.from(JSON.stringify({ notification_id: id, notification_action: 'DS', document_id: `doc-${id}` })),
    new Date(),
  )!;

describe('group commit into the inbox', () => {
  const store = tempDatabase();
  afterEach(() => store.db.prepare('DELETE FROM webhook_inbox').run());
  afterAll(() => store.remove());

  it('notifications arriving together share one transaction; each learns its own result after the commit', async () => {
    const repo = new InboxRepo(store.db);
    const commits: number[] = [];
    const committer = new GroupCommitter(
      (entries) => {
        commits.push(entries.length);
        return repo.insertMany(entries);
      },
      { windowMs: 5 },
    );
    const results = await Promise.all(['a', 'b', 'c', 'a', 'd', 'b'].map((id) => committer.submit(entry(id))));
    expect(results).toEqual(['stored', 'stored', 'stored', 'duplicate', 'stored', 'duplicate']);
    expect(commits).toEqual([6]);
    expect(repo.stats()).toMatchObject({ received: 4, duplicates: 2, pending: 4 });
  });

  it('a full batch commits at once, without waiting for the window', async () => {
    const repo = new InboxRepo(store.db);
    const commits: number[] = [];
    const committer = new GroupCommitter((entries) => (commits.push(entries.length), repo.insertMany(entries)), {
      windowMs: 10_000,
      maxBatch: 3,
    });
    await Promise.all(['a', 'b', 'c'].map((id) => committer.submit(entry(id))));
    expect(commits).toEqual([3]);
  });

  it('the same notification_id for two accounts is two notifications', async () => {
    const repo = new InboxRepo(store.db);
    expect(repo.insertMany([entry('x', 'acc-1'), entry('x', 'acc-2'), entry('x', 'acc-1')])).toEqual(['stored', 'stored', 'duplicate']);
  });

  it('when the commit fails every waiting request is rejected (the listener answers 503) and nothing is half-written', async () => {
    const repo = new InboxRepo(store.db);
    const committer = new GroupCommitter(
      (entries) =>
        store.db.transaction(() => {
          repo.insertMany(entries);
          throw new Error('disk full');
        })(),
      { windowMs: 1 },
    );
    const results = await Promise.allSettled(['a', 'b'].map((id) => committer.submit(entry(id))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(repo.stats().received).toBe(0);
  });

  it('closed, it commits what is queued and refuses the rest', async () => {
    const repo = new InboxRepo(store.db);
    const committer = new GroupCommitter((entries) => repo.insertMany(entries), { windowMs: 10_000 });
    const queued = committer.submit(entry('q'));
    committer.close();
    await expect(queued).resolves.toBe('stored');
    await expect(committer.submit(entry('r'))).rejects.toThrow(/closed/);
  });

  it('while a group is being committed, the notifications that arrive wait, and go as the next group the moment it is answered', async () => {
    const repo = new InboxRepo(store.db);
    const handed: { size: number; answer: () => void; fail: (error: Error) => void }[] = [];
    const order: string[] = [];
    const committer = new GroupCommitter(
      (entries) =>
        new Promise<StoreResult[]>((resolve, reject) =>
          handed.push({ size: entries.length, answer: () => resolve(repo.insertMany(entries)), fail: reject }),
        ),
      { windowMs: 0 },
    );
    const first = Promise.all(['a', 'b'].map((id) => committer.submit(entry(id)).then((r) => (order.push(id), r))));
    await new Promise((resolve) => setImmediate(resolve));
    expect(handed.map((group) => group.size)).toEqual([2]);
    // Arriving while the first group is committed: held, however many turns of the event loop go by.
    const second = ['c', 'd', 'e'].map((id) => committer.submit(entry(id)));
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(handed.map((group) => group.size)).toEqual([2]);
    // The first answer hands the three over as one group before its own requests learn their results.
    handed[0]?.answer();
    await Promise.resolve();
    expect(handed.map((group) => group.size)).toEqual([2, 3]);
    await expect(first).resolves.toEqual(['stored', 'stored']);
    // A failed group still hands over what waited; its own callers are refused (503), the others committed.
    const third = committer.submit(entry('f'));
    handed[1]?.fail(new Error('disk full'));
    await expect(Promise.allSettled(second)).resolves.toEqual(Array(3).fill({ status: 'rejected', reason: new Error('disk full') }));
    expect(handed.map((group) => group.size)).toEqual([2, 3, 1]);
    handed[2]?.answer();
    await expect(third).resolves.toBe('stored');
    await committer.drained();
    expect(repo.stats().received).toBe(3);
  });

  it('a full batch is handed over at once, even while a group is being committed', async () => {
    const handed: number[] = [];
    const committer = new GroupCommitter((entries) => (handed.push(entries.length), new Promise<StoreResult[]>(() => undefined)), {
      windowMs: 10_000,
      maxBatch: 2,
    });
    for (const id of ['a', 'b', 'c', 'd', 'e']) void committer.submit(entry(id));
    expect(handed).toEqual([2, 2]);
  });

  it('the writer thread commits together the groups that reached it while it was busy, and answers each', async () => {
    const writer = new InboxWriter(store.file);
    try {
      // Handed in one turn, before the thread has even started: they wait in its queue and go in one transaction.
      const results = await Promise.all([
        writer.write([entry('w1'), entry('w2')], 0),
        writer.write([entry('w3'), entry('w1')], 0),
        writer.write([entry('w4')], 0),
      ]);
      expect(results).toEqual([['stored', 'stored'], ['stored', 'duplicate'], ['stored']]);
      expect(writer.counters).toEqual({ transactions: 1, largestTransaction: 5 });
      expect(new InboxRepo(store.db).stats()).toMatchObject({ received: 4, duplicates: 1 });
    } finally {
      await writer.close();
    }
  });
});
