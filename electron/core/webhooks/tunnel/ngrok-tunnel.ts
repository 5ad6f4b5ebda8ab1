import { createRequire } from 'node:module';
import type { Tunnel, TunnelEvents } from '../tunnel';
import { TunnelFailure } from './tunnel-failure';

import type * as NgrokModule from '@ngrok/ngrok';

type Ngrok = typeof NgrokModule;

export interface NgrokTunnelOptions {
  /** The authtoken (keychain or SIGNDOCK_NGROK_AUTHTOKEN); null: none stored. */
  authtoken: () => Promise<string | null>;
  /** A domain reserved in the user's ngrok account, or null for a random one. */
  domain: string | null;
  /** Another ngrok service address (a corporate relay; tests point it at a closed port). Default: ngrok's own. */
  serverAddr?: string | undefined;
  /** How long the session may take to come up (default 30 s; a network that drops packets never answers). */
  timeoutMs?: number;
}

/** The listener, or a "timed out" error; a listener that comes up after all is closed at once. */
function withTimeout(forwarding: Promise<NgrokModule.Listener>, ms: number): Promise<NgrokModule.Listener> {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error('the ngrok service did not answer in time (timed out)'));
    }, ms);
    forwarding.then(
      (listener) => {
        clearTimeout(timer);
        if (late) void listener.close().catch(() => undefined);
        else resolve(listener);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** ngrok's error codes (https://ngrok.com/docs/errors/) that mean "this authtoken is not accepted". */
const AUTHTOKEN_REFUSED = new Set([
  'ERR_NGROK_105',
  'ERR_NGROK_106',
  'ERR_NGROK_107',
  'ERR_NGROK_4018',
  'ERR_NGROK_4011',
  'ERR_NGROK_9017',
]);
/** … and "this domain is not yours / not allowed on your plan". */
const DOMAIN_REFUSED = new Set(['ERR_NGROK_313', 'ERR_NGROK_319', 'ERR_NGROK_320', 'ERR_NGROK_326', 'ERR_NGROK_3200', 'ERR_NGROK_15002']);

/** What an error of the ngrok SDK means for a clerk. The authtoken never appears in it (the redactor also has it). */
export function ngrokFailure(error: unknown, domain: string | null): TunnelFailure {
  const e = error as { message?: string; errorCode?: string };
  const message = e.message ?? String(error);
  const code = e.errorCode ?? /(ERR_NGROK_\d+)/.exec(message)?.[1];
  if (code && AUTHTOKEN_REFUSED.has(code)) return new TunnelFailure('ngrokAuthtokenRefused', { code });
  if (code && DOMAIN_REFUSED.has(code)) return new TunnelFailure('ngrokDomainRefused', { domain: domain ?? '', code });
  if (!code && /tcp connection|dns|resolve|network|timed? ?out|connection refused|unreachable/i.test(message)) {
    return new TunnelFailure('noNetwork', { host: 'ngrok' });
  }
  return new TunnelFailure('ngrokFailed', { detail: code ? `${code} (see ngrok.com/docs/errors)` : message.slice(0, 200) });
}

let loaded: Ngrok | null = null;
function loadNgrok(): Ngrok {
  try {
    loaded ??= createRequire(import.meta.url)('@ngrok/ngrok') as Ngrok;
    return loaded;
  } catch {
    throw new TunnelFailure('ngrokUnavailable', { platform: `${process.platform}-${process.arch}` });
  }
}

/** ngrok through its official Node SDK (a prebuilt native module; no binary download, no ngrok agent). */
export class NgrokTunnel implements Tunnel {
  readonly name = 'ngrok';
  private listener: NgrokModule.Listener | null = null;

  constructor(private readonly options: NgrokTunnelOptions) {}

  async start(localPort: number, events?: TunnelEvents): Promise<string> {
    const authtoken = await this.options.authtoken();
    if (!authtoken) throw new TunnelFailure('ngrokNoAuthtoken');
    const ngrok = loadNgrok();
    try {
      const forwarding = ngrok.forward({
        addr: `127.0.0.1:${localPort}`,
        authtoken,
        ...(this.options.domain ? { domain: this.options.domain } : {}),
        ...(this.options.serverAddr ? { server_addr: this.options.serverAddr } : {}),
        // ngrok reconnects its session by itself; a 'closed' that lasts is reported so the state shows it.
        onStatusChange: (status: string) => {
          if (status === 'closed') events?.lost(new TunnelFailure('noNetwork', { host: 'ngrok' }));
        },
      });
      this.listener = await withTimeout(forwarding, this.options.timeoutMs ?? 30_000);
    } catch (error) {
      throw ngrokFailure(error, this.options.domain);
    }
    const url = this.listener.url();
    if (!url) throw new TunnelFailure('ngrokFailed', { detail: 'no address was given' });
    return url;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }
}
