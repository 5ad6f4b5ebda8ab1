import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/database';
import { migrations } from '../../electron/core/db/migrations';
import { InboxRepo } from '../../electron/core/webhooks/inbox-repo';
import { parseNotification } from '../../electron/core/webhooks/notification';
import { inboxOneKey } from '../../electron/core/webhooks/schema';
import { TimelineQueries } from '../../electron/core/mirror/timeline-query';
import { tempFolder } from '../helpers/temp-folder';

// The inbox's one-key migration on an inbox written by the version before: the table is rebuilt with one
// random index (account, document, dedupe key) instead of three; rows, ids and the AUTOINCREMENT mark stay.

const folder = tempFolder('signdock-migrate-inbox-');
afterAll(() => folder.remove());

const entry = (body: Record<string, unknown>, account = 'acc-1') =>
  parseNotification(account, Buffer.from(JSON.stringify(body)), new Date('2026-12-01T10:00:00.000Z'))!;

describe('the inbox rebuilt with one key', () => {
  const file = join(folder.path, 'signdock.db');
  const before = migrations.findIndex((migration) => migration === inboxOneKey);

  it('keeps every row with its id and state, and never gives an id twice', () => {
    const old = openDatabase(file, { migrations: migrations.slice(0, before) });
    const insert = old.prepare(
      `INSERT INTO webhook_inbox (id, account_id, dedupe_key, notification_id, kind, document_id, raw_body, received_at, state, duplicates)
       VALUES (?, ?, ?, ?, ?, ?, ?, '2026-11-30T09:00:00.000Z', ?, ?)`,
    );
    insert.run(3, 'acc-1', 'n:1', '1', 'DS', 'doc-a', '{"notification_id":"1"}', 'done', 2);
    const unnamed = entry({ x: 1 });
    insert.run(7, 'acc-1', unnamed.dedupeKey, null, '', null, unnamed.rawBody, 'ignored', 0);
    insert.run(9, 'acc-1', 'n:2', '2', 'SD', 'doc-a', '{"notification_id":"2"}', 'pending', 0);
    // The newest row was removed since: AUTOINCREMENT's mark (12) is above every id left.
    insert.run(12, 'acc-1', 'n:3', '3', 'DS', 'doc-b', '{"notification_id":"3"}', 'pending', 0);
    old.prepare('DELETE FROM webhook_inbox WHERE id = 12').run();
    old.close();

    const db = openDatabase(file);
    try {
      const rows = db.prepare('SELECT id, dedupe_key, document_id, state, duplicates FROM webhook_inbox ORDER BY id').all();
      expect(rows).toEqual([
        { id: 3, dedupe_key: 'n:1', document_id: 'doc-a', state: 'done', duplicates: 2 },
        { id: 7, dedupe_key: entry({ x: 1 }).dedupeKey, document_id: null, state: 'ignored', duplicates: 0 },
        { id: 9, dedupe_key: 'n:2', document_id: 'doc-a', state: 'pending', duplicates: 0 },
      ]);
      const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'webhook_inbox' ORDER BY name`).all();
      expect(indexes).toEqual([{ name: 'webhook_inbox_account' }, { name: 'webhook_inbox_key' }, { name: 'webhook_inbox_pending' }]);
      const repo = new InboxRepo(db);
      // The old rows still dedupe (with a document and without), and a new row's id is past the old mark.
      expect(repo.insertMany([entry({ notification_id: '1', notification_action: 'DS', document_id: 'doc-a' })])).toEqual(['duplicate']);
      expect(repo.insertMany([entry({ x: 1 })])).toEqual(['duplicate']);
      expect(repo.insertMany([entry({ notification_id: '4', notification_action: 'DS', document_id: 'doc-c' })])).toEqual(['stored']);
      expect(repo.maxId()).toBeGreaterThan(12);
      // The timeline finds the document's rows through the key, newest first.
      const timeline = new TimelineQueries(db).timeline('acc-1', { id: 'doc-a', signatures: [] } as never);
      expect(timeline.filter((item) => item.kind === 'notification').map((item) => ('action' in item ? item.action : null))).toEqual([
        'SD',
        'DS',
      ]);
    } finally {
      db.close();
    }
  });

  it('a repeat of a notification is a duplicate; the same notification_id naming another document is stored, and each account has its own', () => {
    const db = openDatabase(join(folder.path, 'fresh.db'));
    try {
      const repo = new InboxRepo(db);
      const first = { notification_id: 'n-1', notification_action: 'DS', document_id: 'doc-1' };
      expect(
        repo.insertMany([
          entry(first),
          entry({ ...first, signature_id: 'other' }),
          entry({ ...first, document_id: 'doc-2' }),
          entry(first, 'acc-2'),
          entry({ notification_action: 'XX' }),
          entry({ notification_action: 'XX' }),
        ]),
      ).toEqual(['stored', 'duplicate', 'stored', 'stored', 'stored', 'duplicate']);
      // A document's rows are read through the key, not by scanning the account's pending rows.
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN UPDATE webhook_inbox INDEXED BY webhook_inbox_key SET attempts = 1 WHERE account_id = 'acc-1' AND ifnull(document_id, '') = 'doc-1' AND state = 'pending'`,
        )
        .all() as { detail: string }[];
      expect(plan.map((step) => step.detail).join()).toContain('webhook_inbox_key');
    } finally {
      db.close();
    }
  });
});
