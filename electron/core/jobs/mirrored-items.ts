import type { ItemStore, JobItem } from './item-store';

/**
 * A kind's own rows of a job the team holds (a batch's send): read here, every settlement written on to
 * the team's copy of the items too, in the same transaction as this folder's (a copy the team store
 * refuses rolls the row back, as a refused journal entry does). Other computers count the job from the
 * copy, and one carrying the job on starts from it; what was in flight is read from the claims.
 */
export function mirroredItems<I extends JobItem>(own: ItemStore<I>, copy: ItemStore): ItemStore<I> {
  return {
    transaction: (work) => own.transaction(work),
    items: (jobId) => own.items(jobId),
    inState: (jobId, states) => own.inState(jobId, states),
    counts: (jobId) => own.counts(jobId),
    has: (jobId) => own.has?.(jobId) ?? true,
    claimNext: (jobId) => own.claimNext(jobId),
    settle: (jobId, seq, state, fields) => {
      own.settle(jobId, seq, state, fields);
      copy.settle(jobId, seq, state, fields);
    },
    retryFailed: (jobId) => {
      const n = own.retryFailed(jobId);
      if (n > 0) copy.retryFailed(jobId);
      return n;
    },
    cancelPending: (jobId) => {
      const n = own.cancelPending(jobId);
      copy.cancelPending(jobId);
      return n;
    },
  };
}
