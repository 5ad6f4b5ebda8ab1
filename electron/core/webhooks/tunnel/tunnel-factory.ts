import type { SshTunnelSettings, TunnelProvider } from '../../../../shared/domain/webhooks';
import type { NgrokAuthtoken } from '../../secrets/ngrok-authtoken';
import { NoTunnel, type Tunnel } from '../tunnel';
import { NgrokTunnel } from './ngrok-tunnel';
import { SshTunnel } from './ssh-tunnel';
import { TunnelFailure } from './tunnel-failure';
import type { StoredTunnelSettings } from './tunnel-settings';

/** What to open: the stored settings, or those of one CLI run (`webhook serve --tunnel …`), stored nowhere. */
export type TunnelSpec = Pick<StoredTunnelSettings, 'provider' | 'ngrok' | 'ssh' | 'pinnedFingerprint'>;

export interface TunnelFactoryOptions {
  authtoken: NgrokAuthtoken;
  /** ngrok's service address (SIGNDOCK_NGROK_SERVER_ADDR; tests point it at a closed port). */
  ngrokServerAddr?: string | undefined;
  /** The SSH agent's socket (default SSH_AUTH_SOCK). */
  sshAgent?: string | undefined;
}

/** The `Tunnel` for a provider and its settings. */
export function makeTunnel(spec: TunnelSpec, options: TunnelFactoryOptions): { provider: TunnelProvider; tunnel: Tunnel } {
  if (spec.provider === 'ngrok') {
    return {
      provider: 'ngrok',
      tunnel: new NgrokTunnel({
        authtoken: () => options.authtoken.read(),
        domain: spec.ngrok.domain,
        serverAddr: options.ngrokServerAddr,
      }),
    };
  }
  if (spec.provider === 'ssh') {
    const ssh: SshTunnelSettings | null = spec.ssh;
    if (!ssh) return { provider: 'ssh', tunnel: failing(new TunnelFailure('sshNotSet')) };
    return { provider: 'ssh', tunnel: new SshTunnel({ ...ssh, pinnedFingerprint: spec.pinnedFingerprint, agentSocket: options.sshAgent }) };
  }
  return { provider: 'none', tunnel: new NoTunnel() };
}

const failing = (error: Error): Tunnel => ({
  name: 'failing',
  start: () => Promise.reject(error),
  stop: async () => undefined,
});
