import type { JobLeases } from '../jobs/leases';
import type { BatchRepo } from './batch-repo';

export interface FollowDeps {
  batchId: string;
  repo: BatchRepo;
  leases: JobLeases;
  /** Rows changed in the database (by the owner): sent on as `batches.changed`. */
  changed: (itemIds: string[]) => void;
  /** The owner's lease expired or its process is gone: try to run the batch here; true when this process does now. */
  takeOver: () => boolean;
  /** Between looks at the database (default 500 ms): a timer, never a busy loop. */
  everyMs?: number;
}

const settledStates = new Set(['draft', 'paused', 'done', 'cancelled']);

/**
 * Follows a batch another process owns: every half second one look at the database passes on the rows
 * the owner changed, and ends when the batch settles (paused, done, cancelled) or when the owner's lease
 * is gone, in which case this process takes the batch over (`takeOver`).
 */
export function followBatch(deps: FollowDeps): { promise: Promise<void>; stop: () => void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let finish: () => void = () => undefined;
  let since = '';
  const promise = new Promise<void>((resolve) => {
    finish = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      resolve();
    };
    const look = () => {
      timer = null;
      if (stopped) return;
      const pulse = deps.repo.pulse(deps.batchId);
      const changed = deps.repo.changedSince(deps.batchId, since);
      since = changed.latest;
      if (changed.ids.length > 0) deps.changed(changed.ids);
      if (!pulse || settledStates.has(pulse.state)) {
        deps.changed([]);
        return finish();
      }
      // Another follower may win the lease first: then this one goes on following the new owner.
      if (deps.leases.holder(deps.batchId) === null && pulse.state === 'sending' && deps.takeOver()) return finish();
      timer = setTimeout(look, deps.everyMs ?? 500);
    };
    look();
  });
  return { promise, stop: () => finish() };
}
