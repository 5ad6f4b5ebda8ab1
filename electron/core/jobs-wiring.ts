import type { JobEngine } from './jobs/job-engine';
import type { MirrorPort, Subsystem } from './ports';

type JobOperations = 'jobs.list' | 'jobs.get' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retryFailed';

/** What the `jobs.*` operations are given by the composition root. */
interface JobsPorts {
  /** The core's one job engine (created by the root; every kind is registered on it). */
  engine: JobEngine;
  mirror: Pick<MirrorPort, 'requireSelected'>;
  /** How often to look for jobs another process left (default 15 s). */
  orphanLookMs?: number;
}

/**
 * The job engine as the contract sees it: its `jobs.*` handlers; in the background, the jobs a stopped
 * process left are taken up, at start and in one cheap look every 15 s (a lease that expired).
 */
export function createJobs(ports: JobsPorts): Subsystem<JobOperations> {
  const { engine } = ports;
  let orphanTimer: ReturnType<typeof setInterval> | null = null;
  const titles = (jobId: string) => {
    const input = engine.get(jobId).input as { titles?: Record<string, string> };
    return (subject: string) => input.titles?.[subject] ?? null;
  };
  return {
    start: () => {
      engine.resumeInterrupted();
      orphanTimer ??= setInterval(() => engine.resumeInterrupted(), ports.orphanLookMs ?? 15_000);
      orphanTimer.unref?.();
    },
    // The engine itself is the root's: it closes it once the sends have stopped.
    close: () => {
      if (orphanTimer) clearInterval(orphanTimer);
      orphanTimer = null;
    },
    handlers: {
      'jobs.list': ({ limit }) => engine.list(ports.mirror.requireSelected(), limit),
      'jobs.get': ({ jobId }) => ({ job: engine.get(jobId), items: engine.itemViews(jobId, titles(jobId)) }),
      'jobs.pause': ({ jobId }) => engine.command(jobId, 'pause'),
      'jobs.resume': ({ jobId }) => engine.command(jobId, 'resume'),
      'jobs.cancel': ({ jobId }) => engine.command(jobId, 'cancel'),
      'jobs.retryFailed': ({ jobId }) => engine.command(jobId, 'retryFailed'),
    },
  };
}
