import type { SandboxClock } from '../core/clock';

export interface RateLimitConfig {
  enabled: boolean;
  /** Tokens added per second, per API key. */
  rate: number;
  /** Bucket size: how many requests may go at once after a pause. */
  burst: number;
  /** `Retry-After` on 429: in seconds, as an HTTP date, or left out. */
  retry_after: 'seconds' | 'date' | 'off';
}

export const defaultRateLimit: RateLimitConfig = { enabled: true, rate: 50, burst: 100, retry_after: 'seconds' };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** A token bucket per API key, on the sandbox clock. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  config: RateLimitConfig;

  constructor(
    private readonly clock: SandboxClock,
    config: Partial<RateLimitConfig> = {},
  ) {
    this.config = { ...defaultRateLimit, ...config };
  }

  configure(patch: Partial<RateLimitConfig>): RateLimitConfig {
    this.config = { ...this.config, ...patch };
    this.buckets.clear();
    return this.config;
  }

  take(key: string): Take {
    const { enabled, rate, burst } = this.config;
    if (!enabled) return { ok: true };
    const capacity = Math.max(1, burst);
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (Math.max(0, now - bucket.updatedAt) / 1000) * rate);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    const retryAfterMs = rate > 0 ? Math.ceil(((1 - bucket.tokens) / rate) * 1000) : 60_000;
    return { ok: false, retryAfterMs };
  }

  /** The `Retry-After` header for a wait of `ms`, per the configured style. */
  retryAfterHeader(ms: number): Record<string, string> {
    switch (this.config.retry_after) {
      case 'off':
        return {};
      case 'date':
        return { 'retry-after': new Date(this.clock.now() + Math.max(1000, ms)).toUTCString() };
      default:
        return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
    }
  }

  reset(): void {
    this.buckets.clear();
  }
}
