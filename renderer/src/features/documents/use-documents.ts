import { useEffect, useState } from 'react';
import type { DocumentQuery } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { usePagedQuery } from '../../lib/use-paged-query';

export const DOCUMENTS_PAGE_SIZE = 50;
/** Changes arriving in a burst (a full sync, a batch being sent) re-read the page at most twice a second. */
const DOCUMENTS_REFRESH_MS = 500;
/** Typing pauses this long before the search is asked for. */
const SEARCH_DELAY_MS = 250;

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
 * pause), sorted. `documents.changed` of this account re-reads the page, throttled.
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
  useRefreshOnChange(accountId, reload);

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

/** Calls `reload` (at most twice a second) when the account's documents change. */
function useRefreshOnChange(accountId: string, reload: () => void) {
  const client = useClient();
  useEffect(() => {
    const refresh = throttle(reload, DOCUMENTS_REFRESH_MS);
    const off = client.subscribe('documents.changed', (change) => {
      if (change.accountId === accountId) refresh.call();
    });
    return () => {
      off();
      refresh.cancel();
    };
  }, [client, reload, accountId]);
}
