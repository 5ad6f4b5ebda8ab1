import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';
import { useInboxRefresh } from './use-inbox';

/**
 * The built-in tunnel now (`tunnel.status`), kept current by `tunnel.changed`, and re-read (at most
 * twice a second) on `inbox.changed`, since "last notification" moves with every one stored. Keyed
 * by account: the address and the arrivals are the selected account's. Also used by Settings.
 */
export function useTunnelStatus(accountId: string) {
  const client = useClient();
  const query = useLiveQuery(
    `tunnel|${accountId}`,
    () => client.call('tunnel.status', {}),
    (apply) => client.subscribe('tunnel.changed', apply),
  );
  useInboxRefresh(query.reload);
  return query;
}

/**
 * The longest wait between two checks of an unfinished document when no notification comes (the
 * core's refresh schedule: 30 s, doubling up to 15 min), for "checks at least every 15 minutes".
 */
export const pollingMinutes = 15;
