import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../electron/core/logging/logger';
import { InboxRepo } from '../../electron/core/webhooks/inbox-repo';
import { InboxWorker } from '../../electron/core/webhooks/inbox-worker';
import { parseNotification } from '../../electron/core/webhooks/notification';
import { ScriptedRefresher, tempDatabase, waitUntil } from '../integration/fixtures/webhook-helpers';

// Another process sharing the data folder holds the database (an open write transaction): every
// round of the worker fails to record its outcome. The worker must then wait, longer after each
// failure, and nothing (not even notifications stored meanwhile) may make it try again sooner.

let store: ReturnType<typeof tempDatabase>;
let repo: InboxRepo;
let holder: Database.Database;
let worker: InboxWorker | null;
let nudger: NodeJS.Timeout | null;

beforeEach(() => {
  store = tempDatabase();
  // The real connection waits up to 5 s for the lock; the test's fails at once (same path, faster).
  store.db.pragma('busy_timeout = 0');
  repo = new InboxRepo(store.db);
  holder = new Database(store.file);
  worker = null;
  nudger = null;
});
afterEach(async () => {
  if (nudger) clearInterval(nudger);
  if (holder.inTransaction) holder.exec('ROLLBACK');
  holder.close();
  await worker?.stop();
  store.remove();
});

let counter = 0;
function receive(documentId: string): void {
  counter += 1;
  const body = { notification_id: `n-${counter}`, notification_action: 'DS', document_id: documentId, signature_id: 's' };
  repo.insertMany([parseNotification('acc-1', Buffer.from(JSON.stringify(body)), new Date())!]);
}

/** Collects the worker's "round failed" log lines: the event the test waits on. */
function failureLog(): Logger & { failures: number } {
  const log = {
    failures: 0,
    log(_level: string, message: string) {
      if (message === 'Webhook inbox worker round failed') log.failures += 1;
    },
  };
  return log;
}

describe('inbox worker while another connection holds the database', () => {
  it('waits longer after each failed round, and notifications stored meanwhile do not wake it', async () => {
    for (let i = 0; i < 3; i += 1) receive('A');
    holder.exec('BEGIN IMMEDIATE');
    const refresher = new ScriptedRefresher(() => 'changed');
    const rounds: number[] = [];
    const counting = new ScriptedRefresher((id, call) => {
      rounds.push(performance.now());
      return refresher.answer(id, call);
    });
    const logger = failureLog();
    worker = new InboxWorker({ repo, refresher: counting, logger, backoffBaseMs: 10, stallMaxMs: 200, coalesceMs: 1, random: () => 0.5 });
    worker.start();
    // What the listener's group commit calls after each commit: a steady trickle of notifications.
    nudger = setInterval(() => worker?.stored(worker.newRowsDueAt()), 3);

    const FAILURES = 7;
    await waitUntil(() => logger.failures >= FAILURES, 20_000, `${FAILURES} failed rounds`);
    clearInterval(nudger);
    nudger = null;

    // One read per round (three notifications of one document), one round per failure: no extra rounds.
    expect(rounds.length).toBeLessThanOrEqual(logger.failures + 1);
    // The waits between rounds double from 10 ms up to 200 ms (a timer never fires early; 1 ms slack for clock rounding).
    const gaps = rounds.slice(1, FAILURES).map((at, i) => at - (rounds[i] as number));
    const expected = [10, 20, 40, 80, 160, 200];
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual((expected[i] as number) - 1));
    expect(repo.stats()).toMatchObject({ pending: 3, done: 0 });

    // The other process lets go: the worker catches up, and then takes new notifications at once.
    holder.exec('ROLLBACK');
    await waitUntil(() => repo.stats().done === 3, 20_000, 'rows done after the holder let go');
    receive('B');
    worker.stored(worker.newRowsDueAt());
    await waitUntil(() => repo.stats().done === 4, 20_000, 'a new notification done');
    expect(counting.calls.at(-1)).toEqual({ accountId: 'acc-1', documentId: 'B' });
  });
});
