import { useEffect, useMemo } from 'react';
import type { OperationOutput } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { useDebounced } from '../../lib/use-debounced';
import { useLiveQuery } from '../../lib/use-live-query';
import { hostFilter, useDocumentsStore } from '../../stores/documents-store';

export const DOCUMENTS_PAGE_SIZE = 50;
/** Changes arriving in a burst (a full sync, a batch being sent) re-read at most twice a second. */
const REFRESH_MS = 500;
/** Typing pauses this long before the search is asked for. */
const SEARCH_DELAY_MS = 250;

export type DocumentsPage = OperationOutput<'documents.query'>;
export type ListedDocument = DocumentsPage['documents'][number];

/**
 * The search as asked for: what is typed, after a pause (an empty box at once). The page shows the
 * previous answer until the new one arrives.
 */
export function useAppliedSearch(): string {
  const typed = useDocumentsStore((store) => store.filter.search.trim());
  return useDebounced(typed, typed === '' ? 0 : SEARCH_DELAY_MS);
}

/** The filter as the host takes it, and a key naming it. */
export function useHostFilter() {
  const filter = useDocumentsStore((store) => store.filter);
  const search = useAppliedSearch();
  return useMemo(() => {
    const value = hostFilter(filter, search);
    return { value, key: JSON.stringify(value), pending: filter.search.trim() !== search };
  }, [filter, search]);
}

/** The table's page of the mirror, re-read when the account's documents change. */
export function useDocumentsQuery(accountId: string) {
  const client = useClient();
  const filter = useHostFilter();
  const sort = useDocumentsStore((store) => store.sort);
  const page = useDocumentsStore((store) => store.page);
  const key = `documents|${accountId}|${filter.key}|${sort.column}|${sort.direction}|${JSON.stringify(page.cursor)}`;
  const query = useLiveQuery(key, () =>
    client.call('documents.query', { filter: filter.value, sort, limit: DOCUMENTS_PAGE_SIZE, ...(page.cursor ?? {}) }),
  );
  useRefreshOnChange(accountId, query.reload);
  const sameList = query.last?.key.startsWith(`documents|${accountId}|`) ?? false;
  const shown = query.data ?? (sameList ? (query.last?.data ?? null) : null);
  return {
    page: shown,
    filter: filter.value,
    /** The rows shown are not yet those asked for (a page or a search on its way). */
    switching: (query.data === null && shown !== null) || filter.pending,
    loading: query.loading,
    error: query.error,
    reload: query.reload,
  };
}

/** Calls `reload` (at most twice a second) when the account's documents change. */
export function useRefreshOnChange(accountId: string, reload: () => void, intervalMs = REFRESH_MS, documentId?: string) {
  const client = useClient();
  useEffect(() => {
    const refresh = throttle(reload, intervalMs);
    const off = client.subscribe('documents.changed', (change) => {
      if (change.accountId === accountId && (documentId === undefined || change.documentIds.includes(documentId))) refresh.call();
    });
    return () => {
      off();
      refresh.cancel();
    };
  }, [client, reload, accountId, intervalMs, documentId]);
}
