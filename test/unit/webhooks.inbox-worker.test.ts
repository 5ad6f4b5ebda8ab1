import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/contract/errors';
import { openDatabase } from '../../electron/core/db/database';
import type { RefreshOutcome } from '../../electron/core/sync/document-refresher';
import { InboxRepo, type InboxRow } from '../../electron/core/webhooks/inbox-repo';
import { InboxWorker, NOT_FOUND_ERROR, NO_DOCUMENT_ERROR, type InboxWorkerOptions } from '../../electron/core/webhooks/inbox-worker';
import { parseNotification } from '../../electron/core/webhooks/notification';
import { ScriptedRefresher, sleep, tempDatabase, waitUntil } from '../integration/fixtures/webhook-helpers';

let store: ReturnType<typeof tempDatabase>;
let repo: InboxRepo;
let worker: InboxWorker | null;

beforeEach(() => {
  store = tempDatabase();
  repo = new InboxRepo(store.db);
  worker = null;
});
afterEach(async () => {
  await worker?.stop();
  store.remove();
});

let counter = 0;
function receive(body: Record<string, unknown>, account = 'acc-1'): void {
  counter += 1;
  const entry = parseNotification(account, Buffer.from(JSON.stringify({ notification_id: `n-${counter}`, ...body })), new Date());
  repo.insertMany([entry!]);
}

function run(refresher: ScriptedRefresher, options: Partial<InboxWorkerOptions> = {}): InboxWorker {
  worker = new InboxWorker({ repo, refresher, backoffBaseMs: 20, backoffMaxMs: 200, random: () => 0.5, ...options });
  worker.start();
  return worker;
}

const rows = (): InboxRow[] => repo.list({ limit: 500 }).items.reverse();

describe('inbox worker', () => {
  it('refreshes each named document once however many notifications name it, and marks them done', async () => {
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's1' });
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's2' });
    receive({ notification_action: 'DC', document_id: 'A', new_status: 'CO' });
    receive({ notification_action: 'SD', document_id: 'B', signature_id: 's3' });
    const refresher = new ScriptedRefresher((id) => (id === 'A' ? 'changed' : 'unchanged'));
    await run(refresher).whenIdle();
    expect(refresher.calls.map((c) => c.documentId).sort()).toEqual(['A', 'B']);
    expect(rows().map((r) => [r.documentId, r.state, r.outcome, r.attempts])).toEqual([
      ['A', 'done', 'changed', 1],
      ['A', 'done', 'changed', 1],
      ['A', 'done', 'changed', 1],
      ['B', 'done', 'unchanged', 1],
    ]);
    expect(rows().every((r) => r.processedAt !== null)).toBe(true);
  });

  it('unknown kinds (TU) are kept and marked ignored, without a read; a known kind without a document fails', async () => {
    receive({ notification_action: 'TU', document_id: 'A', timestamp: 'x' });
    receive({ something: 'else' });
    receive({ notification_action: 'DS' });
    const refresher = new ScriptedRefresher();
    await run(refresher).whenIdle();
    expect(refresher.calls).toEqual([]);
    expect(rows().map((r) => [r.kind, r.state, r.lastError])).toEqual([
      ['TU', 'ignored', null],
      ['', 'ignored', null],
      ['DS', 'failed', NO_DOCUMENT_ERROR],
    ]);
    expect(repo.stats()).toMatchObject({ received: 3, ignored: 2, failed: 1, pending: 0 });
  });

  it('a document the service does not know: recorded as failed with the reason, not retried', async () => {
    receive({ notification_action: 'DS', document_id: 'ghost', signature_id: 's' });
    const refresher = new ScriptedRefresher(() => 'not-found');
    await run(refresher).whenIdle();
    await sleep(80);
    expect(refresher.calls).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ state: 'failed', outcome: 'not-found', lastError: NOT_FOUND_ERROR, attempts: 1 });
  });

  it('a network error leaves the rows pending with attempts+1 and a backoff, then they are done', async () => {
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's' });
    // The row as the second attempt starts (polling for it could miss its 40 ms on a busy machine).
    let beforeSecond: InboxRow | undefined;
    const times: number[] = [];
    const refresher = new ScriptedRefresher((_id, call) => {
      times.push(Date.now());
      if (call === 2) beforeSecond = rows()[0];
      if (call <= 2) throw new AppError({ kind: 'Network', message: 'The connection was refused.' });
      return 'changed';
    });
    run(refresher);
    await waitUntil(() => rows()[0]?.state === 'done', 20_000, 'done after retries');
    expect(beforeSecond).toMatchObject({ state: 'pending', attempts: 1, lastError: 'The connection was refused.' });
    // The backoff (no jitter with random 0.5): 20 ms after the first failure, 40 ms after the second; never sooner.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(18);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(38);
    expect(rows()[0]).toMatchObject({ attempts: 3, outcome: 'changed' });
    expect(refresher.calls).toHaveLength(3);
  });

  it('a 429 pauses the account for Retry-After: its other documents wait without spending an attempt', async () => {
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's' });
    receive({ notification_action: 'DS', document_id: 'B', signature_id: 's' });
    receive({ notification_action: 'DS', document_id: 'C', signature_id: 's' }, 'acc-2');
    const refresher = new ScriptedRefresher((id) => {
      if (id === 'A')
        throw new AppError({ kind: 'RateLimited', status: 429, params: { retryAfterSeconds: 30 }, message: 'Too many requests.' });
      return 'changed';
    });
    const started = Date.now();
    await run(refresher, { concurrency: 1 }).whenIdle();
    const [a, b, c] = rows();
    expect(a).toMatchObject({ state: 'pending', attempts: 1 });
    expect(b).toMatchObject({ state: 'pending', attempts: 0 });
    expect(c).toMatchObject({ state: 'done' });
    const next = store.db.prepare('SELECT document_id AS d, next_attempt_at AS t FROM webhook_inbox ORDER BY id').all() as {
      d: string;
      t: number;
    }[];
    expect(next[0]!.t - started).toBeGreaterThanOrEqual(29_000);
    expect(next[1]!.t - started).toBeGreaterThanOrEqual(29_000);
    expect(refresher.calls.map((call) => call.documentId)).toEqual(['A', 'C']);
  });

  it('after maxAttempts a row is failed with the last error', async () => {
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's' });
    run(new ScriptedRefresher(() => Promise.reject(new Error('socket hang up'))), { maxAttempts: 3, backoffBaseMs: 5 });
    await waitUntil(() => rows()[0]?.state === 'failed', 20_000, 'failed');
    expect(rows()[0]).toMatchObject({ attempts: 3, lastError: 'socket hang up' });
  });

  it('a notification that arrives while its document is being read is not swallowed by that read', async () => {
    receive({ notification_action: 'DS', document_id: 'A', signature_id: 's1' });
    let release: (outcome: RefreshOutcome) => void = () => undefined;
    const refresher = new ScriptedRefresher((_id, call) =>
      call === 1 ? new Promise<RefreshOutcome>((resolve) => (release = resolve)) : 'changed',
    );
    const w = run(refresher);
    await waitUntil(() => refresher.calls.length === 1, 15_000, 'first read');
    receive({ notification_action: 'DC', document_id: 'A', new_status: 'CO' });
    release('unchanged');
    await waitUntil(() => rows().every((r) => r.state === 'done'), 15_000, 'both done');
    w.wake();
    await w.whenIdle();
    expect(refresher.calls).toHaveLength(2);
    expect(rows().map((r) => r.outcome)).toEqual(['unchanged', 'changed']);
  });

  it('rows left pending by a stop mid-read are picked up by the next worker on the reopened database', async () => {
    for (let i = 0; i < 20; i += 1) receive({ notification_action: 'DS', document_id: `D${i}`, signature_id: 's' });
    const slow = new ScriptedRefresher(() => sleep(30).then(() => 'changed' as const));
    const first = run(slow, { concurrency: 2, batchSize: 4 });
    await waitUntil(() => repo.stats().done >= 4, 20_000, 'some done');
    await first.stop();
    const left = repo.stats().pending;
    expect(left).toBeGreaterThan(0);
    store.db.close();
    const reopened = openDatabase(store.file);
    repo = new InboxRepo(reopened);
    const fresh = new ScriptedRefresher();
    await run(fresh).whenIdle();
    expect(repo.stats()).toMatchObject({ received: 20, done: 20, pending: 0 });
    expect(fresh.calls).toHaveLength(left);
    reopened.close();
  });
});
