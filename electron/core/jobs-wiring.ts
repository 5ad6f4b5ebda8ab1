import type { Db } from './db/database';
import { watchForeignWrites } from './jobs/foreign-writes';
import type { JobEngine } from './jobs/job-engine';
import type { MirrorPort, Subsystem } from './ports';

type JobOperations = 'jobs.list' | 'jobs.get' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retryFailed';

/** What the `jobs.*` operations are given by the composition root. */
interface JobsPorts {
  /** The core's one job engine (created by the root; every kind is registered on it). */
  engine: JobEngine;
  mirror: Pick<MirrorPort, 'requireSelected'>;
  db: Db;
  /** The folder of the database, watched for other processes' writes. */
  dataFolder: string;
}

/**
 * The job engine as the contract sees it: its `jobs.*` handlers; in the background, the jobs a stopped
 * process left are taken up: at start, when another process writes to the database (a CLI run that
 * started a job: see foreign-writes.ts), and when a lease another process holds runs out (one timer, for
 * the first). No job of another process, no timer: an idle app never looks.
 */
export function createJobs(ports: JobsPorts): Subsystem<JobOperations> {
  const { engine } = ports;
  let expiryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopWatching: (() => void) | null = null;
  const look = () => {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = null;
    engine.resumeInterrupted();
    const at = engine.nextForeignExpiry();
    if (at === null) return;
    // A little after the expiry: the holder's last heartbeat may land on its edge.
    expiryTimer = setTimeout(look, Math.min(Math.max(0, at - Date.now()) + 100, 2 ** 31 - 1));
    expiryTimer.unref?.();
  };
  const titles = (jobId: string) => {
    const input = engine.get(jobId).input as { titles?: Record<string, string> };
    return (subject: string) => input.titles?.[subject] ?? null;
  };
  return {
    start: () => {
      look();
      stopWatching ??= watchForeignWrites(ports.db, ports.dataFolder, look);
    },
    // The engine itself is the root's: it closes it once the sends have stopped.
    close: () => {
      stopWatching?.();
      stopWatching = null;
      if (expiryTimer) clearTimeout(expiryTimer);
      expiryTimer = null;
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
