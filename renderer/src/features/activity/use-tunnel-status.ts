import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';

/**
 * The built-in tunnel now (`tunnel.status`), kept current by `tunnel.changed`: state, the address to
 * paste, the last problem, the next retry, notifications arriving. Keyed by account, since the
 * address and the arrivals are the selected account's. Also used by Settings → Notifications.
 */
export function useTunnelStatus(accountId: string) {
  const client = useClient();
  return useLiveQuery(
    `tunnel|${accountId}`,
    () => client.call('tunnel.status', {}),
    (apply) => client.subscribe('tunnel.changed', apply),
  );
}

/**
 * The longest wait between two checks of an unfinished document when no notification comes (the
 * core's refresh schedule: 30 s, doubling up to 15 min), for "checks at least every 15 minutes".
 */
export const pollingMinutes = 15;
