import type { TunnelStatus } from '../../../shared';
import type { TagTone } from '../components/tag';
import { useEffect } from 'react';
import { useClient } from './client-context';
import { throttle } from './throttle';
import { useLiveQuery } from './use-live-query';

/** A burst of notifications refreshes what shows them at most twice a second. */
export const INBOX_REFRESH_MS = 500;

/** Calls `reload` on `inbox.changed` (a notification stored or processed), at most twice a second. */
export function useInboxRefresh(reload: () => void): void {
  const client = useClient();
  useEffect(() => {
    const refresh = throttle(reload, INBOX_REFRESH_MS);
    const off = client.subscribe('inbox.changed', () => refresh.call());
    return () => {
      off();
      refresh.cancel();
    };
  }, [client, reload]);
}

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

export const tunnelTone: Record<TunnelStatus['state'], TagTone> = {
  off: 'neutral',
  starting: 'accent',
  running: 'success',
  reconnecting: 'warning',
  failed: 'danger',
  needsHostKeyConfirmation: 'warning',
};
