import { useEffect, useState } from 'react';
import type { DocumentQuery } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { usePagedQuery } from '../../lib/use-paged-query';
import { useSyncStatus } from '../activity/use-activity-data';

export const DOCUMENTS_PAGE_SIZE = 50;
/** Changes arriving in a burst (a full sync, a batch being sent) re-read the page at most twice a second. */
export const DOCUMENTS_REFRESH_MS = 500;
/** Typing pauses this long before the search is asked for. */
export const SEARCH_DELAY_MS = 250;

export const documentOrders = ['newest', 'oldest', 'title', 'status'] as const;
export type DocumentOrder = (typeof documentOrders)[number];

const sortOf: Record<DocumentOrder, Pick<DocumentQuery, 'sort' | 'direction'>> = {
  newest: { sort: 'created', direction: 'desc' },
  oldest: { sort: 'created', direction: 'asc' },
  title: { sort: 'title', direction: 'asc' },
  status: { sort: 'status', direction: 'asc' },
};

/** 'all', or one status code. */
export type StatusFilter = string;

/**
 * One page of the mirror's documents: filtered by status, searched (the text typed, asked for after a
 * pause), sorted. `documents.changed` and `sync.changed` of this account re-read the page, throttled.
 */
export function useDocuments(accountId: string) {
  const client = useClient();
  const [status, setStatusState] = useState<StatusFilter>('all');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [order, setOrderState] = useState<DocumentOrder>('newest');
  const list = usePagedQuery(`documents|${accountId}`, `${status}|${search}|${order}`, DOCUMENTS_PAGE_SIZE, (page) =>
    client.call('documents.list', {
      ...(status === 'all' ? {} : { status }),
      ...(search ? { search } : {}),
      ...sortOf[order],
      ...page,
    }),
  );
  const { reload, setOffset } = list;
  useRefreshOn(accountId, reload, ['documents.changed', 'sync.changed']);

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(next);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setOffset]);

  return {
    page: list.page,
    /** The page shown is not yet the one asked for (a page loading, or a search still being typed). */
    switching: list.switching || typed.trim() !== search,
    loading: list.loading,
    error: list.error,
    reload,
    status,
    /** The text in the search box, and the search the page shows. */
    typed,
    search,
    order,
    offset: list.offset,
    setStatus(next: StatusFilter) {
      setStatusState(next);
      setOffset(0);
    },
    setTyped,
    clearSearch() {
      setTyped('');
      setSearch('');
      setOffset(0);
    },
    setOrder(next: DocumentOrder) {
      setOrderState(next);
      setOffset(0);
    },
    setOffset,
  };
}

/**
 * Where the mirror stands (`sync.status`, live on `sync.changed`) with Sync now; the counts by status
 * are also re-read when documents change without a sync (a batch just sent).
 */
export function useMirrorStatus(accountId: string) {
  const sync = useSyncStatus(accountId);
  useRefreshOn(accountId, sync.reload, ['documents.changed']);
  return sync;
}

type AccountEvent = 'documents.changed' | 'sync.changed';

/** Calls `reload` (at most twice a second) when one of `events` concerns the account. */
function useRefreshOn(accountId: string, reload: () => void, events: readonly AccountEvent[]) {
  const client = useClient();
  const names = events.join(' ');
  useEffect(() => {
    const refresh = throttle(reload, DOCUMENTS_REFRESH_MS);
    const offs = (names.split(' ') as AccountEvent[]).map((name) =>
      client.subscribe(name, (change) => {
        if (change.accountId === accountId) refresh.call();
      }),
    );
    return () => {
      for (const off of offs) off();
      refresh.cancel();
    };
  }, [client, reload, accountId, names]);
}
