import type { StoreResult } from './inbox-repo';
import type { InboxEntry } from './notification';

export interface GroupCommitOptions {
  /**
   * How long the first notification of a group waits for others when no group is being committed (ms; 0 by
   * default: the rest of this turn of the event loop, so the requests read together go together).
   */
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
 * Group commit: notifications arriving together go into one transaction (one fsync with
 * synchronous=FULL), and each caller learns its result only after that transaction committed — so a
 * 200 is never answered for a notification that is not on disk. With nothing being committed, a group
 * is handed over at the end of its window (the turn of the event loop by default). While a `write` that
 * answers a promise (the writer thread) is committing, the notifications that arrive wait, and the
 * moment it answers they are handed over as the next group, before the answered requests are answered:
 * the thread goes on at once, and each transaction takes every notification that arrived during the one
 * before. (Measured against handing each group over after a 1 ms window, whatever the thread was doing:
 * the thread sat idle between transactions about as long as it worked, for the window to close.)
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
    this.windowMs = options.windowMs ?? 0;
    this.maxBatch = options.maxBatch ?? 512;
  }

  submit(entry: InboxEntry): Promise<StoreResult> {
    if (this.closed) return Promise.reject(new Error('The inbox is closed.'));
    return new Promise<StoreResult>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (this.timer === null && this.inFlight.size === 0)
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
    const answered: Promise<void> = results.then(
      (stored) => {
        this.handOver(answered);
        this.settle(batch, stored);
      },
      (error: unknown) => {
        this.handOver(answered);
        batch.forEach((waiting) => waiting.reject(error));
      },
    );
    this.inFlight.add(answered);
  }

  /** A group was answered: what arrived while it was committed becomes the next group, now. */
  private handOver(answered: Promise<void>): void {
    this.inFlight.delete(answered);
    if (this.inFlight.size === 0 && this.queue.length > 0) this.flush();
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
