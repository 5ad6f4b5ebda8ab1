import type { AppErrorShape } from '../../../shared/contract/errors';
import type {
  Batch,
  BatchItem,
  BatchItemState,
  BatchState,
  ItemProblem,
  SentSignature,
  SkippedInputInfo,
} from '../../../shared/domain/batches';
import type { Signer } from '../../../shared/domain/signers';

/** The send queue's rows: their shapes as the core uses them and as SQLite stores them, and the mapping between. */

export interface BatchRow {
  id: string;
  accountId: string;
  state: BatchState;
  source: 'app' | 'cli';
  concurrency: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  stoppedBy: AppErrorShape | null;
  skipped: SkippedInputInfo[];
  manifestProblems: Batch['manifestProblems'];
}

/** An item as stored: file problems apart from signer problems (those are worked out on reading). */
export interface ItemRow extends Omit<BatchItem, 'problems'> {
  fileProblems: ItemProblem[];
  /** Wall-clock ms just before the last create went out. */
  attemptAt: number | null;
}

export interface NewItem {
  path: string;
  fileName: string;
  title: string;
  signers?: Signer[];
  excluded?: boolean;
  sendAgain?: boolean;
}

/** A file this account already sent: the newest document made from these bytes, and its status in the mirror. */
export interface SentFile {
  documentId: string;
  title: string;
  sentAt: string;
  /** The mirror's status code of the document, null when the mirror does not hold it. */
  status: string | null;
  /** In a team: the member (database login) and computer that sent it. */
  member?: string;
  computer?: string;
}

export interface RawBatch {
  id: string;
  account_id: string;
  state: BatchState;
  source: 'app' | 'cli';
  concurrency: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  stopped_by: string | null;
  skipped: string;
  manifest_problems: string;
  /** The state shown (`shownBatchState`), and the batch's job's stop reason and end (null without a job). */
  shown_state: BatchState;
  job_stopped_by: string | null;
  job_finished_at: number | null;
  has_job: number;
}

/**
 * The state a batch shows, in SQL over `batches b LEFT JOIN jobs j`: while it is prepared (draft,
 * checking) or was cancelled before it was queued, its own column; from the moment it is queued, its
 * `send` job's state (queued and running show as sending, finished as done).
 */
export const shownBatchState = `CASE WHEN j.state IS NULL OR b.state IN ('draft', 'checking', 'cancelled') THEN b.state
  WHEN j.state IN ('queued', 'running') THEN 'sending' WHEN j.state = 'finished' THEN 'done' ELSE j.state END`;

/** A batch row as BatchRow reads it. */
export const batchSelect = `SELECT b.*, ${shownBatchState} AS shown_state, j.stopped_by AS job_stopped_by, j.finished_at AS job_finished_at,
  j.id IS NOT NULL AS has_job FROM batches b LEFT JOIN jobs j ON j.id = b.id`;

export interface RawItem {
  id: string;
  batch_id: string;
  position: number;
  path: string;
  file_name: string;
  title: string;
  size: number | null;
  pages: number | null;
  sha256: string | null;
  checked: number;
  file_problems: string;
  signers: string;
  excluded: number;
  send_again: number;
  state: BatchItemState;
  attempts: number;
  attempt_at: number | null;
  document_id: string | null;
  signatures: string;
  error: string | null;
  recovered: number;
  updated_at: string;
}

const json = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T));

export function toBatch(raw: RawBatch): BatchRow {
  return {
    id: raw.id,
    accountId: raw.account_id,
    state: raw.shown_state,
    source: raw.source,
    concurrency: raw.concurrency,
    createdAt: raw.created_at,
    startedAt: raw.started_at,
    finishedAt: raw.job_finished_at !== null ? new Date(raw.job_finished_at).toISOString() : raw.finished_at,
    stoppedBy: json<AppErrorShape | null>(raw.has_job ? raw.job_stopped_by : raw.stopped_by, null),
    skipped: json(raw.skipped, []),
    manifestProblems: json(raw.manifest_problems, []),
  };
}

export function toItem(raw: RawItem): ItemRow {
  return {
    id: raw.id,
    batchId: raw.batch_id,
    position: raw.position,
    path: raw.path,
    fileName: raw.file_name,
    title: raw.title,
    size: raw.size,
    pages: raw.pages,
    sha256: raw.sha256,
    checked: raw.checked === 1,
    fileProblems: json(raw.file_problems, []),
    signers: json(raw.signers, []),
    excluded: raw.excluded === 1,
    sendAgain: raw.send_again === 1,
    state: raw.state,
    attempts: raw.attempts,
    attemptAt: raw.attempt_at,
    documentId: raw.document_id,
    signatures: json<SentSignature[]>(raw.signatures, []),
    error: json<AppErrorShape | null>(raw.error, null),
    recovered: raw.recovered === 1,
    updatedAt: raw.updated_at,
  };
}

/** Rows of a batch that share a state, exclusion, check and whether a create was tried: how many, and their bytes. */
export interface Tally {
  state: BatchItemState;
  excluded: boolean;
  checked: boolean;
  tried: boolean;
  n: number;
  bytes: number;
}

export interface CheckOutcome {
  size: number | null;
  pages: number | null;
  sha256: string | null;
  problems: ItemProblem[];
}
