import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UPSERT_INBOX_SQL, type StoreResult } from './inbox-repo';
import type { InboxEntry } from './notification';

// A plain string, not a literal in `new URL('…', import.meta.url)`, so bundlers leave it alone.
const threadBase = './inbox-writer-thread';

/** The thread's file: the .mjs beside this source (tsx, tests), else the .js a build emits beside its bundle. */
function threadUrl(): URL {
  const source = new URL(`${threadBase}.mjs`, import.meta.url);
  return source.protocol === 'file:' && existsSync(source) ? source : new URL(`${threadBase}.js`, import.meta.url);
}

type Reply = { id: number; results: StoreResult[] } | { id: number; error: string };

/**
 * Writes groups of notifications into the inbox from a thread of its own (inbox-writer-thread.mjs):
 * `write` resolves after the group's transaction committed. While one group is being committed (its
 * fsync), the main thread goes on reading the next requests. A thread that stops answers every group
 * it held with an error (503: the service sends again) and `usable` turns false.
 */
export class InboxWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (results: StoreResult[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failed = false;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(threadUrl(), { workerData: { file, sql: UPSERT_INBOX_SQL }, execArgv: [] });
    this.worker.on('message', (reply: Reply) => {
      const pending = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.results);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    void this.exited.then(() => this.fail(new Error('The inbox writer stopped.')));
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
      this.worker.postMessage({ id, entries, dueAt });
    });
  }

  /** Lets the groups sent so far commit, then closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    if (!this.failed) this.worker.postMessage({ close: true });
    await this.exited;
  }

  private fail(error: Error): void {
    this.failed = true;
    for (const pending of this.waiting.values()) pending.reject(error);
    this.waiting.clear();
  }
}
