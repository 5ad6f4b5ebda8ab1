import type { SshTunnelSettings } from '../../../../shared/domain/webhooks';
import type { Tunnel } from '../tunnel';
import { TunnelFailure } from './tunnel-failure';

export interface SshTunnelOptions extends SshTunnelSettings {
  pinnedFingerprint: string | null;
  agentSocket?: string | undefined;
}

/** A reverse tunnel (`ssh -R`) to the organisation's SSH server (being built). */
export class SshTunnel implements Tunnel {
  readonly name = 'ssh';
  constructor(private readonly options: SshTunnelOptions) {}

  async start(): Promise<string> {
    throw new TunnelFailure('sshFailed', { host: this.options.host, detail: 'not built yet' });
  }

  async stop(): Promise<void> {}
}
