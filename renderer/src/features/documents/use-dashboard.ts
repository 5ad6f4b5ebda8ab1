import { useMemo } from 'react';
import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';
import { useDocumentsStore, type ChartRange } from '../../stores/documents-store';
import { useHostFilter, useRefreshOnChange } from './use-documents-query';

const day = 86_400_000;
/** The overview follows changes at most once a second. */
const REFRESH_MS = 1000;

/** The chart's period for a range: whole local days (or weeks) up to today. */
export function chartPeriod(range: ChartRange, now = Date.now()) {
  const today = new Date(now);
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime();
  const days = range === '30d' ? 30 : range === '12w' ? 84 : 182;
  return {
    from: end - days * day,
    to: end,
    bucket: range === '30d' ? ('day' as const) : ('week' as const),
    utcOffsetMinutes: -today.getTimezoneOffset(),
  };
}

/** Counts, chart and needs-attention lists for the account and the filter, kept current. */
export function useDashboard(accountId: string) {
  const client = useClient();
  const filter = useHostFilter();
  const range = useDocumentsStore((store) => store.chartRange);
  // The period ends with today: the key names the day, so a page left open moves on at midnight.
  const today = new Date().toDateString();
  const query = useLiveQuery(`dashboard|${accountId}|${filter.key}|${range}|${today}`, () =>
    client.call('documents.dashboard', { filter: filter.value, period: chartPeriod(range) }),
  );
  useRefreshOnChange(accountId, query.reload, REFRESH_MS);
  const sameAccount = query.last?.key.startsWith(`dashboard|${accountId}|`) ?? false;
  const data = query.data ?? (sameAccount ? (query.last?.data ?? null) : null);
  const { error, loading, reload } = query;
  // One object while nothing changes: the overview (memoised) is not drawn again when the table pages.
  return useMemo(() => ({ data, error, loading, reload }), [data, error, loading, reload]);
}
