import type { AppErrorShape } from '../../../shared/contract/errors';
import { isAppError, storableError } from '../../../shared/contract/errors';
import type { Logger } from '../logging/logger';
import type { JobItem, JobItemsRepo } from './job-items-repo';
import type { JobRow, JobsRepo } from './jobs-repo';
import type { JobLeases } from './leases';
import { wantsStop } from './state-machine';

/** What one item came to. `retry`: not done, try it again after a while (rate limited, unreachable). */
export type ItemResult =
  | { state: 'done'; outcome?: Record<string, unknown>; bytes?: number }
  | { state: 'skipped'; outcome?: Record<string, unknown>; error?: AppErrorShape }
  | { state: 'failed'; error: AppErrorShape; outcome?: Record<string, unknown> }
  | { state: 'retry'; afterMs: number; error?: AppErrorShape }
  /** The job cannot go on (the key was refused): the item goes back to pending and the job pauses. */
  | { state: 'stop'; error: AppErrorShape };

export interface JobContext {
  job: JobRow;
  signal: AbortSignal;
  log: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}

/** A kind of bulk action: how to do one item, and how to tell what happened to one whose owner died mid-request. */
export interface JobKind {
  kind: string;
  concurrency?: number;
  run(item: JobItem, ctx: JobContext): Promise<ItemResult>;
  /** An item left `running` by an owner that died: look before doing it again. Default: do it again. */
  recover?(item: JobItem, ctx: JobContext): Promise<ItemResult | 'run-again'>;
}

export interface RunnerDeps {
  jobs: JobsRepo;
  items: JobItemsRepo;
  leases: JobLeases;
  kind: JobKind;
  job: JobRow;
  changed: () => void;
  /** Every item's final outcome, for the audit journal. */
  journal?: (item: JobItem, state: 'done' | 'skipped' | 'failed', detail: Record<string, unknown>) => void;
  logger?: Logger;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const maxRetries = 8;

/**
 * Runs one job this process owns: items claimed one at a time (`concurrency` workers), each result
 * written before the next claim, commands read from the job's state before each claim and at each
 * heartbeat. Ends when no item is pending, or when a pause or cancel is asked for (in-flight items finish).
 */
export class JobRunner {
  /** Aborts the requests in flight: the lease is lost or the process is closing. */
  private readonly stop = new AbortController();
  /** Ends waits between attempts and stops claims: a pause or cancel was asked for (or `stop`). */
  private readonly wake = new AbortController();
  private lost = false;

  constructor(private readonly deps: RunnerDeps) {}

  get lostLease(): boolean {
    return this.lost;
  }

  /** Stops at once: what is in flight is abandoned as it is (`running`), for the next owner to look up. */
  halt(): void {
    this.stop.abort();
    this.wake.abort();
  }

  /** A pause or cancel: no new claims and no more waiting; the items in flight finish and are recorded. */
  interrupt(): void {
    this.wake.abort();
  }

  async run(): Promise<void> {
    const { items, job, leases } = this.deps;
    const heartbeat = setInterval(
      () => {
        if (!leases.renew(job.id)) {
          this.lost = true;
          this.halt();
        } else if (this.stopAsked()) this.interrupt();
      },
      Math.max(250, Math.floor(leases.ttlMs / 3)),
    );
    heartbeat.unref?.();
    try {
      // Items in flight when the last owner died: ask the kind what happened before doing them again.
      for (const item of items.inState(job.id, ['running', 'uncertain'])) {
        if (this.stop.signal.aborted) return;
        await this.recover(item);
      }
      const workers = Math.max(1, this.deps.kind.concurrency ?? job.concurrency);
      await Promise.all(Array.from({ length: workers }, () => this.worker()));
    } finally {
      clearInterval(heartbeat);
    }
  }

  private stopAsked(): boolean {
    return wantsStop(this.deps.jobs.state(this.deps.job.id) ?? 'running');
  }

  private async worker(): Promise<void> {
    const { items, job } = this.deps;
    while (!this.wake.signal.aborted && !this.stopAsked()) {
      const item = items.claimNext(job.id);
      if (!item) return;
      this.deps.changed();
      const result = await this.attempt(() => this.deps.kind.run(item, this.context()));
      if (result) await this.settle(item, result);
    }
  }

  private async recover(item: JobItem): Promise<void> {
    const recover = this.deps.kind.recover;
    const result = recover ? await this.attempt(() => recover.call(this.deps.kind, item, this.context())) : 'run-again';
    if (result === 'run-again') this.deps.items.settle(item.jobId, item.seq, 'pending');
    else if (result) await this.settle(item, result);
    this.deps.changed();
  }

  /** The item's result; null when it was cut short by `halt` (left `running`: not a failure of the item). */
  private async attempt<T>(work: () => Promise<T>): Promise<T | ItemResult | null> {
    try {
      return await work();
    } catch (error) {
      if (this.stop.signal.aborted) return null;
      // A kind answers its expected failures as results; anything thrown is unexpected: failed, logged.
      if (!isAppError(error)) this.deps.logger?.log('error', 'job: an item failed unexpectedly', { jobId: this.deps.job.id, error: String(error) });
      return { state: 'failed', error: storableError(error, 'Something went wrong. The details are in the log.') };
    }
  }

  private async settle(item: JobItem, result: ItemResult): Promise<void> {
    const { items, jobs, job } = this.deps;
    switch (result.state) {
      // An item's outcome and its journal entry are written together: a kill between them must not
      // leave an action done with no entry (or an entry for an item that is still pending).
      case 'done':
      case 'skipped':
      case 'failed': {
        const error = 'error' in result ? (result.error ?? null) : null;
        const fields = { outcome: result.outcome ?? null, ...(result.state === 'done' ? { bytes: result.bytes ?? 0 } : { error }) };
        items.transaction(() => {
          items.settle(job.id, item.seq, result.state, fields);
          this.deps.journal?.(item, result.state, { ...result.outcome, ...(error ? { error: error.message } : {}) });
        });
        break;
      }
      case 'stop':
        items.settle(job.id, item.seq, 'pending', { error: result.error });
        jobs.stop(job.id, result.error);
        this.halt();
        break;
      case 'retry':
        if (item.attempts >= maxRetries) {
          items.settle(job.id, item.seq, 'failed', { error: result.error ?? null });
        } else {
          items.settle(job.id, item.seq, 'pending', { error: result.error ?? null });
          await (this.deps.sleep ?? sleep)(result.afterMs, this.wake.signal).catch(() => undefined);
        }
        break;
    }
    this.deps.changed();
  }

  private context(): JobContext {
    const { job, logger } = this.deps;
    return { job, signal: this.stop.signal, log: (level, message, data) => logger?.log(level, `job ${job.kind}: ${message}`, { jobId: job.id, ...data }) };
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
