import { useClient } from './client-context';
import { useLiveQuery } from './use-live-query';

/** The webhook listener and the address to paste, kept current by `webhooks.changed`. */
export function useWebhookState(accountId: string) {
  const client = useClient();
  return useLiveQuery(
    `webhooks|${accountId}`,
    () => client.call('webhooks.state', {}),
    (apply) => client.subscribe('webhooks.changed', apply),
  );
}
