import { useEffect } from 'react';
import type { ConnectionMonitor } from '../bridge/connection';
import { useClient } from '../lib/client-context';
import { useAccountsStore } from '../stores/accounts-store';
import { useConnectionStore } from '../stores/connection-store';
import { useSettingsStore } from '../stores/settings-store';
import { refreshLiveState } from './load-state';

/** Keeps the stores current from the host's events, and catches up whenever the stream (re)opens. */
export function useLiveUpdates(monitor: ConnectionMonitor): void {
  const client = useClient();
  useEffect(() => {
    const offAccounts = client.subscribe('accounts.changed', (state) => useAccountsStore.getState().setAccounts(state));
    const offSettings = client.subscribe('settings.changed', (settings) => useSettingsStore.getState().fromHost(settings));
    const setConnection = useConnectionStore.getState().setState;
    setConnection(monitor.current());
    const offMonitor = monitor.onChange((state) => {
      setConnection(state);
      if (state === 'open') refreshLiveState(client).catch(() => undefined);
    });
    return () => {
      offAccounts();
      offSettings();
      offMonitor();
    };
  }, [client, monitor]);
}
