import type { InboxItem } from '../../../../shared';

/** What the feed knows of a document: its title and who its signers are (from the mirror). */
export interface FeedDocument {
  title: string;
  /** Signature id → who signs (the name the clerk gave, else the tax-ID record's, else e-mail, else phone). */
  signers: Record<string, string>;
}

export type FeedFilter = 'all' | 'signed' | 'rejected' | 'completed' | 'cancelled' | 'problems';
export const feedFilters: readonly FeedFilter[] = ['all', 'signed', 'rejected', 'completed', 'cancelled', 'problems'];

/** One line of the feed: which sentence, with what, and which filter it belongs to. */
export interface FeedEntry {
  id: number;
  at: string;
  kind: Exclude<FeedFilter, 'all'> | 'status' | 'other';
  /** Catalog key under `activity.feed.sentences`. */
  sentence: 'signed' | 'rejected' | 'completed' | 'cancelled' | 'status' | 'other' | 'failed';
  title: string | null;
  who: string | null;
  status: string | null;
  code: string;
}

function field(raw: string, name: string): string | null {
  try {
    const value = (JSON.parse(raw) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** A notification in a clerk's terms. */
export function feedEntry(item: InboxItem, doc: FeedDocument | null | undefined): FeedEntry {
  const title = doc?.title ?? null;
  const who = item.signatureId ? (doc?.signers[item.signatureId] ?? null) : null;
  const base = { id: item.id, at: item.receivedAt, title, who, status: null, code: item.kind };
  if (item.state === 'failed') return { ...base, kind: 'problems', sentence: 'failed' };
  if (item.kind === 'DS') return { ...base, kind: 'signed', sentence: 'signed' };
  if (item.kind === 'SD') return { ...base, kind: 'rejected', sentence: 'rejected' };
  if (item.kind === 'DC') {
    const status = field(item.raw, 'new_status');
    if (status === 'CO') return { ...base, kind: 'completed', sentence: 'completed' };
    if (status === 'CA') return { ...base, kind: 'cancelled', sentence: 'cancelled' };
    return { ...base, kind: 'status', sentence: 'status', status };
  }
  return { ...base, kind: 'other', sentence: 'other' };
}

/** Local calendar day of an ISO time ("2026-11-25"), for grouping. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
