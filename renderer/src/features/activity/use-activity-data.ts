import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useLiveQuery } from '../../lib/use-live-query';

/** Where the mirror of the account stands, kept current by `sync.changed`; and the Sync now action. */
export function useSyncStatus(accountId: string) {
  const client = useClient();
  const query = useLiveQuery(
    `sync|${accountId}`,
    () => client.call('sync.status', {}),
    (apply) =>
      client.subscribe('sync.changed', (status) => {
        if (status.accountId === accountId) apply(status);
      }),
  );
  const syncNow = useAction(async () => {
    // The answer can arrive after the events of a short sync: it must not bring back "syncing".
    const show = query.track();
    const status = await client.call('sync.now', {});
    if (status.accountId === accountId) show(status);
    return status;
  });
  return { ...query, syncNow };
}

/** The webhook listener and the address to paste, kept current by `webhooks.changed`. */
export function useWebhookState(accountId: string) {
  const client = useClient();
  return useLiveQuery(
    `webhooks|${accountId}`,
    () => client.call('webhooks.state', {}),
    (apply) => client.subscribe('webhooks.changed', apply),
  );
}
