import type { FaultConfig } from './api/faults';
import type { RateLimitConfig } from './api/rate-limit';
import type { AutoSignConfig } from './core/auto-signer';
import type { WireDocument, WireSignatureDetail } from './core/serialize';
import type { StatsReport } from './core/stats';
import type { NotificationPayload, SignerMessage } from './core/types';
import type { DeliveryRecord, WebhookConfig } from './webhooks/webhook-sender';
import type { TsaConfig } from './tsa/tsa-authority';

/** Who a played signer is and where they sign from; every field is optional. */
export interface SignerDetails {
  name?: string;
  ip?: string;
  device?: string;
  /** The phone used when the PH validation accepted any number. */
  phone?: string;
}

export interface SignerMoveResult {
  signature: WireSignatureDetail;
  document: WireDocument | null;
}

export interface SeedDocument {
  title?: string;
  /** Base64 PDF; a generated one when left out. */
  file_content?: string;
  file_name?: string;
  signatures: { validations: Record<string, string | null>; invite_channel?: string[] }[];
  /** DR makes a draft (the service's API cannot). */
  status?: 'DR' | 'PE';
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const detail =
      typeof body === 'object' && body !== null && 'detail' in body ? String((body as { detail: unknown }).detail) : JSON.stringify(body);
    super(`Sandbox control answered ${status}: ${detail}`);
  }
}

/** Typed client of the sandbox's control API (`<sandbox url>/_sandbox`), sending its token. */
export class SandboxControlClient {
  constructor(
    readonly controlUrl: string,
    /** The token printed with the sandbox's address (`x-sandbox-control-token`). */
    private readonly token: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-sandbox-control-token': this.token };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    // A kept-alive connection the sandbox closed while this process was busy (a long synchronous step)
    // fails before anything was sent: once, on a fresh connection.
    const response = await this.fetchImpl(`${this.controlUrl}${path}`, init).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
      return this.fetchImpl(`${this.controlUrl}${path}`, init);
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? null : JSON.parse(text);
    if (!response.ok) throw new SandboxControlError(response.status, parsed);
    return parsed as T;
  }

  open(signatureId: string, signer: SignerDetails = {}): Promise<SignerMoveResult> {
    return this.call('POST', `/signatures/${encodeURIComponent(signatureId)}/open`, signer);
  }

  sign(signatureId: string, signer: SignerDetails = {}): Promise<SignerMoveResult> {
    return this.call('POST', `/signatures/${encodeURIComponent(signatureId)}/sign`, signer);
  }

  reject(signatureId: string, signer: SignerDetails = {}): Promise<SignerMoveResult> {
    return this.call('POST', `/signatures/${encodeURIComponent(signatureId)}/reject`, signer);
  }

  /** Signs every IN or PE signature of every pending document. */
  signAll(signer: SignerDetails = {}): Promise<{ signed: string[]; completed: string[] }> {
    return this.call('POST', '/sign-all', signer);
  }

  webhook(): Promise<WebhookConfig> {
    return this.call('GET', '/webhook');
  }

  setWebhook(config: Partial<WebhookConfig>): Promise<WebhookConfig> {
    return this.call('PUT', '/webhook', config);
  }

  /** Waits until every webhook delivery succeeded or was given up (or the timeout passed). */
  webhookIdle(timeoutMs = 10_000): Promise<{ pending: number }> {
    return this.call('GET', `/webhook/idle?timeout_ms=${timeoutMs}`);
  }

  faults(): Promise<FaultConfig> {
    return this.call('GET', '/faults');
  }

  setFaults(config: Partial<FaultConfig>): Promise<FaultConfig> {
    return this.call('PUT', '/faults', config);
  }

  autoSign(): Promise<AutoSignConfig> {
    return this.call('GET', '/auto-sign');
  }

  setAutoSign(config: Partial<AutoSignConfig>): Promise<AutoSignConfig> {
    return this.call('PUT', '/auto-sign', config);
  }

  rateLimit(): Promise<RateLimitConfig> {
    return this.call('GET', '/rate-limit');
  }

  setRateLimit(config: Partial<RateLimitConfig>): Promise<RateLimitConfig> {
    return this.call('PUT', '/rate-limit', config);
  }

  /** The time-stamping authority's switch and certificate validity, with the tokens issued and requests refused. */
  tsa(): Promise<TsaConfig & { issued: number; refused: number }> {
    return this.call('GET', '/tsa');
  }

  /** `{enabled: false}` makes the TSA unreachable (connections dropped) until switched on again. */
  setTsa(config: Partial<TsaConfig>): Promise<TsaConfig> {
    return this.call('PUT', '/tsa', config);
  }

  stats(): Promise<StatsReport> {
    return this.call('GET', '/stats');
  }

  /** Every document as the service would return it, newest first. */
  state(): Promise<{ now: string; documents: WireDocument[] }> {
    return this.call('GET', '/state');
  }

  /** Every notification emitted (delivered or not), oldest first. */
  notifications(): Promise<NotificationPayload[]> {
    return this.call('GET', '/notifications');
  }

  /** Every webhook delivery attempt, oldest first. */
  deliveries(): Promise<DeliveryRecord[]> {
    return this.call('GET', '/deliveries');
  }

  /** Invitations, reminders and invalidation notices "sent" to signers. */
  messages(): Promise<SignerMessage[]> {
    return this.call('GET', '/messages');
  }

  createDocument(document: SeedDocument): Promise<WireDocument> {
    return this.call('POST', '/documents', document);
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }

  async keys(): Promise<string[]> {
    return (await this.call<{ keys: string[] }>('GET', '/keys')).keys;
  }

  async addKey(key?: string): Promise<string> {
    return (await this.call<{ key: string }>('POST', '/keys', key === undefined ? {} : { key })).key;
  }

  async revokeKey(key: string): Promise<void> {
    await this.call('DELETE', `/keys/${encodeURIComponent(key)}`);
  }

  /** Emits a notification of any kind (TU and other unknown kinds included). */
  notify(payload: { notification_action: string; [field: string]: unknown }): Promise<NotificationPayload> {
    return this.call('POST', '/notify', payload);
  }

  advanceClock(ms: number): Promise<{ now: string }> {
    return this.call('POST', '/clock/advance', { ms });
  }
}
