import type { AppErrorShape } from '../../../shared/contract/errors';
import { isAppError, storableError } from '../../../shared/contract/errors';
import type { Logger } from '../logging/logger';
import type { ItemStore, JobItem } from './item-store';
import type { JobsStore, LeaseStore } from './job-storage';
import type { JobRow } from './jobs-repo';
import { wantsStop } from './state-machine';

/**
 * What one item came to. `retry`: not done, try again after a while (counted: failed after 8);
 * `again`: certainly not acted on, back to the queue at once (the kind keeps its own limits);
 * `uncertain`: it may have been done (a cut connection): looked up (`recoverAll`/`recover`) before it runs again.
 */
export type ItemResult =
  | { state: 'done'; outcome?: Record<string, unknown>; bytes?: number }
  | { state: 'skipped'; outcome?: Record<string, unknown>; error?: AppErrorShape }
  | { state: 'failed'; error: AppErrorShape; outcome?: Record<string, unknown> }
  | { state: 'retry'; afterMs: number; error?: AppErrorShape }
  | { state: 'again'; error?: AppErrorShape }
  | { state: 'uncertain'; error?: AppErrorShape }
  /** The job cannot go on (the key was refused): the item goes back to pending and the job pauses. */
  | { state: 'stop'; error: AppErrorShape };

/** A result written at once, with no wait and no stop of the job. */
type Recorded = Exclude<ItemResult, { state: 'retry' } | { state: 'stop' }>;

/** The answer of one batched look-up of uncertain items: per item (an item left out stays uncertain), or wait, or stop. */
export type Recovery =
  { results: Map<number, Recorded | 'run-again'> } | { state: 'retry'; afterMs: number } | { state: 'stop'; error: AppErrorShape };

export interface JobContext {
  job: JobRow;
  /** Aborted when the lease is lost or the process closes: requests in flight are cut off. */
  signal: AbortSignal;
  /** Aborted as well on a pause or cancel: waits end, nothing new starts. */
  interrupted: AbortSignal;
  log: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}

/** What the audit journal records of one item's final outcome. */
interface JournalFields {
  subject: string;
  inputs: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

/** A kind of bulk action: how to do one item, and how to tell what happened to one whose request was left in doubt. */
export interface JobKind<I extends JobItem = JobItem> {
  kind: string;
  concurrency?: number;
  /** Where the items live; `job_items` when left out. */
  store?: ItemStore<I>;
  /**
   * With a team, its jobs live in the team store (every computer sees them and may carry them on). A kind
   * with its own `store` keeps its rows here too (the team holds a copy of its items, settled as they are)
   * and brings a job another computer started into its store with `adopt` before carrying it on here.
   */
  shared?: boolean;
  /** Writes a job started on another computer into this kind's own store (its rows, its files), from the team's copy. */
  adopt?(job: JobRow): Promise<void>;
  run(item: I, ctx: JobContext): Promise<ItemResult>;
  /** An item in doubt (its owner died mid-request, or its answer was unclear): look before doing it again. Default: do it again. */
  recover?(item: I, ctx: JobContext): Promise<ItemResult | 'run-again'>;
  /** Every item in doubt at once, in one look at the service (used instead of `recover`). */
  recoverAll?(items: I[], ctx: JobContext, once: boolean): Promise<Recovery>;
  /** Waited for before each claim (a rate limit's pause, a back-off). */
  beforeClaim?(ctx: JobContext): Promise<void>;
  /** The journal's entry of an item's final outcome; the default names the subject, the job's and item's inputs. */
  journal?(job: JobRow, item: I, state: 'done' | 'skipped' | 'failed', detail: Record<string, unknown>): JournalFields;
  /** What an item is called in lists (`jobs show`) when the caller gives no label. */
  label?(item: I): string | null;
  /** The job or its items changed (in this process, or `following` another). */
  changed?(jobId: string, following: boolean): void;
  /** The job reached `finished` or `cancelled` (a promise is waited for before the job counts as settled here). */
  ended?(job: JobRow): void | Promise<void>;
  /** Whether a process that starts takes this unfinished job up by itself (default yes). */
  resumesAlone?(job: JobRow): boolean;
}

export interface RunnerDeps {
  jobs: JobsStore;
  items: ItemStore;
  leases: LeaseStore;
  kind: JobKind;
  job: JobRow;
  changed: () => void;
  /** Every item's final outcome, for the audit journal: written in the transaction that settles the item. */
  journal?: (item: JobItem, state: 'done' | 'skipped' | 'failed', detail: Record<string, unknown>) => void;
  logger?: Logger;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const maxRetries = 8;

/**
 * Runs one job this process owns: items claimed one at a time (`concurrency` workers), each result
 * written before the next claim, commands read from the job's state before each claim and at each
 * heartbeat. Items in doubt are looked up before anything runs again. Ends when no item is pending or
 * in doubt, or when a pause or cancel is asked for (in-flight items finish; a cancel looks once more).
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
        try {
          if (!leases.renew(job.id)) {
            this.lost = true;
            this.halt();
          } else if (this.stopAsked()) this.interrupt();
        } catch (error) {
          // The lease cannot be renewed (its store is unreachable): stop as if it were lost; what is in flight is looked up later.
          this.deps.logger?.log('warn', 'job: its lease could not be renewed', { jobId: job.id, error: String(error) });
          this.lost = true;
          this.halt();
        }
      },
      Math.max(250, Math.floor(leases.ttlMs / 3)),
    );
    heartbeat.unref?.();
    try {
      // Items in flight when the last owner died (this process holds the lease now): in doubt.
      const stale = items.inState(job.id, ['running']);
      if (stale.length > 0) {
        items.transaction(() => stale.forEach((item) => items.settle(job.id, item.seq, 'uncertain')));
        this.deps.changed();
      }
      const workers = Math.max(1, this.deps.kind.concurrency ?? job.concurrency);
      for (;;) {
        const stopping = this.stopping();
        // A pause leaves items in doubt for the next run; a cancel looks them up once more.
        if (!stopping || this.deps.jobs.state(job.id) === 'cancelling') {
          const moved = await this.recoverUncertain(stopping);
          if (!stopping && !moved && items.inState(job.id, ['pending']).length === 0) return;
        }
        if (stopping || this.stop.signal.aborted) return;
        if (this.stopping()) continue;
        await Promise.all(Array.from({ length: workers }, () => this.worker()));
        if (this.stop.signal.aborted) return;
        if (!this.stopping() && items.inState(job.id, ['pending', 'uncertain']).length === 0) return;
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private stopAsked(): boolean {
    return wantsStop(this.deps.jobs.state(this.deps.job.id) ?? 'running');
  }

  private stopping(): boolean {
    return this.wake.signal.aborted || this.stopAsked();
  }

  private async worker(): Promise<void> {
    const { items, job, kind } = this.deps;
    while (!this.stopping()) {
      if (kind.beforeClaim) {
        await kind.beforeClaim(this.context());
        if (this.stopping()) return;
      }
      const item = items.claimNext(job.id);
      if (!item) return;
      this.deps.changed();
      const result = await this.attempt(() => kind.run(item, this.context()));
      if (result) await this.settle(item, result);
    }
  }

  /** Looks up the items in doubt; answers whether any of them moved (settled, or back to pending). */
  private async recoverUncertain(once: boolean): Promise<boolean> {
    const { items, job, kind } = this.deps;
    const uncertain = items.inState(job.id, ['uncertain']);
    if (uncertain.length === 0) return false;
    if (!kind.recoverAll) {
      for (const item of uncertain) {
        if (this.stop.signal.aborted) return true;
        await this.recover(item);
      }
      return true;
    }
    for (;;) {
      if (this.stop.signal.aborted || (!once && this.wake.signal.aborted)) return false;
      let answer: Recovery;
      try {
        answer = await kind.recoverAll.call(kind, uncertain, this.context(), once);
      } catch (error) {
        if (this.stop.signal.aborted) return false;
        // Never a loop of failing look-ups: the job pauses with the reason (resumable).
        this.deps.logger?.log('error', 'job: looking up items in doubt failed', { jobId: job.id, error: String(error) });
        this.deps.jobs.stop(job.id, storableError(error, 'The items in doubt could not be looked up. The details are in the log.'));
        this.interrupt();
        return false;
      }
      if ('results' in answer) {
        items.transaction(() => {
          for (const item of uncertain) {
            const result = answer.results.get(item.seq);
            if (result === 'run-again') items.settle(job.id, item.seq, 'pending');
            else if (result) this.record(item, result);
          }
        });
        this.deps.changed();
        return answer.results.size > 0;
      }
      if (answer.state === 'stop') {
        this.deps.jobs.stop(job.id, answer.error);
        this.interrupt();
        return false;
      }
      if (once) return false;
      await (this.deps.sleep ?? sleep)(answer.afterMs, this.wake.signal).catch(() => undefined);
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
      if (!isAppError(error))
        this.deps.logger?.log('error', 'job: an item failed unexpectedly', { jobId: this.deps.job.id, error: String(error) });
      return { state: 'failed', error: storableError(error, 'Something went wrong. The details are in the log.') };
    }
  }

  private async settle(item: JobItem, result: ItemResult): Promise<void> {
    const { items, jobs, job } = this.deps;
    if (result.state === 'stop') {
      items.settle(job.id, item.seq, 'pending', { error: result.error });
      jobs.stop(job.id, result.error);
      // Stop claiming; the requests of the other workers finish and are recorded.
      this.interrupt();
    } else if (result.state === 'retry' && item.attempts < maxRetries) {
      items.settle(job.id, item.seq, 'pending', { error: result.error ?? null });
      this.deps.changed();
      await (this.deps.sleep ?? sleep)(result.afterMs, this.wake.signal).catch(() => undefined);
      return;
    } else {
      items.transaction(() =>
        this.record(item, result.state === 'retry' ? { state: 'failed', error: result.error ?? retriesSpent } : result),
      );
    }
    this.deps.changed();
  }

  /**
   * Writes an item's result. A final one is written with its journal entry, in the caller's transaction:
   * a kill between them must not leave an action done with no entry (or an entry for an item still pending).
   */
  private record(item: JobItem, result: Recorded): void {
    const { items, job } = this.deps;
    switch (result.state) {
      case 'again':
        items.settle(job.id, item.seq, 'pending', { error: result.error ?? null });
        return;
      case 'uncertain':
        items.settle(job.id, item.seq, 'uncertain', { error: result.error ?? null });
        return;
      default: {
        const error = 'error' in result ? (result.error ?? null) : null;
        items.settle(job.id, item.seq, result.state, {
          outcome: result.outcome ?? null,
          error,
          ...(result.state === 'done' ? { bytes: result.bytes ?? 0 } : {}),
        });
        this.deps.journal?.(item, result.state, { ...result.outcome, ...(error ? { error: error.message } : {}) });
      }
    }
  }

  private context(): JobContext {
    const { job, logger } = this.deps;
    return {
      job,
      signal: this.stop.signal,
      interrupted: this.wake.signal,
      log: (level, message, data) => logger?.log(level, `job ${job.kind}: ${message}`, { jobId: job.id, ...data }),
    };
  }
}

const retriesSpent: AppErrorShape = { kind: 'ServerError', code: 'job.retriesSpent', message: 'Not done after 8 tries.' };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
