import type { AppErrorShape } from '../../../shared/contract/errors';

const itemStates = ['pending', 'running', 'uncertain', 'done', 'skipped', 'failed', 'cancelled'] as const;
export type ItemState = (typeof itemStates)[number];

/** One item of a job, as the runner sees it (whatever table holds it). */
export interface JobItem {
  jobId: string;
  seq: number;
  /** What the item acts on: a document or signature id, a batch row. */
  subject: string;
  input: Record<string, unknown>;
  state: ItemState;
  attempts: number;
  outcome: Record<string, unknown> | null;
  error: AppErrorShape | null;
  bytes: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** What settling an item writes besides its state; a field left out is kept as it is. */
export interface SettleFields {
  outcome?: Record<string, unknown> | null;
  error?: AppErrorShape | null;
  bytes?: number;
}

/**
 * Where a job's items live. `job_items` backs every kind by default (JobItemsRepo); a kind whose items
 * are rows of its own table (sending: `batch_items`) brings a store over them. Every write is one
 * statement or one IMMEDIATE transaction, so what the store says is on disk before the request it
 * describes goes out.
 */
export interface ItemStore<I extends JobItem = JobItem> {
  /** `work` in one IMMEDIATE transaction (nested ones, such as the journal's, become savepoints). */
  transaction<T>(work: () => T): T;
  items(jobId: string): I[];
  inState(jobId: string, states: readonly ItemState[]): I[];
  counts(jobId: string): Record<ItemState, number> & { bytes: number };
  /** Takes the next pending item (state `running`, one more attempt) in one IMMEDIATE transaction. */
  claimNext(jobId: string): I | undefined;
  settle(jobId: string, seq: number, state: ItemState, fields?: SettleFields): void;
  /** Failed items that may be tried again back to pending (Retry failed); answers how many. */
  retryFailed(jobId: string): number;
  /** A cancelled job's items that will never run. */
  cancelPending(jobId: string): number;
  /** Whether this store holds the job's items (a kind's own store lacks a job another computer started, until it is adopted). */
  has?(jobId: string): boolean;
  /** A team job another process or computer runs: what its copy of the items says was settled, written into these rows. */
  follow?(jobId: string, copy: readonly JobItem[]): void;
}

/** An item as a new job writes it; `seq` when the kind numbers its items itself (a batch's row positions). */
export interface NewItem {
  subject: string;
  seq?: number;
  input?: Record<string, unknown>;
  state?: ItemState;
  outcome?: Record<string, unknown>;
}

export function emptyCounts(): Record<ItemState, number> {
  return Object.fromEntries(itemStates.map((state) => [state, 0])) as Record<ItemState, number>;
}
