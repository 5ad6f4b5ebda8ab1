import { useEffect } from 'react';
import type { OperationOutput } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { throttle } from '../../lib/throttle';
import { useDebounced } from '../../lib/use-debounced';
import { useLiveQuery } from '../../lib/use-live-query';
import { EVIDENCE_PAGE_SIZE, useEvidenceStore, useReloadOnChange } from './evidence-store';

export type BagPage = OperationOutput<'evidence.list'>;

/** One page of the archive's index, searched and filtered; read again when an archive job moves. */
export function useBags() {
  const client = useClient();
  const { typed, search, verdict, offset, setSearch } = useEvidenceStore();
  // The search follows the typing after a short pause (and only what is still typed: a reset of both wins).
  const paused = useDebounced(typed.trim(), 250);
  useEffect(() => {
    if (paused === typed.trim() && paused !== search) setSearch(paused);
  }, [paused, typed, search, setSearch]);
  const key = JSON.stringify({ search, verdict, offset });
  const query = useLiveQuery<BagPage>(key, () =>
    client.call('evidence.list', {
      ...(search ? { search } : {}),
      ...(verdict !== 'all' ? { verdict } : {}),
      limit: EVIDENCE_PAGE_SIZE,
      offset,
    }),
  );
  const { reload } = query;
  // Something the list shows changed on the host (a check, a trust anchor, another archive): read again.
  useReloadOnChange(reload);
  // An archive job moving adds bags: read again, at most twice a second.
  useEffect(() => {
    const again = throttle(reload, 500);
    const off = client.subscribe('jobs.changed', (job) => {
      if (job.kind === 'archive') again.call();
    });
    return () => {
      off();
      again.cancel();
    };
  }, [client, reload]);
  return { ...query, page: query.data ?? query.last?.data ?? null };
}
