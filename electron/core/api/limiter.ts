import { systemClock, type Clock } from './clock';

/**
 * One limiter per account, shared by every operation of that account's service client.
 *
 * - **Concurrency (AIMD).** At most `limit` requests in flight. A 429 halves `limit` (at most once
 *   per round of requests: only a request that started after the last decrease can cut it again);
 *   every `limit` successes in a row add one, up to `maxConcurrency`.
 * - **Rate.** A token bucket: `requestsPerSecond` on average, `burst` at once after a pause.
 * - **Retry-After.** A 429 (or 503) with `Retry-After` closes the gate for the whole account until then:
 *   no request of any operation goes out before.
 * - **Backoff.** Without `Retry-After`, a retry waits a random time in [0, min(max, base·2^attempt)]
 *   ("full jitter").
 *
 * Waiters are served first come, first served.
 */
export interface LimiterOptions {
  maxConcurrency: number;
  minConcurrency: number;
  initialConcurrency: number;
  /** Average request rate cap; `Infinity` for none. */
  requestsPerSecond: number;
  burst: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const defaultLimiterOptions: LimiterOptions = {
  maxConcurrency: 8,
  minConcurrency: 1,
  initialConcurrency: 4,
  requestsPerSecond: 10,
  burst: 10,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
};

/** How a request that held a permit ended, for the limiter to adapt. */
export type PermitOutcome =
  | { kind: 'success' }
  | { kind: 'throttled'; retryAfterMs: number | null }
  /** Network failure, 5xx, or anything that says nothing about the rate. */
  | { kind: 'neutral' };

export interface Permit {
  /** Call exactly once when the request (body included) is over; later calls are ignored. */
  release(outcome: PermitOutcome): void;
}

export interface LimiterState {
  limit: number;
  inFlight: number;
  queued: number;
  /** Epoch ms before which nothing goes out (0 when open). */
  pausedUntil: number;
}

interface Waiter {
  resolve: (permit: Permit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class Limiter {
  readonly clock: Clock;
  private readonly options: LimiterOptions;
  private readonly random: () => number;
  private limit: number;
  private inFlight = 0;
  private successes = 0;
  private epoch = 0;
  private pausedUntil = 0;
  private tokens: number;
  private tokensAt: number;
  private readonly waiters: Waiter[] = [];
  private pumping = false;

  constructor(options: Partial<LimiterOptions> = {}, deps: { clock?: Clock; random?: () => number } = {}) {
    this.options = { ...defaultLimiterOptions, ...options };
    const { minConcurrency, maxConcurrency, initialConcurrency, burst, requestsPerSecond } = this.options;
    if (!(minConcurrency >= 1 && maxConcurrency >= minConcurrency)) throw new RangeError('Limiter: need 1 <= minConcurrency <= maxConcurrency');
    if (!(requestsPerSecond > 0 && burst >= 1)) throw new RangeError('Limiter: need requestsPerSecond > 0 and burst >= 1');
    this.clock = deps.clock ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.limit = Math.min(maxConcurrency, Math.max(minConcurrency, Math.floor(initialConcurrency)));
    this.tokens = burst;
    this.tokensAt = this.clock.now();
  }

  /** Waits for a slot, a rate token and the end of any Retry-After pause. */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      void this.pump();
    });
  }

  /** Closes the gate for everyone for `ms` (a Retry-After seen outside a permit's outcome). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.max(0, ms));
  }

  /** Full-jitter delay before retry number `attempt` (0 for the first retry). */
  backoffDelay(attempt: number): number {
    const ceiling = Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** Math.max(0, attempt));
    return Math.floor(this.random() * ceiling);
  }

  state(): LimiterState {
    return { limit: this.limit, inFlight: this.inFlight, queued: this.waiters.length, pausedUntil: this.pausedUntil };
  }

  private grant(): Permit {
    this.inFlight += 1;
    this.tokens -= 1;
    const epoch = this.epoch;
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.adapt(outcome, epoch);
        void this.pump();
      },
    };
  }

  private adapt(outcome: PermitOutcome, epoch: number): void {
    const { minConcurrency, maxConcurrency } = this.options;
    if (outcome.kind === 'success') {
      this.successes += 1;
      if (this.successes >= this.limit) {
        this.successes = 0;
        this.limit = Math.min(maxConcurrency, this.limit + 1);
      }
    } else if (outcome.kind === 'throttled') {
      if (outcome.retryAfterMs !== null) this.pause(outcome.retryAfterMs);
      if (epoch === this.epoch) {
        this.epoch += 1;
        this.successes = 0;
        this.limit = Math.max(minConcurrency, Math.floor(this.limit / 2));
      }
    }
  }

  private refill(now: number): void {
    const { requestsPerSecond, burst } = this.options;
    if (requestsPerSecond === Infinity) {
      this.tokens = burst;
    } else {
      this.tokens = Math.min(burst, this.tokens + (Math.max(0, now - this.tokensAt) / 1000) * requestsPerSecond);
    }
    this.tokensAt = now;
  }

  /** How long the head of the queue must wait for time to pass; 0 to go now; null to wait for a release. */
  private waitFor(now: number): number | null {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.inFlight >= this.limit) return null;
    this.refill(now);
    if (this.tokens < 1) return Math.ceil(((1 - this.tokens) / this.options.requestsPerSecond) * 1000);
    return 0;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiters.length > 0) {
        const wait = this.waitFor(this.clock.now());
        if (wait === null) return;
        if (wait > 0) {
          await this.clock.sleep(wait);
          continue;
        }
        const waiter = this.waiters.shift();
        if (!waiter) return;
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.grant());
      }
    } finally {
      this.pumping = false;
    }
  }
}
