import { AppError } from '../../../shared/contract/errors';
import { alreadySentCode, type BatchSummary } from '../../../shared/domain/batches';
import type { Document } from '../../../shared/domain/documents';
import type { Limiter } from '../api/limiter';
import type { ServiceClient } from '../api/service-client';
import type { JobLeases } from '../jobs/leases';
import type { JobsRepo } from '../jobs/jobs-repo';
import { wantsStop, type JobState } from '../jobs/state-machine';
import type { Logger } from '../logging/logger';
import type { BatchRepo } from './batch-repo';
import type { LiveBatches } from './batch-live';
import type { BatchPlanning } from './batch-planning';
import { notDraft } from './batch-planning';
import { problemError, sendableNow, type BatchResults } from './batch-results';
import type { BatchRunner } from './batch-runner';
import { followBatch } from './follow-batch';
import { finishCancel, makeRunner, settleStop } from './send-job-steps';
import type { Journal } from '../journal/journal';

export interface SendingDeps {
  repo: BatchRepo;
  jobs: JobsRepo;
  leases: JobLeases;
  live: LiveBatches;
  results: BatchResults;
  planning: BatchPlanning;
  client: (accountId: string) => Promise<ServiceClient>;
  limiter: (accountId: string) => Limiter;
  mirror: (accountId: string, document: Document, readAt: number) => void;
  stamp: () => number;
  now: () => number;
  logger?: Logger;
  journal?: Journal;
}

/**
 * Sending a batch as a job of the `send` kind: the job's state (jobs table) takes the commands of any
 * process; the process holding the job's lease runs it (BatchRunner) and obeys them; every other
 * process follows it and takes over only when the owner's lease expired (or its PID is gone).
 */
export class BatchSending {
  private closed = false;

  constructor(private readonly deps: SendingDeps) {}

  /** Queues the clean rows and starts sending; rows still being checked are waited for (state `checking`). */
  send(batchId: string, concurrency?: number): BatchSummary {
    const { repo, jobs, results } = this.deps;
    const row = results.row(batchId);
    if (row.state !== 'draft' && row.state !== 'checking') throw notDraft();
    const items = results.itemsOf(row.id);
    const unchecked = items.some((item) => item.state === 'draft' && !item.excluded && !item.checked);
    if (!unchecked && !items.some(sendableNow)) {
      throw new AppError({ kind: 'InvalidInput', code: 'batch.nothingToSend', message: 'There is nothing to send: add PDFs and say who signs each, or fix the rows marked with a problem.' });
    }
    repo.transaction(() => {
      repo.setBatchState(row.id, 'checking', { ...(concurrency ? { concurrency } : {}) });
      jobs.create({ id: row.id, kind: 'send', accountId: row.accountId, state: 'queued', concurrency: concurrency ?? row.concurrency });
    });
    if (unchecked) this.checkThenQueue(row.id);
    else this.queueAndRun(row.id);
    return results.summary(row.id);
  }

  pause(batchId: string): BatchSummary {
    const { repo, jobs, results } = this.deps;
    const row = results.row(batchId);
    const live = this.deps.live.get(row.id);
    if (row.state === 'checking' && live?.queueing) {
      // Nothing queued yet: the batch is a draft again.
      repo.setBatchState(row.id, 'draft');
      jobs.delete(row.id);
    } else {
      const moved = this.command(row.id, 'pause');
      if (moved?.after === 'paused') repo.setBatchState(row.id, 'paused');
      if (moved?.after === 'pausing') this.stopOrSettle(row.id);
    }
    results.changed(row.id, []);
    return results.summary(row.id);
  }

  /** Continues a paused batch, or one interrupted by a crash; while still pausing, it simply goes on. */
  resume(batchId: string): BatchSummary {
    const { repo, results } = this.deps;
    const row = results.row(batchId);
    const moved = this.command(row.id, 'resume');
    if (moved?.before === 'paused' || (moved?.after === 'queued' && row.state !== 'checking')) {
      repo.setBatchState(row.id, 'sending', { stoppedBy: null });
      this.deps.jobs.event(row.id, 'start');
    }
    const state = this.deps.jobs.state(row.id);
    if (row.state === 'checking' && state === 'queued') this.checkThenQueue(row.id);
    else if (state === 'running' || state === 'queued' || state === 'cancelling' || state === 'pausing') this.startRunner(row.id);
    results.changed(row.id, []);
    return results.summary(row.id);
  }

  cancel(batchId: string): BatchSummary {
    const { results } = this.deps;
    const row = results.row(batchId);
    if (row.state === 'draft') {
      finishCancel(this.deps, row.id);
    } else {
      const moved = this.command(row.id, 'cancel');
      if (moved?.after === 'cancelled' && moved.before !== 'cancelled') finishCancel(this.deps, row.id);
      if (moved?.after === 'cancelling') this.stopOrSettle(row.id);
    }
    results.changed(row.id, []);
    return results.summary(row.id);
  }

  retryFailed(batchId: string): BatchSummary {
    const { repo, results } = this.deps;
    const row = results.row(batchId);
    if (row.state === 'cancelled' || row.state === 'draft') return results.summary(row.id);
    const retry = results.itemsOf(row.id).filter((item) => item.state === 'failed' && item.problems.length === 0 && item.error?.code !== 'file.changed');
    if (retry.length === 0) return results.summary(row.id);
    repo.transaction(() => retry.forEach((item) => repo.setState(item.id, 'ready', { error: null })));
    results.changed(row.id, retry.map((item) => item.id));
    const moved = this.command(row.id, 'retryFailed');
    if (moved?.before === 'finished' || row.state === 'done') {
      repo.setBatchState(row.id, 'sending', { stoppedBy: null });
      this.deps.jobs.event(row.id, 'start');
    }
    if (this.deps.jobs.state(row.id) === 'running') this.startRunner(row.id);
    return results.summary(row.id);
  }

  /** Resolves when nothing in this process works on the batch any more (checks, queueing, runner, following). */
  async whenSettled(batchId: string): Promise<void> {
    for (;;) {
      const live = this.deps.live.get(batchId);
      const waiting = live?.checking ?? live?.queueing ?? live?.running ?? live?.following;
      if (!waiting) return;
      await waiting;
    }
  }

  /** The app's batches that were sending when it stopped: resumed, or followed when another process owns them. */
  resumeInterrupted(source: 'app' | 'cli'): string[] {
    const resumed: string[] = [];
    for (const row of this.deps.repo.interrupted()) {
      if (row.source !== source) continue;
      try {
        this.resume(row.id);
        resumed.push(row.id);
      } catch (error) {
        this.deps.logger?.log('warn', 'batch: could not resume', { batchId: row.id, error: String(error) });
      }
    }
    return resumed;
  }

  /** Stops runners and followers; requests in flight finish and are recorded; leases are given back. */
  async close(): Promise<void> {
    this.closed = true;
    const running: Promise<void>[] = [];
    for (const live of this.deps.live.all()) {
      live.runner?.halt('stopped');
      live.stopFollowing?.();
      if (live.running) running.push(live.running);
      if (live.timer) clearTimeout(live.timer);
    }
    await Promise.allSettled(running);
  }

  // ── internals ──────────────────────────────────────────────────────────────

  /** A command on the batch's job; a batch sent before the engine existed gets its job first. */
  private command(batchId: string, command: 'pause' | 'resume' | 'cancel' | 'retryFailed') {
    const { jobs, results } = this.deps;
    if (!jobs.get(batchId)) {
      const row = results.row(batchId);
      const state: JobState = { draft: 'queued', checking: 'queued', sending: 'running', pausing: 'pausing', paused: 'paused', cancelling: 'cancelling', done: 'finished', cancelled: 'cancelled' }[row.state] as JobState;
      jobs.create({ id: row.id, kind: 'send', accountId: row.accountId, state, concurrency: row.concurrency });
    }
    return jobs.command(batchId, command);
  }

  /** After pause or cancel: the runner here stops claiming; with no owner anywhere, it settles now. */
  private stopOrSettle(batchId: string): void {
    const live = this.deps.live.get(batchId);
    if (live?.runner) live.runner.halt('pause');
    else if (!this.deps.leases.holder(batchId)) this.startRunner(batchId);
  }

  private checkThenQueue(batchId: string): void {
    const { planning, live: lives, logger } = this.deps;
    planning.startChecks(batchId);
    const live = lives.of(batchId);
    if (live.queueing) return;
    live.queueing = planning
      .whenChecked(batchId)
      .then(() => this.queueAndRun(batchId))
      .catch((error: unknown) => logger?.log('error', 'batch: could not queue the checked rows', { batchId, error: String(error) }))
      .finally(() => {
        live.queueing = null;
      });
  }

  private queueAndRun(batchId: string): void {
    const { repo, jobs, results } = this.deps;
    if (this.closed) return;
    // Checking 50 MB files leaves the idle check workers holding a lot of memory: sending wants it.
    this.deps.planning.releaseIdleWorkers();
    const items = results.itemsOf(batchId);
    const queued = repo.transaction(() => {
      // Another process may have queued it meanwhile: only one moves it from checking to sending.
      if (repo.batch(batchId)?.state !== 'checking' || jobs.state(batchId) !== 'queued') return false;
      for (const item of items) {
        if (item.state !== 'draft' || item.excluded) continue;
        // Already sent from this account (and not chosen to send again): left out, still a draft, not failed.
        if (item.problems.some((problem) => problem.code === alreadySentCode)) continue;
        if (sendableNow(item)) repo.setState(item.id, 'ready', { error: null });
        else repo.setState(item.id, 'failed', { error: problemError(item.problems[0]) });
      }
      repo.setBatchState(batchId, 'sending', { startedAt: true, stoppedBy: null });
      jobs.event(batchId, 'start');
      return true;
    });
    if (queued) results.changed(batchId, items.map((item) => item.id));
    if (jobs.state(batchId) === 'running') this.startRunner(batchId);
  }

  /** Runs the batch here when this process gets its lease; otherwise follows the process that has it. */
  private startRunner(batchId: string): void {
    const { repo, jobs, leases, results } = this.deps;
    if (this.closed) return;
    const live = this.deps.live.of(batchId);
    if (live.running) return;
    const lease = leases.acquire(batchId);
    if (!lease.owned) {
      this.follow(batchId);
      return;
    }
    const state = jobs.state(batchId);
    if (state !== 'running') {
      // Owned, with nothing to send: settle a stop the last owner did not finish, then give the job back.
      live.running = settleStop(this.deps, batchId, state).finally(() => {
        live.running = null;
        leases.release(batchId);
        results.changed(batchId, []);
      });
      return;
    }
    let lostLease = false;
    const runner = makeRunner(this.deps, batchId, {
      live,
      // Commands from any process reach the owner through the job's state, read before each claim.
      shouldStop: () => wantsStop(jobs.state(batchId) ?? 'running'),
    });
    const heartbeat = setInterval(
      () => {
        if (!leases.renew(batchId)) {
          lostLease = true;
          runner.halt('stopped');
        } else if (wantsStop(jobs.state(batchId) ?? 'running')) runner.halt('pause');
      },
      Math.max(250, Math.floor(leases.ttlMs / 3)),
    );
    heartbeat.unref?.();
    live.runner = runner;
    live.runStartedAt = this.deps.now();
    live.bytesSent = 0;
    live.itemsSent = 0;
    live.running = runner
      .run()
      .then(
        async () => (lostLease ? 'lost' : await this.afterRun(batchId, runner)),
        (error: unknown) => {
          this.deps.logger?.log('error', 'batch: the sender stopped on an unexpected error', { batchId, error: String(error) });
          repo.setBatchState(batchId, 'paused', { stoppedBy: { kind: 'Internal', code: 'internal', message: 'Sending stopped on an unexpected error. The details are in the log.' } });
          jobs.event(batchId, 'stoppedByError');
          return 'settled' as const;
        },
      )
      .then((next) => {
        clearInterval(heartbeat);
        live.runner = null;
        live.running = null;
        if (next === 'lost') this.deps.logger?.log('warn', 'batch: another process took this batch over (this one stalled past its lease)', { batchId });
        else if (next === 'again') this.startRunner(batchId);
        else leases.release(batchId);
        results.changed(batchId, []);
      });
  }

  /** After a run: the job's state says what was asked for meanwhile; 'again' when there is more to send. */
  private async afterRun(batchId: string, runner: BatchRunner): Promise<'again' | 'settled'> {
    const { repo, jobs } = this.deps;
    if (this.closed) return 'settled'; // the state stays `sending`: the next start (or another process) goes on
    const state = jobs.state(batchId);
    if (state === 'pausing' || state === 'cancelling') {
      await settleStop(this.deps, batchId, state, runner);
      return 'settled';
    }
    if (state !== 'running') return 'settled'; // paused by itself (onStopped)
    const left = repo.itemsIn(batchId, ['ready', 'uncertain']);
    if (left.length === 0) {
      repo.transaction(() => {
        repo.setBatchState(batchId, 'done', { finishedAt: true });
        jobs.event(batchId, 'drained');
      });
      await this.deps.planning.releaseUploads(repo.items(batchId).map((item) => item.path));
      return 'settled';
    }
    // Resumed while it was pausing, or rows to retry came in: run again (the lease is kept).
    return 'again';
  }

  /** Another process owns the batch: show its progress here and take over if its lease expires. */
  private follow(batchId: string): void {
    const live = this.deps.live.of(batchId);
    if (live.following || this.closed) return;
    const { promise, stop } = followBatch({
      batchId,
      repo: this.deps.repo,
      leases: this.deps.leases,
      changed: (ids) => this.deps.results.changed(batchId, ids),
      takeOver: () => {
        this.startRunner(batchId);
        return live.running !== null;
      },
    });
    live.stopFollowing = stop;
    live.following = promise.finally(() => {
      live.following = null;
      live.stopFollowing = null;
    });
  }
}
