import type { Document } from '../../../shared/domain/documents';

/** A document as the mirror holds it: the service's snapshot plus when it was read. */
export type MirrorDocument = Document & {
  accountId: string;
  /** When the snapshot was read from the service (ISO 8601, from the read stamp). */
  readAt: string;
};

export const mirrorSortKeys = ['created', 'title', 'status'] as const;
export type DocumentSortKey = (typeof mirrorSortKeys)[number];
export type SortDirection = 'asc' | 'desc';

export interface MirrorQuery {
  accountId: string;
  /** Only documents in one of these statuses; empty or left out: every status. */
  statuses?: readonly string[];
  /** Words typed by the user: each word is a prefix of a word of the title or of a signer (all must match). */
  search?: string;
  /** Default: newest first. Ties are broken by the local key, so pages never overlap. */
  sort?: { key: DocumentSortKey; direction: SortDirection };
  limit: number;
  offset?: number;
}

export interface MirrorPage {
  documents: MirrorDocument[];
  /** How many documents match the filter and the search (all pages). */
  total: number;
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
