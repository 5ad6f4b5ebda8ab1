import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UPSERT_INBOX_SQL, upsertValues, type StoreResult } from './inbox-repo';
import type { InboxEntry } from './notification';

// A plain string, not a literal in `new URL('…', import.meta.url)`, so bundlers leave it alone.
const threadBase = './inbox-writer-thread';

/** The thread's file: the .mjs beside this source (tsx, tests), else the .js a build emits beside its bundle. */
function threadUrl(): URL {
  const source = new URL(`${threadBase}.mjs`, import.meta.url);
  return source.protocol === 'file:' && existsSync(source) ? source : new URL(`${threadBase}.js`, import.meta.url);
}

type Reply = { id: number; results: StoreResult[]; transactions: number; rows: number } | { id: number; error: string };

/**
 * Writes groups of notifications into the inbox from a thread of its own (inbox-writer-thread.mjs):
 * `write` resolves after the group's transaction committed. While one transaction is being committed
 * (its fsync), the main thread goes on reading the next requests and handing the thread their groups,
 * which it commits together next. A thread that stops answers every group
 * it held with an error (503: the service sends again) and `usable` turns false.
 *
 * The thread starts with the first group, not with the listener: a core that receives no notification
 * runs no second thread (an idle one still cost V8's memory reducer two collections of its heap about
 * 8 s after it started, inside the idle window; ARCHITECTURE.md, "Idle"). The first group waits for
 * the thread's start (tens of ms, once per process).
 */
export class InboxWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (results: StoreResult[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failed = false;
  private exited: Promise<void> = Promise.resolve();
  /** Transactions the thread committed, and the most notifications one held (for measurements). */
  readonly counters = { transactions: 0, largestTransaction: 0 };

  constructor(private readonly file: string) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadUrl(), { workerData: { file: this.file, sql: UPSERT_INBOX_SQL }, execArgv: [] });
    worker.on('message', (reply: Reply) => {
      const pending = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) return pending?.reject(new Error(reply.error));
      this.counters.transactions = reply.transactions;
      this.counters.largestTransaction = Math.max(this.counters.largestTransaction, reply.rows);
      pending?.resolve(reply.results);
    });
    worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    void this.exited.then(() => this.fail(new Error('The inbox writer stopped.')));
    this.worker = worker;
    return worker;
  }

  /** False once the thread has stopped: the caller writes on its own connection instead. */
  get usable(): boolean {
    return !this.failed;
  }

  write(entries: readonly InboxEntry[], dueAt: number): Promise<StoreResult[]> {
    if (this.failed) return Promise.reject(new Error('The inbox writer stopped.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Each row as its values (an array of strings, no property names): cheaper to copy to the thread.
      this.thread().postMessage({ id, rows: entries.map((entry) => upsertValues(entry, dueAt)) });
    });
  }

  /** Lets the groups sent so far commit, then closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    if (!this.failed && this.worker) this.worker.postMessage({ close: true });
    else this.failed = true;
    await this.exited;
  }

  private fail(error: Error): void {
    this.failed = true;
    for (const pending of this.waiting.values()) pending.reject(error);
    this.waiting.clear();
  }
}
