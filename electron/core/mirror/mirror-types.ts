import type { Document, DocumentOrigin } from '../../../shared/domain/documents';

/** A document as the mirror holds it: the service's snapshot plus when it was read. */
export type MirrorDocument = Document & {
  accountId: string;
  /** When the snapshot was read from the service (ISO 8601, from the read stamp). */
  readAt: string;
  /** When SignDock last saw a status change (document or signature), else the creation time. */
  changedAt: string | null;
  /** The batch and dropped file, when SignDock sent it. */
  origin: DocumentOrigin | null;
};

export const mirrorSortKeys = ['created', 'title', 'status', 'progress', 'changed', 'batch'] as const;
export type DocumentSortKey = (typeof mirrorSortKeys)[number];
export type SortDirection = 'asc' | 'desc';

/** Which documents of an account (all fields narrow). */
export interface MirrorFilter {
  /** Only documents in one of these statuses; empty or left out: every status. */
  statuses?: readonly string[];
  /** Words typed by the user: each word is a prefix of a word of the title or of a signer (all must match). */
  search?: string;
  /** Only documents with a signature in each of these statuses. */
  signerStatuses?: readonly string[];
  /** Only documents SignDock sent in this batch. */
  batchId?: string;
  /** Creation time (ms): from, inclusive; to, exclusive. */
  createdFrom?: number;
  createdTo?: number;
}

export interface MirrorQuery extends MirrorFilter {
  accountId: string;
  /** Default: newest first. Ties are broken by the local key, so pages never overlap. */
  sort?: { key: DocumentSortKey; direction: SortDirection };
  limit: number;
  /** Rows to skip (the CLI's pages); the app pages with cursors instead. */
  offset?: number;
  /** The page after the row this cursor names (from `MirrorPage.last`), or before (`first`). */
  after?: string;
  before?: string;
}

export interface MirrorPage {
  documents: MirrorDocument[];
  /** How many documents match the filter and the search (all pages). */
  total: number;
  /** Counts by status of what the filter leaves, the status filter itself left out. */
  counts: StatusCounts;
  /** Cursors of the first and last rows (null on an empty page), and whether more lie beyond them. */
  first: string | null;
  last: string | null;
  hasBefore: boolean;
  hasAfter: boolean;
}

export interface StatusCounts {
  /** Documents per status code (unknown codes included, as sent). */
  byStatus: Record<string, number>;
  total: number;
}

/** The stamp of the snapshot a mirror row holds: the reconciler compares it with each new read. */
export interface StoredStamp {
  docKey: number;
  readAt: number;
  remoteUpdated: string;
  status: string;
}

/** What applying one snapshot did. */
export type ApplyOutcome = 'inserted' | 'updated' | 'unchanged' | 'stale';

export interface AppliedDocument {
  documentId: string;
  outcome: ApplyOutcome;
  /** The status the mirror holds after applying (the newer snapshot's, when this one was stale). */
  status: string;
  /** Creation time in ms, when the service gave a readable one. */
  createdMs: number | null;
}
