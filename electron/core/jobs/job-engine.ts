import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/contract/errors';
import { isSettledJobState, type JobItemView, type JobView } from '../../../shared/domain/jobs';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import type { ItemStore, JobItem } from './item-store';
import { JobItemsRepo } from './job-items-repo';
import { JobRunner, type JobKind } from './job-runner';
import { JobsRepo, type JobRow } from './jobs-repo';
import type { JobLeases } from './leases';
import type { JobCommand } from './state-machine';
import type { JournalBook } from '../journal/journal-book';

export interface JobEngineDeps {
  db: Db;
  leases: JobLeases;
  /** `jobs.changed` (at most every 200 ms per job). */
  emit: (job: JobView) => void;
  /** The account's limiter's pause, for "rate limited, resuming in N s". */
  pausedUntil?: (accountId: string) => number;
  logger?: Logger;
  now?: () => number;
  journal?: Pick<JournalBook, 'append'>;
}

interface Live {
  /** The job's kind, known once this process has run it (spares a read per change). */
  kind: JobKind | null;
  runner: JobRunner | null;
  running: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  doneAtStart: number;
  bytesAtStart: number;
}

/**
 * Every bulk action runs here, sending included: a job and its items are written in one transaction
 * before the first request (a kind with its own item store, such as `send` over `batch_items`, writes
 * its rows itself); the process holding the job's lease runs it; commands from any process go through
 * the job's state (state-machine.ts). See README.md.
 */
export class JobEngine {
  readonly jobs: JobsRepo;
  readonly items: JobItemsRepo;
  private readonly kinds = new Map<string, JobKind>();
  private readonly live = new Map<string, Live>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly deps: JobEngineDeps) {
    this.now = deps.now ?? Date.now;
    this.jobs = new JobsRepo(deps.db, this.now);
    this.items = new JobItemsRepo(deps.db, this.now);
  }

  register<I extends JobItem>(kind: JobKind<I>): void {
    this.kinds.set(kind.kind, kind as unknown as JobKind);
  }

  /** The items of a job of this kind: its own store, else `job_items`. */
  private storeOf(kind: string): ItemStore {
    return this.kinds.get(kind)?.store ?? this.items;
  }

  /** Writes the job and its items (some may be settled already, such as skipped ones), then starts it. */
  create(input: {
    kind: string;
    accountId: string;
    input?: Record<string, unknown>;
    items: {
      subject: string;
      input?: Record<string, unknown>;
      state?: 'pending' | 'skipped' | 'done';
      outcome?: Record<string, unknown>;
    }[];
    concurrency?: number;
  }): JobView {
    const kind = this.kinds.get(input.kind);
    if (!kind) throw new Error(`No job kind "${input.kind}"`);
    // A kind with its own store writes its rows and its job itself (sending: BatchSending.queue), then calls `start`.
    if (kind.store) throw new Error(`Jobs of the kind "${input.kind}" are created with their own rows`);
    const id = randomUUID();
    this.deps.db.transaction(() => {
      this.jobs.create({
        id,
        kind: input.kind,
        accountId: input.accountId,
        state: 'queued',
        input: input.input ?? {},
        concurrency: input.concurrency ?? 4,
      });
      this.items.add(id, input.items);
    })();
    this.start(id);
    return this.view(id);
  }

  command(jobId: string, command: JobCommand): JobView {
    const job = this.require(jobId);
    const store = this.storeOf(job.kind);
    if (command === 'retryFailed' && store.retryFailed(job.id) === 0) return this.view(job.id);
    const moved = this.jobs.command(job.id, command);
    if (command === 'resume' || command === 'retryFailed') this.jobs.clearStop(job.id);
    // Cancelled before it ran (queued): nothing is in flight, its items are settled here.
    if (moved?.after === 'cancelled' && moved.before !== 'cancelled') void this.ended(job.id, () => store.cancelPending(job.id));
    const running = this.live.get(job.id)?.runner;
    if (running && (moved?.after === 'pausing' || moved?.after === 'cancelling')) running.interrupt();
    else if (!running) this.start(job.id);
    this.changed(job.id);
    return this.view(job.id);
  }

  get(jobId: string): JobView {
    return this.view(this.require(jobId).id);
  }

  list(accountId: string, limit = 50): JobView[] {
    return this.jobs.list(accountId, limit).map((job) => this.view(job.id));
  }

  itemViews(jobId: string, label?: (subject: string) => string | null): JobItemView[] {
    const job = this.require(jobId);
    const kind = this.kinds.get(job.kind);
    return this.storeOf(job.kind)
      .items(job.id)
      .map((item) => ({
        seq: item.seq,
        subject: item.subject,
        label: label?.(item.subject) ?? kind?.label?.(item) ?? null,
        state: item.state,
        attempts: item.attempts,
        outcome: item.outcome,
        error: item.error,
      }));
  }

  /** Jobs left unfinished by a process that stopped: taken up where no live process owns them. */
  resumeInterrupted(): void {
    const rows = this.deps.db.prepare(`SELECT id FROM jobs WHERE state IN ('queued', 'running', 'pausing', 'cancelling')`).all() as {
      id: string;
    }[];
    for (const { id } of rows) {
      const job = this.jobs.get(id);
      const kind = job && this.kinds.get(job.kind);
      if (job && kind && (kind.resumesAlone?.(job) ?? true)) this.start(id);
    }
  }

  /** Resolves when the job is paused, cancelled or finished (following another owner, taking over if it dies). */
  async whenSettled(jobId: string): Promise<JobView> {
    for (;;) {
      // Closing: the job stays as it is for the next start (the database is about to close).
      if (this.closed) return new Promise<never>(() => undefined);
      const running = this.live.get(jobId)?.running;
      if (running) {
        await running;
        continue;
      }
      const state = this.jobs.state(jobId);
      if (state === null || isSettledJobState(state)) return this.view(jobId);
      if (!this.deps.leases.holder(jobId)) {
        this.start(jobId);
        if (this.live.get(jobId)?.running) continue;
      }
      // Another process owns it: look again in a moment (a timer, not a busy loop).
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (!this.closed) this.changed(jobId, true);
    }
  }

  /** Resolves once no job runs in this process (one that another process runs is not waited for). */
  async whenIdle(): Promise<void> {
    const running = () => [...this.live.values()].flatMap((live) => (live.running ? [live.running] : []));
    for (let now = running(); now.length > 0; now = running()) await Promise.allSettled(now);
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = [...this.live.values()].map((live) => {
      live.runner?.halt();
      if (live.timer) clearTimeout(live.timer);
      return live.running;
    });
    await Promise.allSettled(running);
  }

  /** Runs the job here when this process gets its lease and there is something to do or settle. */
  start(jobId: string): void {
    const job = this.jobs.get(jobId);
    const kind = job && this.kinds.get(job.kind);
    if (!job || !kind || this.closed || isSettledJobState(job.state)) return;
    const live = this.liveOf(jobId);
    if (live.running || !this.deps.leases.acquire(jobId).owned) return;
    if (job.state === 'queued') this.jobs.event(jobId, 'start');
    const journal = this.deps.journal;
    const { titles: _titles, ...jobInputs } = (job.input ?? {}) as Record<string, unknown>;
    const store = this.storeOf(job.kind);
    const entry = (item: JobItem, state: 'done' | 'skipped' | 'failed', detail: Record<string, unknown>) =>
      kind.journal?.(job, item, state, detail) ?? {
        subject: item.subject,
        inputs: { ...jobInputs, ...item.input, job: job.id },
        outcome: { state, ...detail },
      };
    const runner = new JobRunner({
      jobs: this.jobs,
      items: store,
      leases: this.deps.leases,
      kind,
      job,
      changed: () => this.changed(jobId),
      ...(journal
        ? {
            journal: (item, state, detail) => journal.append({ accountId: job.accountId, action: job.kind, ...entry(item, state, detail) }),
          }
        : {}),
      ...(this.deps.logger ? { logger: this.deps.logger } : {}),
    });
    live.runner = runner;
    live.kind = kind;
    live.startedAt = this.now();
    const atStart = store.counts(jobId);
    live.doneAtStart = atStart.done + atStart.failed + atStart.skipped;
    live.bytesAtStart = atStart.bytes;
    const settleStop = () => {
      const state = this.jobs.state(jobId);
      if (state === 'pausing') this.jobs.event(jobId, 'settled');
      else if (state === 'cancelling') return this.ended(jobId, () => (store.cancelPending(jobId), this.jobs.event(jobId, 'settled')));
      else if (state === 'running' && store.inState(jobId, ['pending', 'running', 'uncertain']).length === 0)
        return this.ended(jobId, () => this.jobs.event(jobId, 'drained'));
      return undefined;
    };
    // Run even when a stop was asked for: items a dead owner left in flight are looked up first.
    live.running = runner
      .run()
      .then(() => (runner.lostLease || this.closed ? undefined : settleStop()))
      .catch((error: unknown) => {
        this.deps.logger?.log('error', 'job: stopped on an unexpected error', { jobId, error: String(error) });
        this.jobs.stop(jobId, {
          kind: 'Internal',
          code: 'internal',
          message: 'The job stopped on an unexpected error. The details are in the log.',
        });
      })
      .finally(() => {
        live.runner = null;
        live.running = null;
        if (!runner.lostLease) this.deps.leases.release(jobId);
        this.changed(jobId);
        // Resumed while it was pausing: go on.
        if (!this.closed && this.jobs.state(jobId) === 'running') this.start(jobId);
      });
  }

  /** Moves the job to an end (in one transaction with its items), then tells its kind (waited for before the job counts as settled). */
  private async ended(jobId: string, move: () => void): Promise<void> {
    this.deps.db.transaction(move).immediate();
    const job = this.jobs.get(jobId);
    if (!job || (job.state !== 'finished' && job.state !== 'cancelled')) return;
    try {
      await this.kinds.get(job.kind)?.ended?.(job);
    } catch (error) {
      this.deps.logger?.log('error', 'job: a kind failed after its job ended', { jobId, error: String(error) });
    }
  }

  /**
   * When the run in this process started, and the items settled (done, failed, skipped) and bytes done
   * then: what a kind's own time-left estimate subtracts from its counts. Null when it does not run here.
   */
  pace(jobId: string): { elapsedMs: number; settledAtStart: number; bytesAtStart: number } | null {
    const live = this.live.get(jobId);
    if (!live?.running) return null;
    return { elapsedMs: this.now() - live.startedAt, settledAtStart: live.doneAtStart, bytesAtStart: live.bytesAtStart };
  }

  private changed(jobId: string, following = false): void {
    const live = this.liveOf(jobId);
    try {
      const kind = live.kind ?? this.kinds.get(this.jobs.get(jobId)?.kind ?? '');
      kind?.changed?.(jobId, following);
    } catch (error) {
      this.deps.logger?.log('error', 'job: a kind failed to pass a change on', { jobId, error: String(error) });
    }
    if (live.timer) return;
    live.timer = setTimeout(() => {
      live.timer = null;
      try {
        this.deps.emit(this.view(jobId));
      } catch (error) {
        this.deps.logger?.log('error', 'job: an event listener failed', { error: String(error) });
      }
    }, 200);
    live.timer.unref?.();
  }

  view(jobId: string): JobView {
    const job = this.require(jobId);
    const counts = this.storeOf(job.kind).counts(job.id);
    const { bytes, ...byState } = counts;
    const total = Object.values(byState).reduce((sum, n) => sum + n, 0);
    const live = this.live.get(job.id);
    const left = byState.pending + byState.running + byState.uncertain;
    let secondsLeft: number | null = null;
    if (live?.running && left > 0) {
      const elapsed = (this.now() - live.startedAt) / 1000;
      const done = byState.done + byState.failed + byState.skipped - live.doneAtStart;
      if (elapsed >= 1 && done > 0) secondsLeft = Math.ceil(left / (done / elapsed));
    }
    const pausedUntil = job.state === 'running' ? (this.deps.pausedUntil?.(job.accountId) ?? 0) : 0;
    const holder = this.deps.leases.holder(job.id);
    return {
      id: job.id,
      kind: job.kind,
      accountId: job.accountId,
      state: job.state,
      createdAt: new Date(job.createdAt).toISOString(),
      finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
      input: (job.input ?? {}) as Record<string, unknown>,
      progress: {
        total,
        byState,
        bytesDone: bytes,
        secondsLeft,
        rateLimitedUntil: pausedUntil > this.now() ? new Date(pausedUntil).toISOString() : null,
      },
      owner: holder ? { pid: holder.pid, host: holder.host, self: holder.self } : null,
      stoppedBy: this.jobs.stoppedBy(job.id),
    };
  }

  private liveOf(jobId: string): Live {
    let live = this.live.get(jobId);
    if (!live) {
      live = { kind: null, runner: null, running: null, timer: null, startedAt: 0, doneAtStart: 0, bytesAtStart: 0 };
      this.live.set(jobId, live);
    }
    return live;
  }

  private require(jobId: string): JobRow {
    const job = this.jobs.get(jobId);
    if (!job) throw new AppError({ kind: 'NotFound', code: 'job.notFound', params: { jobId }, message: `There is no job ${jobId}.` });
    return job;
  }
}
