import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'undici';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { openDatabase } from '../../electron/core/db/database';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import { tempFolder } from '../helpers/temp-folder';
import { percentile, type Bench } from './bench';

const NOTIFICATIONS = 6000;
const CONCURRENCY = 64;
const ACCOUNT = 'bench-account';

/**
 * A webhook burst: notifications answered 200 only after they are committed to the inbox (WAL,
 * synchronous=FULL). Baseline: the raw better-sqlite3 insert rate on the same machine with the same
 * durability, one committed transaction per notification (what "commit before the 200" costs naively).
 */
export const webhooksBench: Bench = {
  name: 'webhooks',
  description: `${NOTIFICATIONS} notifications, ${CONCURRENCY} at a time, each committed to the inbox before its 200`,
  async run(log) {
    const folder = tempFolder('signdock-bench-');
    const db = openDatabase(join(folder.path, 'inbox.db'));
    new AccountsRepo(db).insert({ id: ACCOUNT, name: 'Bench', baseUrl: 'http://127.0.0.1:9', demo: false, createdAt: new Date().toISOString() });
    const service = new WebhookService({
      db,
      secrets: new MemorySecretStore(),
      refresher: { refresh: async () => 'unchanged' },
      accounts: () => [ACCOUNT],
      port: 0,
    });
    try {
      await service.start();
      const hook = new URL(service.endpoint(ACCOUNT).localHookUrl ?? '');
      const pool = new Pool(hook.origin, { connections: CONCURRENCY });
      const bodies = Array.from({ length: NOTIFICATIONS }, (_, i) =>
        JSON.stringify({ notification_id: randomUUID(), notification_action: 'DS', document_id: randomUUID(), signature_id: `s-${i}` }),
      );
      const latencies: number[] = [];
      let ok = 0;
      let next = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < bodies.length) {
            const body = bodies[next++] ?? '';
            const t0 = process.hrtime.bigint();
            const res = await pool.request({ path: hook.pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body });
            await res.body.dump();
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (res.statusCode === 200) ok += 1;
          }
        }),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await pool.close();
      const persisted = service.stats(ACCOUNT).received;
      log(`${ok} answered 200, ${persisted} in the inbox, in ${seconds.toFixed(2)} s`);
      if (persisted < ok) throw new Error(`lost notifications: ${ok} answered 200 but ${persisted} stored`);
      const rate = ok / seconds;
      const p99 = percentile(latencies, 99);

      const raw = openDatabase(join(folder.path, 'raw.db'), { migrations: [{ name: 'raw', sql: 'CREATE TABLE inbox (id TEXT PRIMARY KEY, body TEXT, at TEXT)' }] });
      const insert = raw.prepare('INSERT INTO inbox VALUES (?, ?, ?)');
      const rawCount = 3000;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < rawCount; i += 1) raw.transaction(() => insert.run(randomUUID(), bodies[i % bodies.length], new Date().toISOString()))();
      const rawRate = rawCount / (Number(process.hrtime.bigint() - t0) / 1e9);
      raw.close();

      return [
        {
          name: 'notifications persisted before the 200',
          unit: '/s',
          value: rate,
          baseline: { name: 'raw better-sqlite3 insert, one commit each', value: rawRate },
          budget: { text: '≥ 2,000/s, none lost', met: rate >= 2000 && persisted >= ok && ok === NOTIFICATIONS },
          better: 'higher',
        },
        {
          name: 'p99 time to answer',
          unit: 'ms',
          value: p99,
          baseline: { name: 'median time to answer', value: percentile(latencies, 50) },
          budget: { text: '< 5,000 ms (the service gives up after about 5 s)', met: p99 < 5000 },
          better: 'lower',
        },
      ];
    } finally {
      await service.stop();
      db.close();
      folder.remove();
    }
  },
};
