import type { ActivityEntry, InboxItem } from '../../../../shared';

export type FeedFilter = 'all' | 'signed' | 'rejected' | 'completed' | 'cancelled' | 'problems';
export const feedFilters: readonly FeedFilter[] = ['all', 'signed', 'rejected', 'completed', 'cancelled', 'problems'];

/** One line of the feed: which sentence, with what, which filter it belongs to, and the document it opens. */
export interface FeedEntry {
  id: string;
  at: string;
  kind: Exclude<FeedFilter, 'all'> | 'status' | 'other';
  /** Catalog key under `activity.feed.sentences`. */
  sentence:
    | 'signed'
    | 'rejected'
    | 'invited'
    | 'opened'
    | 'signerCancelled'
    | 'signerReplaced'
    | 'signerStatus'
    | 'completed'
    | 'cancelled'
    | 'status'
    | 'failed';
  documentId: string | null;
  title: string | null;
  who: string | null;
  status: string | null;
}

/** A change the mirror learned (sync, a notification's re-read, SignDock's own action), in a clerk's terms. */
export function changeEntry(change: ActivityEntry): FeedEntry {
  const base = {
    id: `c${change.id}`,
    at: change.at,
    documentId: change.documentId,
    title: change.title || null,
    who: change.signer,
    status: change.to,
  };
  if (change.signatureId === null) {
    if (change.to === 'CO') return { ...base, kind: 'completed', sentence: 'completed' };
    if (change.to === 'CA') return { ...base, kind: 'cancelled', sentence: 'cancelled' };
    return { ...base, kind: 'status', sentence: 'status' };
  }
  // A signer added to a document already known (a replacement): invited.
  if (change.from === null && (change.to === 'IN' || change.to === 'PE')) return { ...base, kind: 'status', sentence: 'invited' };
  if (change.to === 'CO') return { ...base, kind: 'signed', sentence: 'signed' };
  if (change.to === 'DE') return { ...base, kind: 'rejected', sentence: 'rejected' };
  if (change.to === 'PE') return { ...base, kind: 'status', sentence: 'opened' };
  if (change.to === 'CA') return { ...base, kind: 'status', sentence: change.replaced ? 'signerReplaced' : 'signerCancelled' };
  return { ...base, kind: 'status', sentence: 'signerStatus' };
}

/** A notification SignDock could not take in (the only notifications the feed shows: the rest are changes above). */
export function problemEntry(item: InboxItem, title: string | null): FeedEntry {
  return {
    id: `n${item.id}`,
    at: item.receivedAt,
    kind: 'problems',
    sentence: 'failed',
    documentId: item.documentId,
    title,
    who: null,
    status: null,
  };
}

/** Local calendar day of an ISO time ("2026-11-25"), for grouping. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
