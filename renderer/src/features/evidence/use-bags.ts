import { useEffect } from 'react';
import type { OperationOutput } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';
import { EVIDENCE_PAGE_SIZE, useEvidenceStore, useReloadOnChange } from './evidence-store';

export type BagPage = OperationOutput<'evidence.list'>;

/** One page of the archive's index, searched and filtered; read again when an archive job moves. */
export function useBags() {
  const client = useClient();
  const { typed, search, verdict, offset, setSearch } = useEvidenceStore();
  // The search follows the typing after a short pause.
  useEffect(() => {
    if (typed.trim() === search) return undefined;
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed, search, setSearch]);
  const key = JSON.stringify({ search, verdict, offset });
  const query = useLiveQuery<BagPage>(key, () =>
    client.call('evidence.list', { ...(search ? { search } : {}), ...(verdict !== 'all' ? { verdict } : {}), limit: EVIDENCE_PAGE_SIZE, offset }),
  );
  const { reload } = query;
  // Something the list shows changed on the host (a check, a trust anchor, another archive): read again.
  useReloadOnChange(reload);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = client.subscribe('jobs.changed', (job) => {
      if (job.kind !== 'archive' || timer) return;
      timer = setTimeout(() => {
        timer = null;
        reload();
      }, 500);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client, reload]);
  return { ...query, page: query.data ?? query.last?.data ?? null };
}
