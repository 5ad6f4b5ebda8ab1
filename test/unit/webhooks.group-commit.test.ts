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

  it('a group is handed to a thread writer without waiting for the one before it to be answered', async () => {
    const repo = new InboxRepo(store.db);
    const handed: { size: number; answer: (results: StoreResult[]) => void }[] = [];
    const committer = new GroupCommitter(
      (entries) =>
        new Promise<StoreResult[]>((resolve) => handed.push({ size: entries.length, answer: () => resolve(repo.insertMany(entries)) })),
      { windowMs: 10_000, maxBatch: 2 },
    );
    const first = Promise.all(['a', 'b'].map((id) => committer.submit(entry(id))));
    const second = Promise.all(['c', 'd'].map((id) => committer.submit(entry(id))));
    expect(handed.map((group) => group.size)).toEqual([2, 2]);
    const drained = committer.drained();
    handed[1]?.answer([]);
    await expect(second).resolves.toEqual(['stored', 'stored']);
    handed[0]?.answer([]);
    await expect(first).resolves.toEqual(['stored', 'stored']);
    await drained;
    expect(repo.stats().received).toBe(4);
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
