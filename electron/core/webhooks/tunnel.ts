import type { Duplex } from 'node:stream';
import { AppError } from '../../../shared/contract/errors';

/** What a tunnel tells its owner after it opened. */
export interface TunnelEvents {
  /** The open tunnel broke (connection lost, server gone); the owner reconnects. */
  lost(error: Error): void;
  /**
   * A connection that arrived through the tunnel, handed to the listener in this process as it is (no
   * second TCP connection to 127.0.0.1 and back). Without it the tunnel connects to the local port.
   */
  connection?(stream: Duplex): void;
}

/**
 * A built-in tunnel: makes the local listener reachable from the internet and says at which base
 * URL. Implementations: `tunnel/ngrok-tunnel.ts`, `tunnel/ssh-tunnel.ts`; `tunnel/tunnel-manager.ts`
 * opens, watches and reopens them.
 */
export interface Tunnel {
  /** Shown in Settings ('none', 'ngrok', 'ssh'). */
  readonly name: string;
  /** Opens the tunnel to 127.0.0.1:localPort; resolves with its public base URL (`https://…`, no path). */
  start(localPort: number, events?: TunnelEvents): Promise<string>;
  /** Closes it; safe to call when it is not open. */
  stop(): Promise<void>;
}

/** No provider chosen. Starting it explains what to do instead. */
export class NoTunnel implements Tunnel {
  readonly name = 'none';

  async start(): Promise<string> {
    throw new AppError({
      kind: 'Unavailable',
      code: 'webhooks.noTunnel',
      message:
        'No built-in tunnel is chosen. Choose ngrok or your own SSH server in Settings → Notifications, or put a tunnel or reverse proxy in front of SignDock and enter its public base URL.',
    });
  }

  async stop(): Promise<void> {}
}
