import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../electron/core/host';
import { DocumentReader } from '../../electron/core/mirror/document-reader';
import { tempFolder } from '../helpers/temp-folder';
import { inParallel, sleep, spawnTs, startSandboxProcess, waitUntil } from './fixtures/webhook-helpers';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// SIGKILL of the whole core while its inbox drains; the service keeps retrying what went unanswered;
// after a restart the mirror still converges to the service's state, document by document.
describe('a crash while notifications are being processed', () => {
  it('SIGKILL mid-drain, restart: nothing answered 200 is lost and the mirror converges', async () => {
    const sandbox = await startSandboxProcess(31);
    const home = tempFolder();
    try {
      await sandbox.control.setRateLimit({ enabled: false });
      const port = await freePort();
      const args = [
        '--home',
        home.path,
        '--url',
        sandbox.url,
        '--key',
        sandbox.key,
        '--token',
        randomBytes(24).toString('hex'),
        '--port',
        String(port),
      ];
      const first = await spawnTs<{ accountId: string; hookUrl: string }>('test/integration/fixtures/core-child.ts', args);
      const { accountId, hookUrl } = first.ready;
      await sandbox.control.setWebhook({
        url: hookUrl,
        secret: null,
        duplicate_rate: 0.2,
        shuffle: true,
        max_retries: 10,
        retry_base_ms: 300,
      });
      // Slow reads so the inbox is still draining when the process dies.
      await sandbox.control.setFaults({ latency_ms: 40 });

      const signers = [{ validations: { EM: 'ana@example.com' } }, { validations: { EM: 'bo@example.com' } }];
      const documents = await inParallel(
        Array.from({ length: 60 }, (_, i) => i),
        8,
        (i) => sandbox.control.createDocument({ title: `Crash ${i}`, signatures: signers }),
      );
      await sandbox.control.signAll();
      await sleep(400);
      first.child.kill('SIGKILL');
      await first.exited;

      const db = new Database(join(home.path, DATABASE_FILE), { readonly: true });
      const pendingAtCrash = (db.prepare("SELECT count(*) AS n FROM webhook_inbox WHERE state = 'pending'").get() as { n: number }).n;
      db.close();

      const second = await spawnTs<{ accountId: string; hookUrl: string }>('test/integration/fixtures/core-child.ts', args);
      expect(second.ready.hookUrl).toBe(hookUrl);
      expect(await sandbox.control.webhookIdle(120_000)).toEqual({ pending: 0 });
      const stats = await sandbox.control.stats();
      expect(stats.webhooks.gave_up).toBe(0);

      const truth = (await sandbox.control.state()).documents as {
        id: string;
        status: string;
        signatures: { id: string; status: string }[];
      }[];
      const reader = () => {
        const ro = new Database(join(home.path, DATABASE_FILE), { readonly: true });
        return { ro, docs: new DocumentReader(ro) };
      };
      await waitUntil(
        () => {
          const { ro, docs } = reader();
          try {
            return truth.every((t) => docs.get(accountId, t.id)?.status === t.status);
          } finally {
            ro.close();
          }
        },
        90_000,
        'the mirror to converge',
      );
      const { ro, docs } = reader();
      for (const expected of truth) {
        const mirrored = docs.get(accountId, expected.id);
        expect({ status: mirrored?.status, signatures: mirrored?.signatures.map((s) => [s.id, s.status]) }).toEqual({
          status: expected.status,
          signatures: expected.signatures.map((s) => [s.id, s.status]),
        });
      }
      const notificationIds = new Set((await sandbox.control.notifications()).map((n) => n.notification_id));
      const stored = ro.prepare('SELECT notification_id AS id FROM webhook_inbox').all() as { id: string }[];
      expect(new Set(stored.map((r) => r.id))).toEqual(notificationIds);
      ro.close();
      expect(documents).toHaveLength(60);
      console.log(`crash test: ${pendingAtCrash} notifications pending at the SIGKILL, ${notificationIds.size} in all`);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await sandbox.stop();
      home.remove();
    }
  }, 240_000);
});
