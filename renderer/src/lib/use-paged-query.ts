import { useState } from 'react';
import { useLiveQuery } from './use-live-query';

/** Where the last page starts, for a list of `total` rows (0 for an empty list). */
export function lastPageOffset(total: number, pageSize: number): number {
  return Math.max(0, Math.floor((total - 1) / pageSize) * pageSize);
}

/**
 * One page of a list the host answers in pages (`limit`, `offset`, and the `total` matching), kept
 * current by `useLiveQuery`. `scope` names the list (e.g. `documents|<account>`): while another page,
 * filter or search of the same scope loads, the last page shown stays (`switching`), never a blank;
 * another scope (another account) starts blank. `filters` names what else the page depends on; the
 * caller sets the offset back to 0 when it changes. Rows can leave a filtered list (pending →
 * completed): past the end, the offset steps back to the last page.
 */
export function usePagedQuery<T extends { total: number }>(
  scope: string,
  filters: string,
  pageSize: number,
  load: (page: { limit: number; offset: number }) => Promise<T>,
) {
  const [offset, setOffset] = useState(0);
  const query = useLiveQuery(`${scope}|${filters}|${offset}`, () => load({ limit: pageSize, offset }));

  const sameScope = query.last?.key.startsWith(`${scope}|`) ?? false;
  const page = query.data ?? (sameScope ? (query.last?.data ?? null) : null);

  const total = query.data?.total;
  if (total !== undefined && offset > 0 && offset >= total) setOffset(lastPageOffset(total, pageSize));

  return {
    page,
    /** The page shown is not yet the one asked for (another page, filter or search is loading). */
    switching: query.data === null && page !== null,
    loading: query.loading,
    error: query.error,
    reload: query.reload,
    offset,
    setOffset,
  };
}
