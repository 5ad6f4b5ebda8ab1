import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/database';
import { newToken } from '../../electron/core/webhooks/webhook-credentials';
import { startListenerProcess, type ListenerProcess, type ListenerStats } from '../helpers/listener-process';
import { freePort, sshTunnelTo, startSshServer, type SshServer } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';
import { percentile, type Bench } from './bench';
import { postBurst } from './http-burst';

const NOTIFICATIONS = 6000;
const CONCURRENCY = 64;
const WARM_UP = 1000;
/** Bursts measured each way; each figure is their median (the first burst of a process pays JIT compiling, in both processes). */
const MEASURED = 5;

const makeBodies = () =>
  Array.from({ length: NOTIFICATIONS }, (_, i) =>
    JSON.stringify({ notification_id: randomUUID(), notification_action: 'DS', document_id: randomUUID(), signature_id: `s-${i}` }),
  );

/** Sends every body to a hook URL, CONCURRENCY at a time (keep-alive connections); each answer's time is kept. */
const burst = (url: string, bodies: string[]) => postBurst(url, bodies, CONCURRENCY);

/** The middle value of an odd count (`percentile` at 50). */
const median = (values: number[]) => percentile(values, 50);

/** CPU time the listener process spent per notification between two of its stats, µs. */
const cpuPer = (before: ListenerStats, after: ListenerStats, count: number) =>
  (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / Math.max(1, count);

/**
 * One measured burst to a hook URL: its rate, and what the listener stored and spent meanwhile. Throws
 * when a notification answered 200 is not in the inbox.
 */
async function measured(listener: ListenerProcess, url: string, label: string, log: (line: string) => void) {
  const before = await listener.stats();
  const sent = await burst(url, makeBodies());
  const after = await listener.stats();
  const stored = after.received - before.received;
  const transactions = after.commits.transactions - before.commits.transactions;
  log(
    `${label}: ${sent.ok} answered 200, ${stored} in the inbox, in ${sent.seconds.toFixed(2)} s = ${(sent.ok / sent.seconds).toFixed(0)}/s (p99 ${percentile(sent.latencies, 99).toFixed(0)} ms); ${transactions} transactions (${(sent.ok / Math.max(1, transactions)).toFixed(1)} a transaction); CPU a notification: listener ${cpuPer(before, after, sent.ok).toFixed(0)} µs, sender ${sent.clientCpu.toFixed(0)} µs`,
  );
  if (stored < sent.ok) throw new Error(`${label}: lost notifications: ${sent.ok} answered 200 but ${stored} stored`);
  return { ...sent, rate: sent.ok / sent.seconds, complete: sent.ok === NOTIFICATIONS };
}

/** The raw insert rate: one committed transaction per row, with the app's durability (openDatabase: WAL, synchronous=FULL). */
function rawRate(file: string, bodies: string[]): number {
  const raw = openDatabase(file, {
    migrations: [{ name: 'raw', sql: 'CREATE TABLE inbox (id TEXT PRIMARY KEY, body TEXT, at TEXT)' }],
  });
  try {
    const insert = raw.prepare('INSERT INTO inbox VALUES (?, ?, ?)');
    const count = 3000;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < count; i += 1)
      raw.transaction(() => insert.run(randomUUID(), bodies[i % bodies.length], new Date().toISOString()))();
    return count / (Number(process.hrtime.bigint() - t0) / 1e9);
  } finally {
    raw.close();
  }
}

/**
 * A webhook burst: notifications answered 200 only after they are committed to the inbox (WAL,
 * synchronous=FULL). The listener runs in a process of its own (listener-process.ts), as the app's
 * does: the bursts are sent from this one, as the service sends from elsewhere. Baseline: the raw
 * better-sqlite3 insert rate on the same machine with the same durability, one committed transaction
 * per notification (what "commit before the 200" costs naively). Each side is measured five times and
 * its median kept; the tunnel's bursts alternate with direct ones, so both sides have the same warmth.
 */
export const webhooksBench: Bench = {
  name: 'webhooks',
  description: `${NOTIFICATIONS} notifications, ${CONCURRENCY} at a time, each committed to the inbox before its 200, to a listener in its own process (${MEASURED} bursts, median); then the same bursts through the SSH tunnel`,
  async run(log) {
    const folder = tempFolder('signdock-bench-');
    let listener: ListenerProcess | null = null;
    let sshd: SshServer | null = null;
    try {
      listener = await startListenerProcess(join(folder.path, 'inbox.db'), newToken());
      // A warm-up burst, not measured: both processes' JIT and the listener's writer thread get going.
      const warm = await burst(listener.hookUrl, makeBodies().slice(0, WARM_UP));
      log(`warm-up: ${warm.ok} notifications in ${warm.seconds.toFixed(2)} s (not measured)`);
      const direct = [];
      for (let i = 1; i <= MEASURED; i += 1) direct.push(await measured(listener, listener.hookUrl, `burst ${i}`, log));
      const rate = median(direct.map((one) => one.rate));
      const latencies = direct.flatMap((one) => one.latencies);
      const raws = Array.from({ length: MEASURED }, (_, i) => rawRate(join(folder.path, `raw-${i}.db`), makeBodies()));
      log(`raw one-commit inserts: ${raws.map((one) => one.toFixed(0)).join(', ')}/s`);
      const raw = median(raws);

      // The same bursts through SignDock's SSH tunnel (ssh -R to a local OpenSSH server), whose SSH client runs in
      // the listener's process, each followed by one sent directly (same warmth of JIT, page cache and WAL).
      sshd = await startSshServer();
      const remotePort = await freePort();
      const tunnelUrl = await listener.openTunnel({
        provider: 'ssh',
        ngrok: { domain: null },
        ssh: sshTunnelTo(sshd, remotePort),
        pinnedFingerprint: null,
      });
      const tunneled = [];
      const again = [];
      for (let i = 1; i <= MEASURED; i += 1) {
        tunneled.push(await measured(listener, tunnelUrl, `through the SSH tunnel ${i}`, log));
        again.push(await measured(listener, listener.hookUrl, `directly again ${i}`, log));
      }
      const tunnelRate = median(tunneled.map((one) => one.rate));
      const directRate = median(again.map((one) => one.rate));
      return [
        {
          name: 'notifications persisted before the 200',
          unit: '/s',
          value: rate,
          baseline: { name: 'raw better-sqlite3 insert, one commit each', value: raw },
          budget: {
            text: '≥ 2× the raw one-commit figure, none lost',
            met: rate >= 2 * raw && direct.every((one) => one.complete),
          },
          better: 'higher',
        },
        {
          name: 'p99 time to answer',
          unit: 'ms',
          value: percentile(latencies, 99),
          baseline: { name: 'median time to answer', value: percentile(latencies, 50) },
          budget: { text: '< 5,000 ms (the service gives up after about 5 s)', met: percentile(latencies, 99) < 5000 },
          better: 'lower',
        },
        {
          name: 'notifications persisted before the 200, through the SSH tunnel',
          unit: '/s',
          value: tunnelRate,
          baseline: { name: 'the same bursts sent to the listener directly, each right after one', value: directRate },
          budget: {
            text: '≥ 0.5× direct, none lost',
            met: tunnelRate >= 0.5 * directRate && tunneled.every((one) => one.complete),
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
