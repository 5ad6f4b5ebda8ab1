import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxPage } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import type { FeedDocument } from './feed-entry';
import { INBOX_REFRESH_MS } from './use-inbox';

const FEED_PAGE = 100;

/**
 * The newest notifications of the account with what the mirror says of their documents (title,
 * signers), re-read (throttled) on every `inbox.changed`. "Show older" reads a longer list.
 */
export function useFeed(accountId: string) {
  const client = useClient();
  const [limit, setLimit] = useState(FEED_PAGE);
  const [page, setPage] = useState<InboxPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [documents, setDocuments] = useState<ReadonlyMap<string, FeedDocument | null>>(new Map());
  const known = useRef(new Map<string, FeedDocument | null>());
  /** When a document was last not found in the mirror: asked again at most every 30 s. */
  const missedAt = useRef(new Map<string, number>());

  const load = useCallback(async () => {
    try {
      const next = await client.call('inbox.list', { limit, offset: 0 });
      // Titles first, then the list, so lines never show without them.
      const wanted = [...new Set(next.items.map((item) => item.documentId).filter((id): id is string => id !== null))];
      const now = Date.now();
      const missing = wanted.filter((id) => !known.current.get(id) && now - (missedAt.current.get(id) ?? -Infinity) > 30_000);
      await Promise.all(
        missing.map(async (documentId) => {
          try {
            const doc = await client.call('documents.get', { documentId });
            known.current.set(documentId, { title: doc.title, signers: Object.fromEntries(doc.signatures.map((s) => [s.id, s.localName?.trim() || s.displayName])) });
          } catch {
            known.current.set(documentId, null);
            missedAt.current.set(documentId, now);
          }
        }),
      );
      setDocuments(new Map(known.current));
      setPage(next);
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [client, limit]);

  useEffect(() => {
    known.current = new Map();
    missedAt.current = new Map();
  }, [accountId]);

  useEffect(() => {
    void load();
    const refresh = throttle(() => void load(), INBOX_REFRESH_MS);
    const offInbox = client.subscribe('inbox.changed', () => refresh.call());
    return () => {
      offInbox();
      refresh.cancel();
    };
  }, [client, load]);

  return {
    page,
    documents,
    error,
    reload: load,
    more: page !== null && page.total > page.items.length,
    showOlder: () => setLimit((before) => Math.min(before + FEED_PAGE, 500)),
  };
}

export type Feed = ReturnType<typeof useFeed>;
