import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'undici';
import { openDatabase } from '../../electron/core/db/database';
import { newToken } from '../../electron/core/webhooks/webhook-credentials';
import { startListenerProcess, type ListenerProcess, type ListenerStats } from '../helpers/listener-process';
import { freePort, sshTunnelTo, startSshServer, type SshServer } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';
import { percentile, type Bench } from './bench';

const NOTIFICATIONS = 6000;
const CONCURRENCY = 64;
const WARM_UP = 1000;

const makeBodies = () =>
  Array.from({ length: NOTIFICATIONS }, (_, i) =>
    JSON.stringify({ notification_id: randomUUID(), notification_action: 'DS', document_id: randomUUID(), signature_id: `s-${i}` }),
  );

/** Sends every body to a hook URL, CONCURRENCY at a time; each answer's time is kept. */
async function burst(url: string, bodies: string[]): Promise<{ ok: number; seconds: number; latencies: number[] }> {
  const hook = new URL(url);
  const pool = new Pool(hook.origin, { connections: CONCURRENCY });
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
  return { ok, seconds, latencies };
}

/** CPU time the listener process spent per notification between two of its stats, µs. */
const cpuPer = (before: ListenerStats, after: ListenerStats, count: number) =>
  (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / Math.max(1, count);

/**
 * A webhook burst: notifications answered 200 only after they are committed to the inbox (WAL,
 * synchronous=FULL). The listener runs in a process of its own (listener-process.ts), as the app's
 * does: the burst is sent from this one, as the service sends from elsewhere. Baseline: the raw
 * better-sqlite3 insert rate on the same machine with the same durability, one committed transaction
 * per notification (what "commit before the 200" costs naively).
 */
export const webhooksBench: Bench = {
  name: 'webhooks',
  description: `${NOTIFICATIONS} notifications, ${CONCURRENCY} at a time, each committed to the inbox before its 200, to a listener in its own process; then the same burst through the SSH tunnel`,
  async run(log) {
    const folder = tempFolder('signdock-bench-');
    let listener: ListenerProcess | null = null;
    let sshd: SshServer | null = null;
    try {
      listener = await startListenerProcess(join(folder.path, 'inbox.db'), newToken());
      // A warm-up burst, not measured: both processes' JIT and the listener's writer thread get going.
      const warm = await burst(listener.hookUrl, makeBodies().slice(0, WARM_UP));
      log(`warm-up: ${warm.ok} notifications in ${warm.seconds.toFixed(2)} s (not measured)`);
      const bodies = makeBodies();
      const start = await listener.stats();
      const { ok, seconds, latencies } = await burst(listener.hookUrl, bodies);
      const afterDirect = await listener.stats();
      const persisted = afterDirect.received - start.received;
      const transactions = afterDirect.commits.transactions - start.commits.transactions;
      const groups = afterDirect.commits.groups - start.commits.groups;
      log(
        `${ok} answered 200, ${persisted} in the inbox, in ${seconds.toFixed(2)} s; ${groups} groups handed to the writer thread in ${transactions} transactions (${(ok / Math.max(1, transactions)).toFixed(1)} a transaction, at most ${afterDirect.commits.largestTransaction}); listener CPU ${cpuPer(start, afterDirect, ok).toFixed(0)} µs a notification`,
      );
      if (persisted < ok) throw new Error(`lost notifications: ${ok} answered 200 but ${persisted} stored`);
      const rate = ok / seconds;
      const p99 = percentile(latencies, 99);

      const raw = openDatabase(join(folder.path, 'raw.db'), {
        migrations: [{ name: 'raw', sql: 'CREATE TABLE inbox (id TEXT PRIMARY KEY, body TEXT, at TEXT)' }],
      });
      const insert = raw.prepare('INSERT INTO inbox VALUES (?, ?, ?)');
      const rawCount = 3000;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < rawCount; i += 1)
        raw.transaction(() => insert.run(randomUUID(), bodies[i % bodies.length], new Date().toISOString()))();
      const rawRate = rawCount / (Number(process.hrtime.bigint() - t0) / 1e9);
      raw.close();

      // The same burst through SignDock's SSH tunnel (ssh -R to a local OpenSSH server), whose SSH client runs in the listener's process.
      sshd = await startSshServer();
      const remotePort = await freePort();
      const tunnelUrl = await listener.openTunnel({
        provider: 'ssh',
        ngrok: { domain: null },
        ssh: sshTunnelTo(sshd, remotePort),
        pinnedFingerprint: null,
      });
      const before = await listener.stats();
      const tunneled = await burst(tunnelUrl, makeBodies());
      const afterTunnel = await listener.stats();
      const tunneledStored = afterTunnel.received - before.received;
      log(
        `through the SSH tunnel: ${tunneled.ok} answered 200, ${tunneledStored} in the inbox, in ${tunneled.seconds.toFixed(2)} s (p99 ${percentile(tunneled.latencies, 99).toFixed(0)} ms); listener CPU ${cpuPer(before, afterTunnel, tunneled.ok).toFixed(0)} µs a notification`,
      );
      if (tunneledStored < tunneled.ok)
        throw new Error(`lost notifications through the tunnel: ${tunneled.ok} answered 200 but ${tunneledStored} stored`);
      const tunnelRate = tunneled.ok / tunneled.seconds;
      // The baseline: the same burst again, directly, right after (same warmth of JIT, page cache and WAL).
      const again = await burst(listener.hookUrl, makeBodies());
      const afterAgain = await listener.stats();
      const directRate = again.ok / again.seconds;
      log(
        `directly again: ${again.ok} answered 200 in ${again.seconds.toFixed(2)} s (p99 ${percentile(again.latencies, 99).toFixed(0)} ms); listener CPU ${cpuPer(afterTunnel, afterAgain, again.ok).toFixed(0)} µs a notification`,
      );
      return [
        {
          name: 'notifications persisted before the 200',
          unit: '/s',
          value: rate,
          baseline: { name: 'raw better-sqlite3 insert, one commit each', value: rawRate },
          budget: {
            text: '≥ 2× the raw one-commit figure, none lost',
            met: rate >= 2 * rawRate && persisted >= ok && ok === NOTIFICATIONS,
          },
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
        {
          name: 'notifications persisted before the 200, through the SSH tunnel',
          unit: '/s',
          value: tunnelRate,
          baseline: { name: 'the same burst sent to the listener directly, right after', value: directRate },
          budget: {
            text: '≥ 0.5× direct, none lost',
            met: tunnelRate >= 0.5 * directRate && tunneledStored >= tunneled.ok && tunneled.ok === NOTIFICATIONS,
          },
          better: 'higher',
        },
      ];
    } finally {
      await listener?.stop();
      await sshd?.stop();
      folder.remove();
    }
  },
};
