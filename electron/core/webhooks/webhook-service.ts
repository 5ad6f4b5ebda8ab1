import { AppError } from '../../../shared/contract/errors';
import type { InboxPage, InboxState, InboxStats, WebhookSettings, WebhookState } from '../../../shared/domain/webhooks';
import { GroupCommitter } from './group-commit';
import { InboxRepo } from './inbox-repo';
import { InboxWriter } from './inbox-writer';
import { InboxWorker } from './inbox-worker';
import { NgrokAuthtoken } from '../secrets/ngrok-authtoken';
import { makeTunnel, type TunnelSpec } from './tunnel/tunnel-factory';
import { TunnelManager } from './tunnel/tunnel-manager';
import { TunnelSettingsRepo } from './tunnel/tunnel-settings';
import { WebhookCredentials } from './webhook-credentials';
import { emptyListenerCounters, WebhookListener, type ListenerCounters } from './webhook-listener';
import type { WebhookEndpoint, WebhookServiceOptions } from './webhook-service-options';
import { WebhookSettingsRepo, type ListenerSettings } from './webhook-settings';

/**
 * The webhooks module as the rest of the core sees it: the listener, the durable inbox and its
 * worker, each account's path token and HMAC secret, and the public URL to paste in the console.
 */
export class WebhookService {
  readonly inbox: InboxRepo;
  private readonly settings: WebhookSettingsRepo;
  private readonly credentials: WebhookCredentials;
  private readonly committer: GroupCommitter;
  private readonly worker: InboxWorker;
  /** The built-in tunnel (ngrok or SSH) and its settings; the ngrok authtoken (write-only from the UI). */
  readonly tunnel: TunnelManager;
  readonly tunnelSettings: TunnelSettingsRepo;
  readonly ngrokAuthtoken: NgrokAuthtoken;
  private tunnelOverride: TunnelSpec | null = null;
  private listener: WebhookListener | null = null;
  private started = false;
  private listenError: string | null = null;
  private tunnelUrl: string | null = null;
  private changeTimer: NodeJS.Timeout | null = null;
  /** Commits the listener's groups from a thread of its own (a database in a file); none: on this thread. */
  private writer: InboxWriter | null = null;
  /** In a team: stops following the listener duty and the team's notifications. */
  private teamStops: (() => Promise<void>)[] = [];
  /** Whether this run listened before (a team's takeover then asks the store for the token again). */
  private listenedBefore = false;

  constructor(private readonly options: WebhookServiceOptions) {
    this.inbox = new InboxRepo(options.db);
    this.settings = new WebhookSettingsRepo(options.db);
    this.credentials = new WebhookCredentials(options.secrets, options.redactor, options.team?.credentials);
    this.tunnelSettings = new TunnelSettingsRepo(options.db);
    const { env, ...providers } = options.tunnelProviders ?? {};
    this.ngrokAuthtoken = new NgrokAuthtoken(options.secrets, env ?? process.env, options.redactor);
    const factory = {
      ...providers,
      authtoken: this.ngrokAuthtoken,
      ngrokServerAddr: providers.ngrokServerAddr ?? (env ?? process.env).SIGNDOCK_NGROK_SERVER_ADDR,
    };
    this.tunnel = new TunnelManager({
      ...options.tunnelRetry,
      tunnel: async () => {
        if (options.tunnel && !this.tunnelOverride) return { provider: this.tunnelSettings.get().provider, tunnel: options.tunnel };
        return makeTunnel(this.tunnelOverride ?? this.tunnelSettings.get(), factory);
      },
      localPort: () => this.listener?.port ?? null,
      connection: (stream) => (this.listener ? this.listener.accept(stream) : stream.destroy()),
      onUrl: (url) => {
        this.tunnelUrl = url;
        this.changed();
      },
      logger: options.logger,
    });
    this.committer = new GroupCommitter(
      (entries) =>
        this.writer?.usable
          ? this.writer.write(entries, this.worker.newRowsDueAt())
          : this.inbox.insertMany(entries, this.worker.newRowsDueAt()),
      {
        ...options.groupCommit,
        onCommitted: () => {
          this.worker.stored(this.worker.newRowsDueAt());
          this.changed();
        },
      },
    );
    this.worker = new InboxWorker({
      ...options.worker,
      repo: this.inbox,
      refresher: options.refresher,
      logger: options.logger,
      onSettled: () => this.changed(),
    });
  }

  /**
   * Loads every account's token (creating missing ones), starts the listener, the worker (rows left
   * pending by a crash resume) and the tunnel when on. A listener that cannot bind is reported in
   * `state().error`, not thrown: the worker still drains.
   */
  async start(): Promise<void> {
    this.started = true;
    // The groups' fsyncs run beside the listener, not in its event loop (a database in memory has no file to share).
    if (this.options.db.name && !this.options.db.memory) this.writer ??= new InboxWriter(this.options.db.name);
    for (const accountId of this.options.accounts()) {
      // An account whose token is in a keychain that cannot be reached gets no endpoint; the others still do.
      await this.credentials.load(accountId).catch((error: unknown) =>
        this.options.logger?.log('warn', 'Webhook endpoint not loaded: its token is in the keychain, which could not be used', {
          accountId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    this.worker.start();
    const team = this.options.team;
    if (team) {
      // The listener and its tunnel follow the duty; the team's notifications come into this inbox.
      this.teamStops = [
        team.receive((entries) => {
          this.inbox.insertMany(entries, this.worker.newRowsDueAt());
          this.worker.stored(this.worker.newRowsDueAt());
          this.changed();
        }),
      ];
      // Every computer shows the team's address (Settings), listening or not.
      await this.agreeWithTeam();
      this.teamStops.push(await team.listenWhile((on) => (on ? this.listenAndTunnel() : this.unlisten())));
      return;
    }
    await this.listenAndTunnel();
  }

  private async listenAndTunnel(): Promise<void> {
    if (!this.started) return;
    // In a team, the token the service posts with is the team's: agreed at start, and asked again on a later
    // takeover (another computer may have rotated it meanwhile).
    if (this.options.team && this.listenedBefore) await this.agreeWithTeam();
    this.listenedBefore = true;
    await this.listen();
    // The tunnel opens in the background (an SSH server may take seconds to answer); `tunnel.changed` follows it.
    if (this.tunnelOverride === null && this.settings.get().useTunnel) void this.tunnel.start();
    const redacted = this.credentials.accounts().map((accountId) => this.endpoint(accountId).hookUrlRedacted);
    this.options.logger?.log('info', 'Webhook listener started', {
      port: this.listener?.port ?? null,
      error: this.listenError,
      hookUrls: redacted,
    });
  }

  /** In a team, while another computer holds the listener: said where the listener's error goes. */
  private elsewhere(): string | null {
    return this.options.team && this.started && !this.listener
      ? 'Another computer of the team listens for notifications ("signdock team status" names it); this one learns of them from the team store.'
      : null;
  }

  /** Another computer of the team listens now: this one stops taking notifications (and closes its tunnel). */
  private async unlisten(): Promise<void> {
    this.options.logger?.log('info', 'Webhook listener stopped: another computer of the team listens');
    await this.listener?.stop();
    this.listener = null;
    await this.tunnel.stop();
    this.changed();
  }

  /** Stops taking notifications (what was queued is committed first), then the worker and the tunnel. */
  async stop(): Promise<void> {
    this.started = false;
    for (const stop of this.teamStops.splice(0)) await stop();
    await this.listener?.stop();
    this.listener = null;
    await this.committer.drained();
    await this.writer?.close();
    this.writer = null;
    await this.worker.stop();
    await this.tunnel.stop();
    if (this.changeTimer) clearTimeout(this.changeTimer);
    this.changeTimer = null;
  }

  /** The listener as the Settings page shows it for one account (null: no account selected). */
  state(accountId: string | null): WebhookState {
    const port = this.listener?.port ?? null;
    const endpoint = accountId !== null && this.credentials.token(accountId) !== null ? this.endpoint(accountId) : null;
    return {
      listening: this.listener?.listening ?? false,
      port,
      localUrl: port === null ? null : `http://127.0.0.1:${port}`,
      publicBaseUrl: this.publicBaseUrl(),
      hookUrl: endpoint?.hookUrl ?? null,
      hmacConfigured: endpoint?.hmacConfigured ?? false,
      error: this.listenError ?? this.elsewhere() ?? this.tunnelError(),
    };
  }

  endpoint(accountId: string): WebhookEndpoint {
    const token = this.credentials.token(accountId);
    if (token === null) throw unknownAccount(accountId);
    const port = this.listener?.port ?? null;
    const base = this.publicBaseUrl();
    return {
      accountId,
      localHookUrl: port === null ? null : `http://127.0.0.1:${port}/hooks/${token}`,
      hookUrl: base === null ? null : `${base}/hooks/${token}`,
      hookUrlRedacted: base === null ? null : `${base}/hooks/[redacted]`,
      hmacConfigured: this.credentials.hasHmacSecret(accountId),
    };
  }

  listenerSettings(): ListenerSettings {
    return this.settings.get();
  }

  /** Takes the team's tokens; waited for at most 3 s (a store that does not answer must not hold up the listener). */
  private async agreeWithTeam(): Promise<void> {
    const agreed = Promise.all(
      this.credentials.accounts().map((accountId) =>
        this.credentials.agree(accountId).catch((error: unknown) =>
          this.options.logger?.log('warn', "Webhook: the team's token could not be read; this computer's own is used until it can", {
            accountId,
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([agreed, new Promise((resolve) => (timer = setTimeout(resolve, 3_000)))]);
    clearTimeout(timer);
  }

  /** Requests refused since the listener started, by reason, and the notifications taken. */
  counters(): ListenerCounters {
    return structuredClone(this.listener?.counters ?? emptyListenerCounters());
  }

  /** Gives a new account its endpoint (or loads an existing one). */
  async addAccount(accountId: string): Promise<WebhookEndpoint> {
    await this.credentials.load(accountId);
    return this.endpoint(accountId);
  }

  /** The account is being removed: its token, secret and notifications go. */
  async forgetAccount(accountId: string): Promise<void> {
    await this.credentials.forget(accountId);
    this.inbox.deleteAccount(accountId);
    this.changed();
  }

  /** New token: the old URL answers 404 at once; the user pastes the new one in the console. */
  async rotateToken(accountId: string): Promise<WebhookState> {
    if (this.credentials.token(accountId) === null) throw unknownAccount(accountId);
    await this.credentials.rotate(accountId);
    this.options.logger?.log('info', 'Webhook token rotated', { accountId });
    return this.state(accountId);
  }

  /** `webhooks.configure`: public base URL ('' or null clears), port (restarts the listener), HMAC secret (null clears). */
  async configure(accountId: string | null, patch: WebhookSettings & { useTunnel?: boolean }): Promise<WebhookState> {
    if (patch.hmacSecret !== undefined) {
      if (accountId === null || this.credentials.token(accountId) === null) throw unknownAccount(accountId ?? '');
      if (patch.hmacSecret === null) await this.credentials.clearHmacSecret(accountId);
      else await this.credentials.setHmacSecret(accountId, patch.hmacSecret);
    }
    const before = this.settings.get();
    const after = this.settings.update({ port: patch.port, publicBaseUrl: patch.publicBaseUrl, useTunnel: patch.useTunnel });
    if (this.started && (after.port !== before.port || !this.listener) && this.options.port === undefined) {
      await this.listener?.stop();
      this.listener = null;
      await this.listen();
      // The tunnel forwards to the listener's port: open it again towards the new one.
      if (after.useTunnel) await this.tunnel.start();
    }
    if (patch.useTunnel === true && this.started && !this.tunnel.running) await this.tunnel.start();
    if (patch.useTunnel === false) await this.tunnel.stop();
    return this.state(accountId);
  }

  /** Inbox counts (of one account, or all) with the listener's refusals. */
  stats(accountId?: string): InboxStats {
    return { ...this.inbox.stats(accountId), refused: { ...this.counters().refused } };
  }

  /** `inbox.list`: a page, newest first, each with its raw body. */
  list(accountId: string | undefined, query: { state?: InboxState; limit?: number; offset?: number } = {}): InboxPage {
    const page = this.inbox.list({ ...query, accountId });
    const items = page.items.map(({ rawBody, accountId: _account, outcome: _outcome, ...item }) => ({ ...item, raw: rawBody }));
    return { stats: this.stats(accountId), total: page.total, items };
  }

  /** Puts failed notifications back in the queue. */
  retryFailed(accountId?: string): number {
    const count = this.inbox.retryFailed(accountId);
    this.worker.wake();
    return count;
  }

  /** The group commit's transactions so far and the notifications they held (benches, tests). */
  commitCounters(): GroupCommitter['counters'] {
    // The groups committed on the main connection, and the writer thread's transactions.
    const here = this.committer.counters;
    const thread = this.writer?.counters ?? { transactions: 0, largestTransaction: 0 };
    return {
      committed: here.committed,
      groups: here.groups,
      transactions: here.transactions + thread.transactions,
      largestTransaction: Math.max(here.largestTransaction, thread.largestTransaction),
    };
  }

  /** Resolves once nothing is due in the inbox (tests, CLI). */
  whenIdle(): Promise<void> {
    return this.worker.whenIdle();
  }

  private async listen(): Promise<void> {
    if (this.listener) return;
    const listener = new WebhookListener({
      ...this.options.listener,
      credentials: this.credentials,
      store: async (entry) => {
        const stored = await this.committer.submit(entry);
        if (stored === 'stored') this.options.team?.share(entry);
        return stored;
      },
      port: this.options.port ?? this.settings.get().port,
      logger: this.options.logger,
    });
    try {
      await listener.start();
      this.listener = listener;
      this.listenError = null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.listenError =
        code === 'EADDRINUSE'
          ? 'The webhook port is in use by another program. Choose another port in Settings.'
          : `The webhook listener could not start (${code ?? String(error)}).`;
      this.options.logger?.log('error', 'Webhook listener did not start', { error: this.listenError });
    }
  }

  private publicBaseUrl(): string | null {
    return this.tunnelUrl ?? this.settings.get().publicBaseUrl;
  }

  /**
   * The tunnel of this run is opened with these settings instead of the stored ones (CLI `webhook
   * serve --tunnel`); call before `start`, then `tunnel.start()`. Nothing is stored.
   */
  overrideTunnel(spec: TunnelSpec): void {
    this.tunnelOverride = spec;
  }

  /** The tunnel's problem in words while it is not running, for `state().error`. */
  private tunnelError(): string | null {
    const status = this.tunnel.status();
    return status.state === 'failed' || status.state === 'reconnecting' || status.state === 'needsHostKeyConfirmation'
      ? (status.error?.message ?? null)
      : null;
  }

  private changed(): void {
    if (!this.options.onChange || this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      this.options.onChange?.();
    }, 250);
    this.changeTimer.unref();
  }
}

const unknownAccount = (accountId: string): AppError =>
  new AppError({
    kind: 'NotFound',
    code: 'accountGone',
    params: { accountId },
    message: 'This account has no webhook endpoint. Add the account first.',
  });
