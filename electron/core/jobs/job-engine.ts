import { randomUUID } from 'node:crypto';
import { AppError, storableError } from '../../../shared/contract/errors';
import { isActiveJobState, isSettledJobState, type JobItemView, type JobView } from '../../../shared/domain/jobs';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import type { ItemStore, JobItem, NewItem } from './item-store';
import type { JobItemsRepo } from './job-items-repo';
import { JobRunner, type JobKind } from './job-runner';
import type { JobStorage } from './job-storage';
import { JobStorages } from './job-storages';
import { jobView } from './job-view';
import type { JobRow, JobsRepo } from './jobs-repo';
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
  /** A team (issue 32): the team store's storage, where the jobs of the kinds that share them live. */
  team?: JobStorage;
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
  /** Taking the job up again once its storage answers (retryLater). */
  retry: ReturnType<typeof setTimeout> | null;
  backOffMs: number;
  /** Another process runs it: a look when its lease would run out (its progress, or that its owner went away). */
  watch: ReturnType<typeof setTimeout> | null;
  /** A job another computer started, being written into its kind's own store (`JobKind.adopt`). */
  adopting: Promise<void> | null;
}

/** The storage could not be reached (the team store down): a wait, not a failure of the job. */
const unreachable = (error: unknown) => {
  const kind = (error as { kind?: string } | null)?.kind;
  return kind === 'Network' || kind === 'Unavailable' || kind === 'Unauthorized';
};

/**
 * Every bulk action runs here, sending included: a job and its items are written in one transaction
 * before the first request (a kind with its own item store, such as `send` over `batch_items`, writes
 * its rows itself); the process holding the job's lease runs it; commands from any process go through
 * the job's state (state-machine.ts). See README.md.
 */
export class JobEngine {
  /** This data folder's jobs and items (a kind with its own rows, such as sending, writes its job here). */
  readonly jobs: JobsRepo;
  readonly items: JobItemsRepo;
  private readonly storages: JobStorages;
  private readonly kinds = new Map<string, JobKind>();
  private readonly live = new Map<string, Live>();
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly deps: JobEngineDeps) {
    this.now = deps.now ?? Date.now;
    this.storages = new JobStorages(
      deps.db,
      deps.leases,
      this.now,
      deps.team ?? null,
      (error) => deps.logger?.log('warn', 'jobs: the team store cannot be read; its jobs are left out for now', { error: String(error) }),
      (kind) => Boolean(this.kinds.get(kind)?.shared && this.kinds.get(kind)?.store),
    );
    this.jobs = this.storages.local.jobs;
    this.items = this.storages.local.items;
  }

  /** The storage holding a job (its jobs, items and leases); this data folder's when it is nowhere. */
  private at(jobId: string): JobStorage {
    return this.storages.of(jobId) ?? this.storages.local;
  }

  register<I extends JobItem>(kind: JobKind<I>): void {
    this.kinds.set(kind.kind, kind as unknown as JobKind);
  }

  /** The items of a job: its kind's own store (in a team, written through to the team's copy), else its storage's `job_items`. */
  private storeOf(job: Pick<JobRow, 'id' | 'kind'>): ItemStore {
    return this.storages.itemsOf(job.id, this.kinds.get(job.kind)?.store);
  }

  /** A kind with rows of its own (a batch's send) writes its job with them, in its own transaction (`JobStorages.writeOwn`). */
  writeOwn(job: { id: string; kind: string; accountId: string; state: 'queued'; concurrency: number }, items: () => NewItem[]): void {
    this.storages.writeOwn(job, items, this.kinds.get(job.kind)?.shared === true, (error) =>
      this.deps.logger?.log('warn', 'jobs: the team store did not take the job; it stays on this computer', {
        jobId: job.id,
        error: String(error),
      }),
    );
  }

  /** Whether the team store holds this job (a shared kind's, written there). */
  isTeamJob(jobId: string): boolean {
    return this.storages.isTeam(jobId);
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
    const storage = this.storages.forKind(kind.shared);
    this.storages.remember(id, storage);
    storage.transaction(() => {
      storage.jobs.create({
        id,
        kind: input.kind,
        accountId: input.accountId,
        state: 'queued',
        input: input.input ?? {},
        concurrency: input.concurrency ?? 4,
      });
      storage.items.add(id, input.items);
    });
    this.start(id);
    return this.view(id);
  }

  command(jobId: string, command: JobCommand): JobView {
    const job = this.require(jobId);
    const store = this.storeOf(job);
    const { jobs } = this.at(job.id);
    if (command === 'retryFailed' && store.retryFailed(job.id) === 0) return this.view(job.id);
    const moved = jobs.command(job.id, command);
    if (command === 'resume' || command === 'retryFailed') jobs.clearStop(job.id);
    // Cancelled before it ran (queued): nothing is in flight, its items are settled here.
    if (moved?.after === 'cancelled' && moved.before !== 'cancelled') void this.ended(job.id, () => store.cancelPending(job.id));
    const running = this.live.get(job.id)?.runner;
    if (running && (moved?.after === 'pausing' || moved?.after === 'cancelling')) running.interrupt();
    else if (!running) this.start(job.id);
    this.changed(job.id);
    return this.view(job.id);
  }

  /** One job as a reader asks for it: rows a team job settled elsewhere pulled in first (lists and events do not pull). */
  get(jobId: string): JobView {
    const job = this.require(jobId);
    this.follow(job.id, job.kind);
    return this.view(job.id);
  }

  list(accountId: string, limit = 50): JobView[] {
    return this.storages.list(accountId, limit).map(({ job }) => this.view(job.id));
  }

  itemViews(jobId: string, label?: (subject: string) => string | null): JobItemView[] {
    const job = this.require(jobId);
    const kind = this.kinds.get(job.kind);
    return this.storeOf(job)
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
    for (const { id, storage } of this.storages.unsettled()) {
      try {
        const job = storage.jobs.get(id);
        const kind = job && this.kinds.get(job.kind);
        if (job && kind && (kind.resumesAlone?.(job) ?? true)) this.start(id);
      } catch (error) {
        this.retryLater(id, error);
      }
    }
  }

  /** When the first lease another process of this computer holds runs out (ms), or null: none. */
  nextForeignExpiry(): number | null {
    return this.storages.nextForeignExpiry();
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
      const storage = this.at(jobId);
      const state = storage.jobs.state(jobId);
      if (state === null || isSettledJobState(state)) return this.view(jobId);
      if (!storage.leases.holder(jobId)) {
        try {
          this.start(jobId);
        } catch (error) {
          // The team store went away: a job with a shadow here waits paused, with its words (read again above).
          if (this.storages.pauseShadow(jobId, error)) continue;
          throw error;
        }
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
      if (live.retry) clearTimeout(live.retry);
      if (live.watch) clearTimeout(live.watch);
      return live.running;
    });
    await Promise.allSettled(running);
  }

  /** Runs the job here when this process gets its lease and there is something to do or settle. */
  start(jobId: string): void {
    const storage = this.at(jobId);
    const { jobs, leases } = storage;
    const job = jobs.get(jobId);
    const kind = job && this.kinds.get(job.kind);
    if (!job || !kind || this.closed || isSettledJobState(job.state)) return;
    const live = this.liveOf(jobId);
    if (live.running || live.adopting) return;
    // Another computer's job: its rows written here first, while nobody holds it (then started again).
    if (kind.adopt && kind.store?.has?.(jobId) === false) {
      if (!leases.holder(jobId)) this.adopt(jobId, job, kind, live);
      return;
    }
    this.follow(jobId, job.kind);
    if (!leases.acquire(jobId).owned) return;
    if (job.state === 'queued') jobs.event(jobId, 'start');
    const journal = this.deps.journal;
    const { titles: _titles, ...jobInputs } = (job.input ?? {}) as Record<string, unknown>;
    const store = this.storeOf(job);
    const entry = (item: JobItem, state: 'done' | 'skipped' | 'failed', detail: Record<string, unknown>) =>
      kind.journal?.(job, item, state, detail) ?? {
        subject: item.subject,
        inputs: { ...jobInputs, ...item.input, job: job.id },
        outcome: { state, ...detail },
      };
    const runner = new JobRunner({
      jobs,
      items: store,
      leases,
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
      const state = jobs.state(jobId);
      if (state === 'pausing') jobs.event(jobId, 'settled');
      else if (state === 'cancelling') return this.ended(jobId, () => (store.cancelPending(jobId), jobs.event(jobId, 'settled')));
      else if (state === 'running' && store.inState(jobId, ['pending', 'running', 'uncertain']).length === 0)
        return this.ended(jobId, () => jobs.event(jobId, 'drained'));
      return undefined;
    };
    // Run even when a stop was asked for: items a dead owner left in flight are looked up first.
    live.running = runner
      .run()
      .then(() => (runner.lostLease || this.closed ? undefined : settleStop()))
      .catch((error: unknown) => {
        // The team store cannot be reached: the job stays as it is (it pauses, never fails) and is taken up again when it can.
        if (storage.where === 'team' && unreachable(error)) return this.retryLater(jobId, error);
        this.deps.logger?.log('error', 'job: stopped on an unexpected error', { jobId, error: String(error) });
        jobs.stop(jobId, {
          kind: 'Internal',
          code: 'internal',
          message: 'The job stopped on an unexpected error. The details are in the log.',
        });
      })
      .catch((error: unknown) => this.retryLater(jobId, error))
      .finally(() => {
        live.runner = null;
        live.running = null;
        try {
          if (!runner.lostLease) leases.release(jobId);
          this.changed(jobId);
          // Resumed while it was pausing: go on.
          if (!this.closed && jobs.state(jobId) === 'running') this.start(jobId);
        } catch (error) {
          this.retryLater(jobId, error);
        }
      });
  }

  private adopt(jobId: string, job: JobRow, kind: JobKind, live: Live): void {
    live.adopting = kind.adopt!(job).then(
      () => {
        live.adopting = null;
        this.start(jobId);
      },
      (error: unknown) => {
        live.adopting = null;
        this.deps.logger?.log('warn', 'job: a job started on another computer could not be taken up here', { jobId, error: String(error) });
        if (unreachable(error)) this.retryLater(jobId, error);
        else this.at(jobId).jobs.stop(jobId, storableError(error, 'This job could not be carried on here. The details are in the log.'));
        this.changed(jobId);
      },
    );
  }

  /** A job whose storage could not be reached: taken up again after a while (5 s, doubling to a minute) while this engine runs. */
  private retryLater(jobId: string, error: unknown): void {
    const live = this.liveOf(jobId);
    // A batch's shadow says why it waits (its `send` ends with those words); the team's state is untouched.
    if (this.storages.pauseShadow(jobId, error)) this.changed(jobId);
    if (this.closed || live.retry) return;
    live.backOffMs = Math.min(60_000, (live.backOffMs || 2_500) * 2);
    this.deps.logger?.log('warn', 'job: its storage cannot be reached; trying again', {
      jobId,
      inMs: live.backOffMs,
      error: String(error),
    });
    live.retry = setTimeout(() => {
      live.retry = null;
      try {
        this.start(jobId);
        if (live.running) live.backOffMs = 0;
      } catch (again) {
        this.retryLater(jobId, again);
      }
    }, live.backOffMs);
    live.retry.unref?.();
  }

  /** Moves the job to an end (in one transaction with its items), then tells its kind (waited for before the job counts as settled). */
  private async ended(jobId: string, move: () => void): Promise<void> {
    const storage = this.at(jobId);
    // The job's end and its items' in one transaction (a kind with its own rows keeps them in this data folder, as its job).
    storage.transaction(move);
    const job = storage.jobs.get(jobId);
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
      this.storages.shadow(jobId);
      this.follow(jobId);
    } catch (error) {
      this.deps.logger?.log('warn', 'job: its state could not be read from the team store', { jobId, error: String(error) });
    }
    try {
      const kind = live.kind ?? this.kinds.get(this.at(jobId).jobs.get(jobId)?.kind ?? '');
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
    const storage = this.at(job.id);
    const live = this.live.get(job.id);
    const pausedUntil = job.state === 'running' ? (this.deps.pausedUntil?.(job.accountId) ?? 0) : 0;
    const pace = live && { running: Boolean(live.running), startedAt: live.startedAt, doneAtStart: live.doneAtStart };
    const holder = storage.leases.holder(job.id);
    // Nothing tells this process when another's lease runs out (another computer's, in a team): it looks then.
    if (holder && !holder.self && isActiveJobState(job.state)) this.watchHolder(job.id, holder.expiresAt);
    return jobView(job, storage, this.storeOf(job).counts(job.id), pace, pausedUntil, this.now(), holder);
  }

  /** A team job another process or computer runs or ran: what it settled pulled into its kind's own rows here (nothing while it runs here). */
  private follow(jobId: string, kind?: string): void {
    if (this.live.get(jobId)?.running) return;
    this.storages.follow(jobId, (found) => this.kinds.get(kind ?? found())?.store);
  }

  private watchHolder(jobId: string, expiresAt: number): void {
    const live = this.liveOf(jobId);
    if (this.closed || live.watch) return;
    live.watch = setTimeout(
      () => {
        live.watch = null;
        if (!this.closed) this.changed(jobId, true);
      },
      Math.max(0, expiresAt - this.now()) + 100,
    );
    live.watch.unref?.();
  }

  private liveOf(jobId: string): Live {
    let live = this.live.get(jobId);
    if (!live) {
      live = {
        kind: null,
        runner: null,
        running: null,
        timer: null,
        startedAt: 0,
        doneAtStart: 0,
        bytesAtStart: 0,
        retry: null,
        backOffMs: 0,
        watch: null,
        adopting: null,
      };
      this.live.set(jobId, live);
    }
    return live;
  }

  private require(jobId: string): JobRow {
    const job = this.storages.of(jobId)?.jobs.get(jobId);
    if (!job) throw new AppError({ kind: 'NotFound', code: 'job.notFound', params: { jobId }, message: `There is no job ${jobId}.` });
    return job;
  }
}
