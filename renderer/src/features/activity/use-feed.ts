import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActivityEntry, InboxPage } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { changeEntry, problemEntry, type FeedEntry } from './feed-entry';
import { INBOX_REFRESH_MS } from '../../lib/use-tunnel-status';

const FEED_PAGE = 100;

/**
 * What happened: the changes the mirror learned (`documents.activity` — from syncs, notifications and
 * SignDock's own actions alike, so the feed works with notifications off) and the notifications that
 * could not be taken in. Re-read (throttled) on `documents.changed` and `inbox.changed`. "Show older"
 * reads a longer list. One account per use (the page mounts it anew for another account).
 */
export function useFeed() {
  const client = useClient();
  const [limit, setLimit] = useState(FEED_PAGE);
  const [changes, setChanges] = useState<{ items: ActivityEntry[]; total: number } | null>(null);
  const [inbox, setInbox] = useState<InboxPage | null>(null);
  const known = useRef(new Map<string, string | null>());
  const [titlesRead, setTitles] = useState<ReadonlyMap<string, string | null>>(new Map());
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      // The notifications stay readable (the webhook card's "arriving") even when the changes cannot be read.
      let unread: unknown = null;
      const [next, latest] = await Promise.all([
        client.call('documents.activity', { limit }).catch((failure: unknown) => {
          unread = failure;
          return null;
        }),
        client.call('inbox.list', { limit: 25, offset: 0 }),
      ]);

      // Titles of documents a failed notification names that no change names (read from the mirror, once).
      const named = new Set((next?.items ?? []).map((change) => change.documentId));
      const wanted = [
        ...new Set(
          latest.items
            .filter((item) => item.state === 'failed' && item.documentId && !named.has(item.documentId))
            .map((item) => item.documentId as string),
        ),
      ];
      await Promise.all(
        wanted
          .filter((id) => !known.current.has(id))
          .map(async (documentId) => {
            known.current.set(
              documentId,
              await client.call('documents.get', { documentId }).then(
                (doc) => doc.title,
                () => null,
              ),
            );
          }),
      );
      setTitles(new Map(known.current));
      if (next) setChanges(next);
      setInbox(latest);
      setError(unread);
    } catch (failure) {
      setError(failure);
    }
  }, [client, limit]);

  useEffect(() => {
    void load();
    const refresh = throttle(() => void load(), INBOX_REFRESH_MS);
    const offDocuments = client.subscribe('documents.changed', () => refresh.call());
    const offInbox = client.subscribe('inbox.changed', () => refresh.call());
    return () => {
      offDocuments();
      offInbox();
      refresh.cancel();
    };
  }, [client, load]);

  const titles = useMemo(
    () => new Map([...titlesRead, ...(changes?.items ?? []).map((change) => [change.documentId, change.title] as const)]),
    [changes, titlesRead],
  );
  const failed = useMemo(() => (inbox?.items ?? []).filter((item) => item.state === 'failed'), [inbox]);
  const entries: FeedEntry[] | null = useMemo(
    () =>
      changes
        ? [
            ...changes.items.map(changeEntry),
            ...failed.map((item) => problemEntry(item, item.documentId ? (titles.get(item.documentId) ?? null) : null)),
          ]
        : null,
    [changes, failed, titles],
  );

  return {
    entries,
    /** Notifications received, and when the latest came (the webhook card's "are they arriving"). */
    arrivals: inbox ? { received: inbox.stats.received, lastAt: inbox.items[0]?.receivedAt ?? null } : null,
    error,
    reload: load,
    more: changes !== null && changes.total > changes.items.length,
    showOlder: () => setLimit((before) => Math.min(before + FEED_PAGE, 500)),
  };
}

export type Feed = ReturnType<typeof useFeed>;
