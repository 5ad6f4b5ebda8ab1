import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redact';
import type { SecretStore } from '../secrets/secret-store';
import type { DocumentRefresher } from '../sync/document-refresher';
import type { GroupCommitOptions } from './group-commit';
import type { InboxWorkerOptions } from './inbox-worker';
import type { InboxEntry } from './notification';
import type { Tunnel } from './tunnel';
import type { TunnelFactoryOptions } from './tunnel/tunnel-factory';
import type { TunnelManagerOptions } from './tunnel/tunnel-manager';
import type { WebhookListenerOptions } from './webhook-listener';

/** What the webhooks module is made with (`WebhookServiceOptions`), its team hook, and where an account's notifications go. */

export interface WebhookServiceOptions {
  db: Db;
  secrets: SecretStore;
  refresher: DocumentRefresher;
  /** The accounts that get an endpoint (read at start; later ones through `addAccount`). */
  accounts: () => readonly string[];
  logger?: Logger;
  redactor?: Redactor;
  /** A fixed tunnel in place of the one the tunnel settings choose (tests). Opened when `useTunnel` is on. */
  tunnel?: Tunnel;
  /** Where the providers are (ngrok's service address, the SSH agent) and the environment (SIGNDOCK_NGROK_AUTHTOKEN). */
  tunnelProviders?: Omit<TunnelFactoryOptions, 'authtoken'> & { env?: NodeJS.ProcessEnv };
  /** The tunnel's reconnection pace (tests). */
  tunnelRetry?: Pick<TunnelManagerOptions, 'baseDelayMs' | 'maxDelayMs' | 'watchEveryMs'>;
  /** Overrides the stored port setting (tests, CLI). */
  port?: number;
  listener?: Pick<WebhookListenerOptions, 'maxBodyBytes' | 'headersTimeoutMs' | 'requestTimeoutMs'>;
  groupCommit?: Pick<GroupCommitOptions, 'windowMs' | 'maxBatch'>;
  /** Worker tuning: concurrency, backoff, `coalesceMs` (how long a new notification waits so that those of one document share a read). */
  worker?: Omit<InboxWorkerOptions, 'repo' | 'refresher' | 'logger' | 'onSettled'>;
  /** The inbox or the listener changed; called at most every 250 ms (the host emits `inbox.changed`). */
  onChange?: () => void;
  /** A team (issue 32, team/team-notifications.ts): one computer listens; the others learn of what it stored. */
  team?: WebhookTeam;
}

/** The listener in a team: it (and its tunnel) run only on the computer holding the listener duty. */
export interface WebhookTeam {
  /**
   * Calls `listen(true)` when this computer takes the duty, `listen(false)` when it lets it go; resolves once
   * the first answer was acted on, with what stops it.
   */
  listenWhile(listen: (on: boolean) => Promise<void>): Promise<() => Promise<void>>;
  /** A notification this computer's listener stored, for the other computers. */
  share(entry: InboxEntry): void;
  /** Notifications the listener's computer stored, stored here as if received (their documents re-read); the answer stops it. */
  receive(take: (entries: InboxEntry[]) => void): () => Promise<void>;
  /**
   * The team's path token and HMAC secret of an account (one address whoever listens): `agree` answers
   * the team's (offering this computer's when it has none yet); `replace` makes new ones the team's.
   */
  credentials: {
    agree(accountId: string, local: WebhookSecrets): Promise<WebhookSecrets>;
    replace(accountId: string, secrets: WebhookSecrets): Promise<void>;
  };
}

/** An account's webhook path token and HMAC secret. */
export interface WebhookSecrets {
  token: string;
  hmacSecret: string | null;
}

/** Where an account's notifications go. */
export interface WebhookEndpoint {
  accountId: string;
  /** `http://127.0.0.1:<port>/hooks/<token>` while listening (what a local sandbox can call). */
  localHookUrl: string | null;
  /** The URL to paste in the service's console: full token — show it to the user, never log it. */
  hookUrl: string | null;
  /** The same with the token replaced by `[redacted]`: for logs and anything but that one field. */
  hookUrlRedacted: string | null;
  hmacConfigured: boolean;
}
