import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { AppError } from '../../../shared/contract/errors';
import type { TeamConfig } from './team-config';
import { teamFailure } from './team-words';

/**
 * The team store, answered synchronously: what the job engine's storage ports need (they are
 * synchronous, as better-sqlite3 is, so the engine stays one engine over SQLite and PostgreSQL).
 * One worker thread holds one connection (the `pg` driver); a call posts its statement and waits on
 * `Atomics.wait` until the worker has answered, then reads the answer with `receiveMessageOnPort` — the
 * technique of `synckit`. A statement blocks the calling thread for its round trip (≈1–2 ms on a LAN),
 * as a SQLite write does for its commit. While the store cannot be reached, calls fail at once for 2 s
 * after a failed connection (no thread waits on a dead server again and again), then try again.
 */

export interface SyncResult<R> {
  rows: R[];
  rowCount: number;
}

interface Answer {
  id: number;
  rows?: unknown[];
  rowCount?: number;
  error?: { message: string; code?: string; connection: boolean };
}

/** The worker, plain CommonJS (a file of its own would need one more entry in every build). */
const workerSource = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pgPath);
const { port, signal, config } = workerData;
if (config.ssl && config.skipHostCheck) config.ssl.checkServerIdentity = () => undefined;
delete config.skipHostCheck;
let client = null;
let queue = Promise.resolve();
const answer = (message) => { port.postMessage(message); Atomics.store(signal, 0, 1); Atomics.notify(signal, 0); };
const connected = async () => {
  if (client) return client;
  const next = new pg.Client(config);
  next.on('error', () => { if (client === next) client = null; });
  try { await next.connect(); } catch (error) { next.end().catch(() => {}); throw Object.assign(error, { connection: true }); }
  client = next;
  return client;
};
port.on('message', (call) => {
  queue = queue.then(async () => {
    let connection = false;
    try {
      const c = await connected();
      connection = false;
      const result = await c.query(call.text, call.values);
      answer({ id: call.id, rows: result.rows, rowCount: result.rowCount ?? 0 });
    } catch (error) {
      connection = Boolean(error.connection) || !client || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03'].includes(error.code);
      if (connection && client) { client.end().catch(() => {}); client = null; }
      answer({ id: call.id, error: { message: String(error.message || error), code: error.code, connection } });
    }
  });
});
`;

/** How long a call waits for the worker at most; past it, the store counts as unreachable. */
const answerLimitMs = 15_000;
const backOffMs = 2_000;

export class TeamSync {
  private worker: Worker | null = null;
  private port: MessagePort | null = null;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private next = 0;
  private depth = 0;
  private downUntil = 0;
  private lastFailure: Error | null = null;

  constructor(private readonly config: TeamConfig) {}

  /** The worker and its port, started at the first statement (a process that never uses the queue starts no thread). */
  private started(): MessagePort {
    if (this.port) return this.port;
    const { config } = this;
    const channel = new MessageChannel();
    const ssl = config.pool.ssl;
    const skipHostCheck = Boolean(ssl && typeof ssl === 'object' && ssl.checkServerIdentity);
    const plainSsl =
      ssl && typeof ssl === 'object' ? Object.fromEntries(Object.entries(ssl).filter(([, v]) => typeof v !== 'function')) : ssl;
    const { max: _max, idleTimeoutMillis: _idle, ...client } = config.pool;
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        pgPath: createRequire(import.meta.url).resolve('pg'),
        port: channel.port2,
        signal: this.signal,
        config: {
          ...client,
          ssl: plainSsl,
          skipHostCheck,
          application_name: `${client.application_name ?? 'SignDock'} (jobs)`.slice(0, 63),
        },
      },
      transferList: [channel.port2],
    });
    this.worker.unref();
    this.port = channel.port1;
    this.port.unref();
    return this.port;
  }

  /** One statement; its failure in words (team-words.ts). */
  query<R>(text: string, values: unknown[] = []): SyncResult<R> {
    if (Date.now() < this.downUntil && this.lastFailure) throw this.lastFailure;
    const port = this.started();
    const id = ++this.next;
    Atomics.store(this.signal, 0, 0);
    port.postMessage({ id, text, values });
    const deadline = Date.now() + answerLimitMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw this.down(Object.assign(new Error('the team store did not answer in 15 s'), { code: 'ETIMEDOUT' }));
      Atomics.wait(this.signal, 0, 0, left);
      Atomics.store(this.signal, 0, 0);
      for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) {
        const answer = got.message as Answer;
        if (answer.id !== id) continue;
        if (!answer.error) return { rows: (answer.rows ?? []) as R[], rowCount: answer.rowCount ?? 0 };
        const error = Object.assign(new Error(answer.error.message), answer.error.code ? { code: answer.error.code } : {});
        if (answer.error.connection) throw this.down(error);
        throw teamFailure(error, this.config);
      }
    }
  }

  /** `work` in one transaction on the worker's connection (nested calls join it); rolled back when it throws. */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.query('BEGIN');
    this.depth += 1;
    try {
      const result = work();
      this.depth -= 1;
      this.query('COMMIT');
      return result;
    } catch (error) {
      if (this.depth > 0) this.depth -= 1;
      try {
        this.query('ROLLBACK');
      } catch {
        // The connection is gone: the server rolled it back.
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    this.port?.close();
    await this.worker?.terminate();
    this.port = null;
    this.worker = null;
  }

  private down(error: Error): AppError {
    const failure = teamFailure(error, this.config);
    this.downUntil = Date.now() + backOffMs;
    this.lastFailure = failure;
    return failure;
  }
}
