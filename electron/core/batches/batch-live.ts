/** What this process is doing for one batch before its job takes it, and its pending events (nothing of it is durable: SQLite is). */
export interface Live {
  checking: Promise<void> | null;
  /** Waiting for the checks, then queueing the clean rows and handing the batch to its `send` job. */
  queueing: Promise<void> | null;
  /** Rows changed since the last `batches.changed`, and the timer that sends it. */
  pending: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  /** The rows' last `updated_at` seen while following another process (what changed since). */
  seen: string;
}

/** The live state of every batch this process touches, made on first use. */
export class LiveBatches {
  private readonly map = new Map<string, Live>();

  get(batchId: string): Live | undefined {
    return this.map.get(batchId);
  }

  of(batchId: string): Live {
    let live = this.map.get(batchId);
    if (!live) {
      live = { checking: null, queueing: null, pending: new Set(), timer: null, seen: '' };
      this.map.set(batchId, live);
    }
    return live;
  }

  all(): IterableIterator<Live> {
    return this.map.values();
  }
}
