import { useClient } from './client-context';
import { useAction } from './use-action';
import { useLiveQuery } from './use-live-query';

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
