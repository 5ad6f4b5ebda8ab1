import { AppError } from '../../../shared/contract/errors';

/**
 * A built-in tunnel: makes the local listener reachable from the internet and says at which base
 * URL. Off by default; users normally put their own tunnel or reverse proxy in front and enter its
 * base URL in Settings. See README.md for plugging in `@ngrok/ngrok`.
 */
export interface Tunnel {
  /** Shown in Settings ('none', 'ngrok', …). */
  readonly name: string;
  /** Opens the tunnel to 127.0.0.1:localPort; resolves with its public base URL (`https://…`, no path). */
  start(localPort: number): Promise<string>;
  /** Closes it; safe to call when it is not open. */
  stop(): Promise<void>;
}

/** The default: no tunnel. Starting it explains that a public base URL must be set instead. */
export class NoTunnel implements Tunnel {
  readonly name = 'none';

  async start(): Promise<string> {
    throw new AppError({
      kind: 'Unavailable',
      code: 'webhooks.noTunnel',
      message: 'No built-in tunnel is available. Put a tunnel or reverse proxy in front of SignDock and enter its public base URL in Settings.',
    });
  }

  async stop(): Promise<void> {}
}
