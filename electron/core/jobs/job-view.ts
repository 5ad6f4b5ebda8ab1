import { isActiveJobState, type JobView } from '../../../shared/domain/jobs';
import type { ItemState } from './item-store';
import type { JobStorage } from './job-storage';
import type { JobRow } from './jobs-repo';

/** What the engine knows of a run in this process, for the time left. */
export interface RunPace {
  running: boolean;
  startedAt: number;
  doneAtStart: number;
}

/**
 * A job as the contract shows it (`jobs.get`, `jobs.list`, `jobs.changed`): its counts by state, the time
 * left while it runs here, the rate limit's pause, who runs it (this process, another, another computer)
 * or that its owner went away, who started it, and why it stopped.
 */
export function jobView(
  job: JobRow,
  storage: JobStorage,
  counts: Record<ItemState, number> & { bytes: number },
  pace: RunPace | undefined,
  pausedUntil: number,
  now: number,
  holder: ReturnType<JobStorage['leases']['holder']>,
): JobView {
  const { jobs, leases, where } = storage;
  const { bytes, ...byState } = counts;
  const total = Object.values(byState).reduce((sum, n) => sum + n, 0);
  const left = byState.pending + byState.running + byState.uncertain;
  let secondsLeft: number | null = null;
  if (pace?.running && left > 0) {
    const elapsed = (now - pace.startedAt) / 1000;
    const done = byState.done + byState.failed + byState.skipped - pace.doneAtStart;
    if (elapsed >= 1 && done > 0) secondsLeft = Math.ceil(left / (done / elapsed));
  }
  const gone = holder || !isActiveJobState(job.state) ? null : leases.lastHolder(job.id);
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
      rateLimitedUntil: pausedUntil > now ? new Date(pausedUntil).toISOString() : null,
    },
    owner: holder ? { pid: holder.pid, host: holder.host, self: holder.self, member: holder.member } : null,
    ownerGone: gone ? { host: gone.host, member: gone.member, since: new Date(gone.expiresAt).toISOString() } : null,
    startedBy: job.startedBy ?? null,
    shared: where === 'team',
    stoppedBy: jobs.stoppedBy(job.id),
  };
}
