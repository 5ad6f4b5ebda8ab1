import { createHmac } from 'node:crypto';
import { isoTime } from '../core/clock';
import type { SandboxClock } from '../core/clock';
import { uuidv7 } from '../core/ids';
import type { Prng } from '../core/prng';
import type { Stats } from '../core/stats';
import type { TimerSet } from '../core/timers';
import type { NotificationInput, NotificationPayload } from '../core/types';
import { postJson } from './post-json';

export interface WebhookConfig {
  /** Receiver URL; null turns deliveries off (notifications are still recorded). */
  url: string | null;
  /** When set, each delivery carries `x-signature-sha256`: hex HMAC-SHA256 of the raw body. */
  secret: string | null;
  /** Retries after a failed attempt (an answer other than 200, an error or a timeout). */
  max_retries: number;
  /** Delay before retry n is `retry_base_ms * 2^(n-1)`. */
  retry_base_ms: number;
  /** How long to wait for the receiver's answer. */
  timeout_ms: number;
  /** Probability that a notification is delivered twice. */
  duplicate_rate: number;
  /** Collect notifications for `shuffle_window_ms`, then deliver them in a random order. */
  shuffle: boolean;
  shuffle_window_ms: number;
}

export const defaultWebhookConfig: WebhookConfig = {
  url: null,
  secret: null,
  max_retries: 5,
  retry_base_ms: 2000,
  timeout_ms: 5000,
  duplicate_rate: 0,
  shuffle: false,
  shuffle_window_ms: 100,
};

export interface DeliveryRecord {
  notification_id: string;
  notification_action: string;
  attempt: number;
  duplicate: boolean;
  url: string;
  status: number | null;
  error: string | null;
  ok: boolean;
  at: string;
}

interface Delivery {
  payload: NotificationPayload;
  body: string;
  attempt: number;
  duplicate: boolean;
  /** Deliveries from before a reset or stop are dropped. */
  generation: number;
}

const LOG_LIMIT = 20_000;

/** Sends notifications to the configured webhook: at least once, retried with growing delays,
 * optionally duplicated and shuffled, as the service's delivery rules allow (section 6). */
export class WebhookSender {
  config: WebhookConfig;
  readonly outbox: NotificationPayload[] = [];
  readonly deliveries: DeliveryRecord[] = [];
  private buffer: Delivery[] = [];
  private pending = 0;
  private waiters: (() => void)[] = [];
  private readonly inFlight = new Set<AbortController>();
  private generation = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly prng: Prng,
    private readonly timers: TimerSet,
    private readonly stats: Stats,
    config: Partial<WebhookConfig> = {},
  ) {
    this.config = { ...defaultWebhookConfig, ...config };
  }

  configure(patch: Partial<WebhookConfig>): WebhookConfig {
    this.config = { ...this.config, ...patch };
    return this.config;
  }

  /** Records a notification, gives it a `notification_id`, and delivers it when a URL is set. */
  emit(fields: NotificationInput): NotificationPayload {
    const { notification_action: action, notification_id: givenId, ...rest } = fields;
    const payload: NotificationPayload = { ...rest, notification_id: givenId ?? uuidv7(this.clock.now()), notification_action: action };
    this.outbox.push(payload);
    if (this.outbox.length > LOG_LIMIT) this.outbox.shift();
    this.stats.webhook('notifications');
    if (this.config.url === null) return payload;
    const body = JSON.stringify(payload);
    this.enqueue({ payload, body, attempt: 1, duplicate: false, generation: this.generation });
    if (this.prng.chance(this.config.duplicate_rate)) {
      this.stats.webhook('duplicated');
      this.enqueue({ payload, body, attempt: 1, duplicate: true, generation: this.generation });
    }
    return payload;
  }

  private enqueue(delivery: Delivery): void {
    this.pending += 1;
    if (!this.config.shuffle) {
      void this.attempt(delivery);
      return;
    }
    this.buffer.push(delivery);
    if (this.buffer.length === 1) {
      this.timers.set(() => {
        const batch = this.prng.shuffle(this.buffer);
        this.buffer = [];
        for (const item of batch) void this.attempt(item);
      }, this.config.shuffle_window_ms);
    }
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (delivery.generation !== this.generation) return;
    const { url, secret, timeout_ms: timeoutMs } = this.config;
    if (url === null) {
      this.settle();
      return;
    }
    const headers: Record<string, string> = { 'user-agent': 'SignDock-Sandbox-Webhooks/1' };
    if (secret) headers['x-signature-sha256'] = createHmac('sha256', secret).update(delivery.body).digest('hex');
    const controller = new AbortController();
    this.inFlight.add(controller);
    this.stats.webhook('attempts');
    const result = await postJson(url, delivery.body, headers, timeoutMs, controller.signal);
    this.inFlight.delete(controller);
    if (controller.signal.aborted || delivery.generation !== this.generation) return;
    const ok = result.status === 200;
    this.log(delivery, url, result.status, result.error, ok);
    if (ok) {
      this.stats.webhook('delivered');
      this.settle();
      return;
    }
    this.stats.webhook('failed_attempts');
    if (delivery.attempt > this.config.max_retries) {
      this.stats.webhook('gave_up');
      this.settle();
      return;
    }
    const wait = this.config.retry_base_ms * 2 ** (delivery.attempt - 1);
    this.timers.set(() => void this.attempt({ ...delivery, attempt: delivery.attempt + 1 }), wait);
  }

  private log(delivery: Delivery, url: string, status: number | null, error: string | null, ok: boolean): void {
    this.deliveries.push({
      notification_id: delivery.payload.notification_id,
      notification_action: delivery.payload.notification_action,
      attempt: delivery.attempt,
      duplicate: delivery.duplicate,
      url,
      status,
      error,
      ok,
      at: isoTime(this.clock.now()),
    });
    if (this.deliveries.length > LOG_LIMIT) this.deliveries.shift();
  }

  private settle(): void {
    this.pending -= 1;
    if (this.pending === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** Resolves when every delivery has succeeded or been given up. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  get pendingCount(): number {
    return this.pending;
  }

  reset(): void {
    this.abortAll();
    this.outbox.length = 0;
    this.deliveries.length = 0;
    this.config = { ...defaultWebhookConfig };
  }

  private abortAll(): void {
    this.generation += 1;
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
    this.buffer = [];
    this.pending = 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  stop(): void {
    this.abortAll();
  }
}
