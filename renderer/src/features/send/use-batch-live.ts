import { useCallback, useEffect } from 'react';
import type { ContractClient } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useConnectionStore } from '../../stores/connection-store';
import { useSendStore } from './send-store';

/**
 * Keeps the Send page's batch current: `batches.current` on arrival (and again when the live
 * connection comes back, since events may have been missed), then every `batches.changed`.
 */
export function useBatchLive(accountId: string): () => void {
  const client = useClient();

  useEffect(() => {
    useSendStore.getState().start(accountId);
    let alive = true;
    const load = () => loadCurrent(client, () => alive);
    load();
    const offEvents = client.subscribe('batches.changed', (change) => useSendStore.getState().changed(change));
    const offConnection = useConnectionStore.subscribe((now, before) => {
      if (now.state === 'open' && before.state !== 'open') load();
    });
    return () => {
      alive = false;
      offEvents();
      offConnection();
    };
  }, [client, accountId]);

  return useCallback(() => loadCurrent(client, () => true), [client]);
}

function loadCurrent(client: ContractClient, wanted: () => boolean): void {
  client.call('batches.current', {}).then(
    (batch) => wanted() && useSendStore.getState().loaded(batch),
    (error: unknown) => wanted() && useSendStore.getState().loadFailed(error),
  );
}
