import type { StoreResult } from './inbox-repo';
import type { InboxEntry } from './notification';

export interface GroupCommitOptions {
  /** How long the first notification of a group waits for others (ms; 1 by default). 0 = the next turn of the event loop. */
  windowMs?: number;
  /** A batch this large is committed at once. */
  maxBatch?: number;
  /** Called after each commit with how many new rows it stored. */
  onCommitted?: (stored: number) => void;
}

interface Waiting {
  entry: InboxEntry;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: notifications arriving within a few milliseconds go into one transaction (one
 * fsync with synchronous=FULL), and each caller learns its result only after that transaction
 * committed — so a 200 is never answered for a notification that is not on disk. A `write` that
 * answers a promise (the writer thread) is handed each group as soon as its window closes, without
 * waiting for the group before it: the thread commits together every group that reached it while it
 * was committing (inbox-writer-thread.mjs), so no group waits for a round trip between the threads.
 */
export class GroupCommitter {
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private closed = false;
  /** The groups handed to a promise-answering `write` and not answered yet. */
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * For measurements: notifications answered, the groups they went in, and the transactions a synchronous
   * `write` made (one a group) with the most one held; a promise-answering `write` counts its own.
   */
  readonly counters = { committed: 0, groups: 0, transactions: 0, largestTransaction: 0 };

  constructor(
    private readonly write: (entries: readonly InboxEntry[]) => StoreResult[] | Promise<StoreResult[]>,
    private readonly options: GroupCommitOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 1;
    this.maxBatch = options.maxBatch ?? 512;
  }

  submit(entry: InboxEntry): Promise<StoreResult> {
    if (this.closed) return Promise.reject(new Error('The inbox is closed.'));
    return new Promise<StoreResult>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (this.timer === null)
        this.timer = this.windowMs > 0 ? setTimeout(() => this.flush(), this.windowMs) : setImmediate(() => this.flush());
    });
  }

  /** Hands everything queued, now, to one `write`. */
  flush(): void {
    this.clearTimer();
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    let results: StoreResult[] | Promise<StoreResult[]>;
    try {
      results = this.write(batch.map((waiting) => waiting.entry));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    if (!(results instanceof Promise)) {
      this.counters.transactions += 1;
      this.counters.largestTransaction = Math.max(this.counters.largestTransaction, batch.length);
      return this.settle(batch, results);
    }
    const answered: Promise<void> = results
      .then(
        (stored) => this.settle(batch, stored),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
      )
      .finally(() => this.inFlight.delete(answered));
    this.inFlight.add(answered);
  }

  /** Resolves once every group queued so far has been committed (or failed). */
  async drained(): Promise<void> {
    while (this.inFlight.size > 0 || this.queue.length > 0) {
      this.flush();
      await Promise.all(this.inFlight);
    }
  }

  private settle(batch: Waiting[], results: StoreResult[]): void {
    this.counters.groups += 1;
    this.counters.committed += batch.length;
    let stored = 0;
    batch.forEach((waiting, index) => {
      const result = results[index] ?? 'stored';
      if (result === 'stored') stored += 1;
      waiting.resolve(result);
    });
    if (stored > 0) this.options.onCommitted?.(stored);
  }

  /** Commits what is queued and refuses anything later. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    if (this.windowMs > 0) clearTimeout(this.timer as NodeJS.Timeout);
    else clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = null;
  }
}
