import { useState } from 'react';
import type { InboxItem } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useInboxRefresh } from '../../lib/use-tunnel-status';
import { usePagedQuery } from '../../lib/use-paged-query';

export const INBOX_PAGE_SIZE = 50;

export type InboxFilter = InboxItem['state'] | 'all';

/**
 * One page of the account's notifications with the counts. `inbox.changed` (sent for every
 * notification stored or processed) triggers a throttled re-read of the page being looked at.
 */
export function useInbox(accountId: string) {
  const client = useClient();
  const [filter, setFilterState] = useState<InboxFilter>('all');
  const list = usePagedQuery(`inbox|${accountId}`, filter, INBOX_PAGE_SIZE, (page) =>
    client.call('inbox.list', { ...(filter === 'all' ? {} : { state: filter }), ...page }),
  );
  const { reload, setOffset } = list;
  useInboxRefresh(reload);

  return {
    page: list.page,
    /** The page shown is not yet the one asked for (a new page or filter is loading). */
    switching: list.switching,
    loading: list.loading,
    error: list.error,
    reload,
    filter,
    offset: list.offset,
    setFilter(next: InboxFilter) {
      setFilterState(next);
      setOffset(0);
    },
    setOffset,
  };
}
