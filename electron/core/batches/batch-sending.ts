import { AppError } from '../../../shared/contract/errors';
import { alreadySentCode, type BatchSummary } from '../../../shared/domain/batches';
import type { JobEngine } from '../jobs/job-engine';
import type { JobCommand, JobState } from '../jobs/state-machine';
import type { Logger } from '../logging/logger';
import type { BatchItemStore } from './batch-item-store';
import type { LiveBatches } from './batch-live';
import type { BatchPlanning } from './batch-planning';
import { notDraft } from './batch-planning';
import type { BatchRepo } from './batch-repo';
import { problemError, sendableNow, type BatchResults } from './batch-results';
import type { SendSharing, SharedRowInput } from './send-sharing';

export interface SendingDeps {
  repo: BatchRepo;
  store: BatchItemStore;
  engine: JobEngine;
  live: LiveBatches;
  results: BatchResults;
  planning: BatchPlanning;
  /** In a team: the rows' files copied to the team store, so another computer may carry the batch on. */
  sharing?: SendSharing;
  logger?: Logger;
}

/**
 * The Send page's controls. Before it is queued a batch is the planning's (its files are checked);
 * queueing hands it to its job of the `send` kind (same id) in the transaction that makes its clean
 * rows ready. From then on pause, resume, cancel and Retry failed are the engine's commands, the same
 * ones `jobs pause|resume|cancel|retry` give, and the engine runs, follows or takes the batch over.
 */
export class BatchSending {
  private closed = false;
  /** Batches whose job this process runs or follows until it settles (so their events reach this process's windows). */
  private readonly watching = new Set<string>();

  constructor(private readonly deps: SendingDeps) {}

  /** Queues the clean rows and starts sending; rows still being checked are waited for (state `checking`). */
  send(batchId: string, concurrency?: number): BatchSummary {
    const { repo, results } = this.deps;
    const row = results.row(batchId);
    if (row.state !== 'draft' && row.state !== 'checking') throw notDraft();
    const items = results.itemsOf(row.id);
    const unchecked = items.some((item) => item.state === 'draft' && !item.excluded && !item.checked);
    if (!unchecked && !items.some(sendableNow)) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'batch.nothingToSend',
        message: 'There is nothing to send: add PDFs and say who signs each, or fix the rows marked with a problem.',
      });
    }
    repo.setBatchState(row.id, 'checking', { ...(concurrency ? { concurrency } : {}) });
    if (unchecked) this.checkThenQueue(row.id);
    else this.queue(row.id);
    return results.summary(row.id);
  }

  pause(batchId: string): BatchSummary {
    const row = this.deps.results.row(batchId);
    // Not queued yet: the batch is a draft again (the queueing after the checks sees it and stops).
    if (row.state === 'checking') this.deps.repo.setBatchState(row.id, 'draft');
    else this.command(row.id, 'pause');
    return this.changed(row.id);
  }

  /** Continues a paused batch, or one interrupted by a crash; while still pausing, it simply goes on. */
  resume(batchId: string): BatchSummary {
    const row = this.deps.results.row(batchId);
    if (row.state === 'checking') this.checkThenQueue(row.id);
    else {
      this.command(row.id, 'resume');
      this.watch(row.id);
    }
    return this.changed(row.id);
  }

  /** The Send page's Stop, and `jobs cancel` of a send job: the engine's cancel (rows in doubt looked up once more). */
  cancel(batchId: string): BatchSummary {
    const { repo, store, results } = this.deps;
    const row = results.row(batchId);
    if (row.state === 'draft' || row.state === 'checking') {
      repo.transaction(() => {
        store.cancelPending(row.id);
        repo.setBatchState(row.id, 'cancelled', { finishedAt: true });
      });
      void this.ended(row.id);
    } else this.command(row.id, 'cancel');
    return this.changed(row.id);
  }

  retryFailed(batchId: string): BatchSummary {
    const row = this.deps.results.row(batchId);
    if (row.state !== 'cancelled' && row.state !== 'draft' && row.state !== 'checking') {
      this.command(row.id, 'retryFailed');
      this.watch(row.id);
    }
    return this.changed(row.id);
  }

  /** Resolves when the batch settles here: its checks and queueing, then its job (run, followed or taken over). */
  async whenSettled(batchId: string): Promise<void> {
    for (;;) {
      const live = this.deps.live.get(batchId);
      const waiting = live?.checking ?? live?.queueing;
      if (!waiting) break;
      await waiting;
    }
    if (!this.closed && this.deps.engine.jobs.get(batchId) && this.deps.repo.batch(batchId)?.state !== 'cancelled')
      await this.deps.engine.whenSettled(batchId);
  }

  /** Batches of this host whose files were being checked when it stopped: checked again, then queued. (Queued ones are their jobs': the engine resumes them.) */
  resumeInterrupted(source: 'app' | 'cli'): string[] {
    const resumed: string[] = [];
    for (const row of this.deps.repo.interrupted()) {
      if (row.source !== source) continue;
      this.checkThenQueue(row.id);
      resumed.push(row.id);
    }
    return resumed;
  }

  /** Queueing stops; the engine closes the jobs it runs. */
  close(): void {
    this.closed = true;
  }

  /** Uploaded copies no row can still send go once the batch is done or cancelled. */
  async ended(batchId: string): Promise<void> {
    const { repo, planning, sharing } = this.deps;
    await planning.releaseUploads(repo.items(batchId).map((item) => item.path));
    await sharing
      ?.drop(batchId)
      .catch((error: unknown) =>
        this.deps.logger?.log('warn', 'batch: its files in the team store could not be let go', { batchId, error: String(error) }),
      );
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private changed(batchId: string): BatchSummary {
    this.deps.results.changed(batchId, []);
    return this.deps.results.summary(batchId);
  }

  /** An engine command on the batch's job; a batch queued before sending ran on the engine gets its job first. */
  private command(batchId: string, command: JobCommand): void {
    const { engine, results } = this.deps;
    if (!engine.jobs.get(batchId)) {
      const row = results.row(batchId);
      const states: Partial<Record<string, JobState>> = { sending: 'running', paused: 'paused', done: 'finished', cancelled: 'cancelled' };
      const state = states[row.state];
      if (!state) return;
      engine.jobs.create({ id: row.id, kind: 'send', accountId: row.accountId, state, concurrency: row.concurrency });
    }
    engine.command(batchId, command);
  }

  private checkThenQueue(batchId: string): void {
    const { planning, live: lives, logger } = this.deps;
    planning.startChecks(batchId);
    const live = lives.of(batchId);
    if (live.queueing) return;
    live.queueing = planning
      .whenChecked(batchId)
      .then(() => this.queue(batchId))
      .catch((error: unknown) => logger?.log('error', 'batch: could not queue the checked rows', { batchId, error: String(error) }))
      .finally(() => {
        live.queueing = null;
      });
  }

  /** Clean rows become ready, the others fail with their problem, and the batch's job is written: one transaction. Then the engine starts it. */
  private queue(batchId: string): void {
    const { repo, engine, results } = this.deps;
    if (this.closed) return;
    // Checking 50 MB files leaves the idle check workers holding a lot of memory: sending wants it.
    this.deps.planning.releaseIdleWorkers();
    const items = results.itemsOf(batchId);
    const queued = repo.transaction(() => {
      // Another process may have queued it meanwhile (or it was paused back to a draft): only one queues it.
      const row = repo.batch(batchId);
      if (row?.state !== 'checking') return false;
      const states = new Map<string, 'pending' | 'failed' | 'skipped'>();
      for (const item of items) {
        states.set(item.id, 'skipped');
        if (item.state !== 'draft' || item.excluded) continue;
        // Already sent from this account (and not chosen to send again): left out, still a draft, not failed.
        if (item.problems.some((problem) => problem.code === alreadySentCode)) continue;
        const sendable = sendableNow(item);
        states.set(item.id, sendable ? 'pending' : 'failed');
        if (sendable) repo.setState(item.id, 'ready', { error: null });
        else repo.setState(item.id, 'failed', { error: problemError(item.problems[0]) });
      }
      repo.setBatchState(batchId, 'sending', { startedAt: true, stoppedBy: null });
      // In a team the job is the team's, with a copy of each row's inputs (another computer may carry it on).
      engine.writeOwn({ id: batchId, kind: 'send', accountId: row.accountId, state: 'queued', concurrency: row.concurrency }, () =>
        items.map((item) => ({
          subject: item.id,
          seq: item.position,
          state: states.get(item.id) ?? 'skipped',
          input: { ...shared(item) },
        })),
      );
      return true;
    });
    if (queued) {
      results.changed(
        batchId,
        items.map((item) => item.id),
      );
      if (this.deps.sharing && engine.isTeamJob(batchId))
        this.deps.sharing.share(
          batchId,
          items.filter((item) => item.state === 'draft' && !item.excluded).map((item) => ({ seq: item.position, path: item.path })),
        );
    }
    engine.start(batchId);
    this.watch(batchId);
  }

  /** Runs the batch's job here, or follows the process that runs it (taking it over if that one stops), until it settles. */
  private watch(batchId: string): void {
    if (this.closed || this.watching.has(batchId) || !this.deps.engine.jobs.get(batchId)) return;
    this.watching.add(batchId);
    this.deps.engine
      .whenSettled(batchId)
      .catch((error: unknown) => this.deps.logger?.log('error', 'batch: could not follow the batch', { batchId, error: String(error) }))
      .finally(() => this.watching.delete(batchId));
  }
}

/** A row's inputs as the team's copy of its item carries them. */
function shared(item: {
  id: string;
  fileName: string;
  title: string;
  signers: SharedRowInput['signers'];
  sha256: string | null;
  size: number | null;
  pages: number | null;
  sendAgain?: boolean | undefined;
}): SharedRowInput {
  return {
    rowId: item.id,
    fileName: item.fileName,
    title: item.title,
    signers: item.signers,
    sha256: item.sha256,
    size: item.size,
    pages: item.pages,
    sendAgain: item.sendAgain === true,
  };
}
