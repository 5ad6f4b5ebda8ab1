import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';

/** The tunnel's saved settings (`tunnel.settings`): provider, ngrok domain and whether an authtoken is stored, the SSH server. */
export function useTunnelSettings() {
  const client = useClient();
  return useLiveQuery('tunnel-settings', () => client.call('tunnel.settings', {}));
}
