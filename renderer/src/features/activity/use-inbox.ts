import { useEffect, useState } from 'react';
import type { InboxItem } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { useLiveQuery } from '../../lib/use-live-query';

export const INBOX_PAGE_SIZE = 50;
/** A burst of notifications refreshes the counts and the page at most twice a second. */
export const INBOX_REFRESH_MS = 500;

export type InboxFilter = InboxItem['state'] | 'all';

/**
 * One page of the account's notifications with the counts. `inbox.changed` (sent for every
 * notification stored or processed) triggers a throttled re-read of the page being looked at.
 */
export function useInbox(accountId: string) {
  const client = useClient();
  const [filter, setFilterState] = useState<InboxFilter>('all');
  const [offset, setOffset] = useState(0);
  const key = `inbox|${accountId}|${filter}|${offset}`;
  const query = useLiveQuery(key, () =>
    client.call('inbox.list', { ...(filter === 'all' ? {} : { state: filter }), limit: INBOX_PAGE_SIZE, offset }),
  );
  const { reload } = query;

  useEffect(() => {
    const refresh = throttle(reload, INBOX_REFRESH_MS);
    const off = client.subscribe('inbox.changed', () => refresh.call());
    return () => {
      off();
      refresh.cancel();
    };
  }, [client, reload]);

  // What to show while another page or filter loads: the last page of this account, not a blank.
  const sameAccount = query.last?.key.startsWith(`inbox|${accountId}|`) ?? false;
  const page = query.data ?? (sameAccount ? (query.last?.data ?? null) : null);

  // Rows can leave a filtered view (waiting → processed): past the end, step back to the last page.
  const total = query.data?.total;
  if (total !== undefined && offset > 0 && offset >= total) {
    setOffset(Math.max(0, Math.floor((total - 1) / INBOX_PAGE_SIZE) * INBOX_PAGE_SIZE));
  }

  return {
    page,
    /** The page shown is not yet the one asked for (a new page or filter is loading). */
    switching: query.data === null && page !== null,
    loading: query.loading,
    error: query.error,
    reload,
    filter,
    offset,
    setFilter(next: InboxFilter) {
      setFilterState(next);
      setOffset(0);
    },
    setOffset,
  };
}
