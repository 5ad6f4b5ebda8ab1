import type { Duplex } from 'node:stream';
import { networkInterfaces } from 'node:os';
import type { TunnelProblem, TunnelProvider, TunnelState } from '../../../../shared/domain/webhooks';
import type { Logger } from '../../logging/logger';
import type { Tunnel } from '../tunnel';
import { problemOf, retryable, TunnelFailure, type HostKeySeen } from './tunnel-failure';
import { backoffMs } from '../refresh-errors';

export interface TunnelManagerOptions {
  /** The tunnel to open now, made from the current settings (or a fixed one: CLI, tests). */
  tunnel: () => Promise<{ provider: TunnelProvider; tunnel: Tunnel }>;
  /** The listener's port on 127.0.0.1 (null: not listening). */
  localPort: () => number | null;
  /** Takes a connection that came through the tunnel into the listener of this process (see `TunnelEvents.connection`). */
  connection?: (stream: Duplex) => void;
  /** The public base URL changed (null: closed). */
  onUrl: (url: string | null) => void;
  logger?: Logger | undefined;
  /** First wait before trying again (default 2 s), doubled each failure up to `maxDelayMs` (5 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often sleep and network changes are looked for (default 5 s; 0: never). */
  watchEveryMs?: number;
  /** What identifies the network this computer is on (default: its interfaces' addresses). */
  network?: () => string;
}

/** The core's view of the tunnel; the handlers add the hook URL and the notifications. */
export interface TunnelCoreStatus {
  provider: TunnelProvider;
  state: TunnelState;
  publicBaseUrl: string | null;
  runningSince: string | null;
  error: TunnelProblem | null;
  nextRetryAt: string | null;
  attempts: number;
  hostKey: HostKeySeen | null;
}

const networkSignature = (): string =>
  Object.entries(networkInterfaces())
    .flatMap(([name, addresses]) => (addresses ?? []).filter((a) => !a.internal).map((a) => `${name}/${a.address}`))
    .sort()
    .join(',');

/**
 * Opens the chosen tunnel and keeps it open: after a lost connection, sleep or a network change it
 * reconnects by itself, waiting 2 s, 4 s, 8 s… (±20 %, at most 5 min) between attempts, with the state
 * and the next attempt's time shown. Problems no retry can fix (a refused authtoken or key, a changed
 * host key) stop it in state failed. Meanwhile the app keeps polling the service as usual.
 */
export class TunnelManager {
  private desired = false;
  private generation = 0;
  private current: Tunnel | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private settled: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private view: TunnelCoreStatus = {
    provider: 'none',
    state: 'off',
    publicBaseUrl: null,
    runningSince: null,
    error: null,
    nextRetryAt: null,
    attempts: 0,
    hostKey: null,
  };

  constructor(private readonly options: TunnelManagerOptions) {}

  status(): TunnelCoreStatus {
    return { ...this.view };
  }

  /** Called on every change of the status. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the tunnel (again, with the current settings). Resolves once the first attempt ended (running, retrying or failed). */
  async start(): Promise<void> {
    this.desired = true;
    this.watch();
    const run = this.reconnect('starting');
    this.settled = run;
    await run;
  }

  /** Closes the tunnel and stops retrying. */
  async stop(): Promise<void> {
    this.desired = false;
    this.generation++;
    this.clearTimers();
    await this.closeCurrent();
    this.set({ state: 'off', error: null, nextRetryAt: null, attempts: 0, hostKey: null });
  }

  /** Resolves when the attempt in progress (if any) ended. */
  whenSettled(): Promise<void> {
    return this.settled;
  }

  get running(): boolean {
    return this.view.state === 'running';
  }

  private async reconnect(state: 'starting' | 'reconnecting'): Promise<void> {
    const generation = ++this.generation;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.closeCurrent();
    this.set({
      state,
      nextRetryAt: null,
      hostKey: state === 'starting' ? null : this.view.hostKey,
      ...(state === 'starting' ? { error: null, attempts: 0 } : {}),
    });
    await this.attempt(generation);
  }

  private async attempt(generation: number): Promise<void> {
    let tunnel: Tunnel | null = null;
    try {
      const made = await this.options.tunnel();
      if (generation !== this.generation) return;
      tunnel = made.tunnel;
      this.set({ provider: made.provider });
      const port = this.options.localPort();
      if (port === null) throw new TunnelFailure('listenerDown');
      this.current = tunnel;
      const url = (
        await tunnel.start(port, {
          lost: (error) => this.lost(generation, error),
          ...(this.options.connection ? { connection: this.options.connection } : {}),
        })
      ).replace(/\/+$/, '');
      if (generation !== this.generation) {
        await tunnel.stop().catch(() => undefined);
        return;
      }
      this.options.onUrl(url);
      this.set({
        state: 'running',
        publicBaseUrl: url,
        runningSince: new Date().toISOString(),
        error: null,
        nextRetryAt: null,
        attempts: 0,
        hostKey: null,
      });
      this.options.logger?.log('info', 'Webhook tunnel open', { provider: this.view.provider, url });
    } catch (error) {
      if (tunnel) await tunnel.stop().catch(() => undefined);
      if (this.current === tunnel) this.current = null;
      if (generation !== this.generation) return;
      this.failed(error);
    }
  }

  private lost(generation: number, error: Error): void {
    if (generation !== this.generation || !this.desired) return;
    this.options.logger?.log('warn', 'Webhook tunnel lost; reconnecting', {
      provider: this.view.provider,
      error: problemOf(error).message,
    });
    this.options.onUrl(null);
    this.generation++;
    void this.closeCurrent();
    this.set({ publicBaseUrl: null, runningSince: null });
    this.failed(error);
  }

  private failed(error: unknown): void {
    const problem = problemOf(error);
    const hostKey = error instanceof TunnelFailure ? error.hostKey : null;
    const attempts = this.view.attempts + 1;
    this.options.onUrl(null);
    if (error instanceof TunnelFailure && error.problemCode === 'sshHostKeyUnknown') {
      this.set({
        state: 'needsHostKeyConfirmation',
        error: problem,
        hostKey,
        publicBaseUrl: null,
        runningSince: null,
        nextRetryAt: null,
        attempts,
      });
      return;
    }
    if (!retryable(error) || !this.desired) {
      this.options.logger?.log('warn', 'Webhook tunnel stopped', { provider: this.view.provider, error: problem.message });
      this.set({ state: 'failed', error: problem, hostKey, publicBaseUrl: null, runningSince: null, nextRetryAt: null, attempts });
      return;
    }
    const delay = backoffMs(attempts - 1, this.options.baseDelayMs ?? 2000, this.options.maxDelayMs ?? 300_000, null, Math.random);
    const generation = this.generation;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (generation === this.generation && this.desired) void this.reconnect('reconnecting');
    }, delay);
    this.retryTimer.unref();
    this.options.logger?.log('info', 'Webhook tunnel will try again', {
      provider: this.view.provider,
      error: problem.message,
      inMs: Math.round(delay),
    });
    this.set({
      state: 'reconnecting',
      error: problem,
      hostKey,
      publicBaseUrl: null,
      runningSince: null,
      nextRetryAt: new Date(Date.now() + delay).toISOString(),
      attempts,
    });
  }

  /** Sleep (the clock jumped) or a new network: a tunnel that was open is opened again at once, a waiting one tries now. */
  private watch(): void {
    const every = this.options.watchEveryMs ?? 5000;
    if (this.watchTimer || every <= 0) return;
    const signatureOf = this.options.network ?? networkSignature;
    let last = Date.now();
    let network = signatureOf();
    this.watchTimer = setInterval(() => {
      const now = Date.now();
      // A timer late by half a minute or more: the computer slept (a busy event loop is late by far less).
      const slept = now - last > every + 30_000;
      const signature = signatureOf();
      const moved = signature !== network;
      last = now;
      network = signature;
      if (!this.desired || (!slept && !moved)) return;
      if (this.view.state === 'running' || this.view.state === 'reconnecting') {
        this.options.logger?.log('info', 'Webhook tunnel reopened after sleep or a network change', { slept, moved });
        void this.reconnect('reconnecting');
      }
    }, every);
    this.watchTimer.unref();
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.retryTimer = null;
    this.watchTimer = null;
  }

  private async closeCurrent(): Promise<void> {
    const tunnel = this.current;
    this.current = null;
    if (!tunnel) return;
    this.options.onUrl(null);
    this.set({ publicBaseUrl: null, runningSince: null });
    await tunnel
      .stop()
      .catch((error: unknown) =>
        this.options.logger?.log('warn', 'Webhook tunnel did not close cleanly', { error: problemOf(error).message }),
      );
  }

  private set(patch: Partial<TunnelCoreStatus>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // One broken listener must not stop the others.
      }
    }
  }
}
