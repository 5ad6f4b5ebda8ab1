import type { BatchRunner } from './batch-runner';

/** What this process is doing for one batch right now (nothing of it is durable: SQLite is). */
export interface Live {
  runner: BatchRunner | null;
  running: Promise<void> | null;
  checking: Promise<void> | null;
  /** Waiting for the checks, then queueing the clean rows and starting the runner. */
  queueing: Promise<void> | null;
  /** Following a batch another process owns: resolves when it settles or this process takes over. */
  following: Promise<void> | null;
  stopFollowing: (() => void) | null;
  /** Rows changed since the last `batches.changed`, and the timer that sends it. */
  pending: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  runStartedAt: number;
  bytesSent: number;
  itemsSent: number;
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
      live = { runner: null, running: null, checking: null, queueing: null, following: null, stopFollowing: null, pending: new Set(), timer: null, runStartedAt: 0, bytesSent: 0, itemsSent: 0 };
      this.map.set(batchId, live);
    }
    return live;
  }

  all(): IterableIterator<Live> {
    return this.map.values();
  }

  /** Whether anything in this process still works on the batch. */
  busy(batchId: string): boolean {
    const live = this.map.get(batchId);
    return Boolean(live && (live.running || live.checking || live.queueing || live.following));
  }
}
