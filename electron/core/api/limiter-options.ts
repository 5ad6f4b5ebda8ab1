import type { Clock } from './clock';
import type { LearntRate } from './learnt-rate';

/** The limiter's settings, and what it tells about a permit, its state and its callers (see `Limiter`). */
export interface LimiterOptions {
  maxConcurrency: number;
  minConcurrency: number;
  initialConcurrency: number;
  /** Ceiling on the average request rate, learned pace included; `Infinity` for none. */
  requestsPerSecond: number;
  /** Requests at once after a pause, until a 429 has been seen (then one: requests are paced evenly). */
  burst: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** The lowest pace learning may set, requests per second. */
  minRequestsPerSecond: number;
}

export const defaultLimiterOptions: LimiterOptions = {
  maxConcurrency: 8,
  minConcurrency: 1,
  initialConcurrency: 4,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  burst: 10,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  minRequestsPerSecond: 0.5,
};

/** How a request that held a permit ended, for the limiter to adapt. */
export type PermitOutcome =
  | { kind: 'success' }
  | { kind: 'throttled'; retryAfterMs: number | null }
  /** Network failure, 5xx, or anything that says nothing about the rate. */
  | { kind: 'neutral' };

export interface Permit {
  /** Call exactly once when the request (body included) is over; later calls are ignored. */
  release(outcome: PermitOutcome): void;
}

export interface LimiterState {
  limit: number;
  inFlight: number;
  queued: number;
  /** Epoch ms before which nothing goes out (0 when open). */
  pausedUntil: number;
  /** Requests per second allowed now (`Infinity` for no pacing). */
  pace: number;
  /** The service's rate as last estimated from its 429s; null before there was enough to go on. */
  learnedRate: number | null;
}

/** `background` requests (the mirror's scheduled re-reads) go only when the account's other requests leave room. */
export type Priority = 'normal' | 'background';

/**
 * A background request goes once no other request was granted for this long (or for two intervals of
 * the pace, when that is longer): a batch being sent keeps every turn of the account's rate.
 */
export const backgroundQuietMs = 1_000;

export interface LimiterDeps {
  clock?: Clock;
  random?: () => number;
  /** The rate this account's service was found to allow before (validated by the caller): paced at from the start. */
  learnt?: LearntRate | null;
  /** Told each time the learnt rate changes (to keep it for the next run). */
  onLearnt?: (learnt: LearntRate) => void;
  /**
   * A pace shared with the other computers of a team (`team/team-rate.ts`): each request first takes
   * its slot there, and the rate is learnt there from every computer's 429s instead of here.
   */
  shared?: SharedPace;
}

/** A request's turn in a pace shared by several computers. */
export interface PaceSlot {
  /** How long to wait before the request goes (the store's slot, less the store's now). */
  waitMs: number;
  /** What names the slot in the shared pace (to read a refusal against the slots before it). */
  ordinal: number;
  slotAt: number;
  /** Taken while the team's requests were waiting on the pace (a refusal then tells of the pace). */
  bound: boolean;
  /** The team's pace now (requests per second; `Infinity` before any), and its learnt rate. */
  pace: number;
  learnt: LearntRate | null;
}

/**
 * No slot for a background request: another computer's requests that are not background went within the
 * quiet time (`backgroundQuietMs`), so the team's turns stay theirs; ask again after `yieldMs`.
 */
export interface PaceYield {
  yieldMs: number;
}

/** The pace of every computer of a team on one account: their requests together keep the service's rate. */
export interface SharedPace {
  /**
   * The next slot; `seed` is what this computer learnt before; a `background` request may be told to yield
   * instead. Rejects (in words) when it cannot be had: the request does not go.
   */
  take(seed: LearntRate | null, priority?: Priority): Promise<PaceSlot | PaceYield>;
  /** The request of `slot` was refused (429): the pause is for everyone, and the rate is read from it. */
  refused(slot: PaceSlot, retryAfterMs: number | null): void;
}
