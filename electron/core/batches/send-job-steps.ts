import type { AppErrorShape } from '../../../shared/contract/errors';
import type { JobState } from '../jobs/state-machine';
import type { Live } from './batch-live';
import { BatchRunner } from './batch-runner';
import type { SendingDeps } from './batch-sending';

/**
 * The steps of the send job that BatchSending strings together: a runner for one batch (its journal,
 * its stop-by-itself), settling a pause or cancel that nothing is running for, and finishing a cancel.
 */
export function makeRunner(deps: SendingDeps, batchId: string, options: { live?: Live; shouldStop?: () => boolean } = {}): BatchRunner {
  const { repo, jobs, results, journal } = deps;
  const row = results.row(batchId);
  const live = options.live;
  return new BatchRunner({
    repo,
    batchId,
    accountId: row.accountId,
    concurrency: live ? row.concurrency : 1,
    client: () => deps.client(row.accountId),
    limiter: deps.limiter(row.accountId),
    mirror: (document, readAt) => deps.mirror(row.accountId, document, readAt),
    stamp: deps.stamp,
    onItems: (ids) => results.changed(batchId, ids),
    onStopped: (error: AppErrorShape) => {
      if (!live) return;
      repo.setBatchState(batchId, 'paused', { stoppedBy: error });
      jobs.event(batchId, 'stoppedByError');
    },
    ...(live
      ? {
          onSentBytes: (bytes: number) => {
            live.bytesSent += bytes;
            live.itemsSent += 1;
          },
        }
      : {}),
    ...(journal
      ? {
          journal: (item, outcome) =>
            journal.append({
              accountId: row.accountId,
              action: 'send',
              subject: outcome.documentId ?? item.path,
              inputs: { batch: batchId, file: item.fileName, title: item.title, signers: item.signers },
              outcome,
            }),
        }
      : {}),
    ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
    now: deps.now,
  });
}

/** This process owns the job and nothing runs: a stop is settled (rows in flight of a dead owner first looked up). */
export async function settleStop(deps: SendingDeps, batchId: string, state: JobState | null, runner?: BatchRunner): Promise<void> {
  const { repo, jobs } = deps;
  if (state !== 'pausing' && state !== 'cancelling') return;
  if (!runner) repo.itemsIn(batchId, ['sending']).forEach((item) => repo.setState(item.id, 'uncertain'));
  if (state === 'pausing') {
    repo.transaction(() => {
      repo.setBatchState(batchId, 'paused');
      jobs.event(batchId, 'settled');
    });
    return;
  }
  await (runner ?? makeRunner(deps, batchId)).lookUpUncertain();
  finishCancel(deps, batchId);
}

/** Rows not sent become cancelled, and so does the batch (and its job). */
export function finishCancel(deps: SendingDeps, batchId: string): void {
  const { repo, jobs, results } = deps;
  const open = repo.itemsIn(batchId, ['ready', 'draft']).filter((item) => item.state === 'ready' || !item.excluded);
  const error: AppErrorShape = { kind: 'Conflict', code: 'batch.cancelled', message: 'Not sent: the batch was cancelled.' };
  repo.transaction(() => {
    open.forEach((item) => repo.setState(item.id, 'cancelled', { error }));
    repo.setBatchState(batchId, 'cancelled', { finishedAt: true });
    if (jobs.get(batchId)) jobs.set(batchId, 'cancelled');
  });
  results.changed(batchId, open.map((item) => item.id));
  void deps.planning.releaseUploads(repo.items(batchId).map((item) => item.path));
}
