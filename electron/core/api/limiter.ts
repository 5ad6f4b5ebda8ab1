import { systemClock, type Clock } from './clock';
import type { LearntRate } from './learnt-rate';
import {
  backgroundQuietMs,
  defaultLimiterOptions,
  type LimiterDeps,
  type LimiterOptions,
  type LimiterState,
  type PaceSlot,
  type Permit,
  type PermitOutcome,
  type Priority,
} from './limiter-options';
import { RateLearner, type GrantRecord } from './rate-learner';
import { SharedSlots } from './shared-slots';

interface Waiter {
  background: boolean;
  resolve: (permit: Permit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * One limiter per account, shared by every operation of that account's service client.
 *
 * - **Concurrency (AIMD).** At most `limit` requests in flight. A 429 halves `limit` (at most once
 *   per round of requests: only a request that started after the last decrease can cut it again);
 *   every `limit` successes in a row add one, up to `maxConcurrency`.
 * - **Rate.** A token bucket. Until the service first refuses a request (429) it allows
 *   `requestsPerSecond` (a ceiling; none by default) with `burst` at once. The service's limits are
 *   not published, so from its 429s the limiter learns the rate it accepts and paces itself just
 *   below it, evenly (a bucket of one; one less than the service's once that is known, see
 *   `capacity`), see `RateLearner` in rate-learner.ts. What it learnt is handed to `onLearnt` and may be given back to the next limiter of the account (`learnt`): it then paces
 *   at that rate from the first request, and re-learns when the service refuses it.
 * - **Background requests** (the mirror's scheduled re-reads) never take another request's turn: they
 *   go only when no other request waits and none was granted for a while (`backgroundQuietMs`).
 * - **Retry-After.** A 429 (or 503) with `Retry-After` closes the gate for the whole account until then:
 *   no request of any operation goes out before.
 * - **Backoff.** Without `Retry-After`, a retry waits a random time in [0, min(max, base·2^attempt)]
 *   ("full jitter").
 *
 * - **A team** (`shared`): the rate is the team's, not this computer's: each request first takes its
 *   slot of the pace every computer of the account shares (`SharedPace`), learnt there from every
 *   computer's 429s; concurrency, the Retry-After gate and background yielding stay here (background
 *   requests also yield to the other computers' requests, told by the shared pace: `PaceYield`). A slot
 *   that cannot be had (the store unreachable) leaves this computer on its own pace for a while
 *   (`SharedSlots`): reads go on; sending waits on its claims, which need the store anyway.
 *
 * Waiters are served first come, first served.
 */
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
  /** Whether the head of the queue waited for a token since the last refill: the pace is what holds it back. */
  private paceBound = false;
  /** Whether the head of the queue waited for a token before its grant. */
  private headWaited = false;
  private readonly learner: RateLearner;
  private readonly waiters: Waiter[] = [];
  private pumping = false;
  /** When a request that is not background was last granted. */
  private lastNormalAt = Number.NEGATIVE_INFINITY;
  /** Wakes the pump from waiting for background room when another request arrives. */
  private wake: AbortController | null = null;
  private readonly onLearnt: ((learnt: LearntRate) => void) | undefined;
  private readonly shared: SharedSlots | null;

  constructor(options: Partial<LimiterOptions> = {}, deps: LimiterDeps = {}) {
    this.options = { ...defaultLimiterOptions, ...options };
    const { minConcurrency, maxConcurrency, initialConcurrency, burst, requestsPerSecond, minRequestsPerSecond } = this.options;
    if (!(minConcurrency >= 1 && maxConcurrency >= minConcurrency))
      throw new RangeError('Limiter: need 1 <= minConcurrency <= maxConcurrency');
    if (!(requestsPerSecond > 0 && burst >= 1)) throw new RangeError('Limiter: need requestsPerSecond > 0 and burst >= 1');
    if (!(minRequestsPerSecond > 0)) throw new RangeError('Limiter: need minRequestsPerSecond > 0');
    this.clock = deps.clock ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.limit = Math.min(maxConcurrency, Math.max(minConcurrency, Math.floor(initialConcurrency)));
    this.tokens = burst;
    this.tokensAt = this.clock.now();
    this.learner = new RateLearner(requestsPerSecond, Math.min(minRequestsPerSecond, requestsPerSecond), deps.learnt ?? null);
    this.onLearnt = deps.onLearnt;
    this.shared = deps.shared ? new SharedSlots(deps.shared, deps.learnt ?? null, this.clock, deps.onLearnt) : null;
  }

  /**
   * Waits for a slot, a rate token and the end of any Retry-After pause. A `background` request goes
   * only when no other is waiting and none was granted for `backgroundQuietMs`: a batch being sent
   * keeps the account's rate while the mirror's re-reads wait (they are a safety net).
   */
  acquire(signal?: AbortSignal, priority: Priority = 'normal'): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        background: priority === 'background',
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
      if (!waiter.background) this.wake?.abort();
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
    return {
      limit: this.limit,
      inFlight: this.inFlight,
      queued: this.waiters.length,
      pausedUntil: this.pausedUntil,
      pace: this.pace(),
      learnedRate: this.shared ? (this.shared.learnt?.rate ?? null) : this.learner.estimate,
    };
  }

  /**
   * Requests that may go at once: `burst` until pacing is learned, then one (evenly spaced); once the
   * service's bucket is known, one less than it: a request held back (all slots busy, the process
   * late) may catch up without the service's bucket running dry, since ours refills no faster than
   * its and holds less (the token to spare covers requests arriving unevenly).
   */
  private capacity(): number {
    if (!this.learner.learning) return this.options.burst;
    const bucket = this.learner.knownBurst;
    return bucket === null ? 1 : Math.max(1, Math.min(Math.floor(bucket) - 1, Math.ceil(bucket / 2)));
  }

  private pace(): number {
    return this.sharing()?.pace ?? this.learner.pace;
  }

  /** In a team with the store answering: the team's pace decides; else (alone, or the store down) this computer's. */
  private sharing(): SharedSlots | null {
    return this.shared?.reachable ? this.shared : null;
  }

  private grant(slot: PaceSlot | null): Permit {
    this.inFlight += 1;
    this.tokens -= 1;
    const epoch = this.epoch;
    const record = this.learner.granted(this.clock.now(), this.headWaited);
    this.headWaited = false;
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        if (slot && outcome.kind === 'throttled') this.shared?.refused(slot, outcome.retryAfterMs);
        this.adapt(outcome, epoch, record, slot !== null);
        void this.pump();
      },
    };
  }

  private adapt(outcome: PermitOutcome, epoch: number, record: GrantRecord, shared: boolean): void {
    const { minConcurrency, maxConcurrency } = this.options;
    if (outcome.kind !== 'throttled') record.state = 'accepted';
    if (outcome.kind === 'success') {
      this.successes += 1;
      if (this.successes >= this.limit) {
        this.successes = 0;
        this.limit = Math.min(maxConcurrency, this.limit + 1);
      }
    } else if (outcome.kind === 'throttled') {
      if (outcome.retryAfterMs !== null) this.pause(outcome.retryAfterMs);
      record.state = 'refused';
      if (epoch === this.epoch) {
        this.epoch += 1;
        this.successes = 0;
        this.limit = Math.max(minConcurrency, Math.floor(this.limit / 2));
        if (shared) return;
        const now = this.clock.now();
        this.refill(now);
        const before = this.learner.estimate;
        this.learner.refused(record, now);
        this.told(before);
        // The service's bucket is empty: start from none of ours either.
        this.tokens = Math.min(this.tokens, 0);
      }
    }
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.tokensAt);
    const bound = this.paceBound;
    const before = this.learner.estimate;
    this.learner.tick(now, elapsed, bound);
    this.told(before);
    this.paceBound = false;
    const pace = this.learner.pace;
    const capacity = this.capacity();
    if (pace === Infinity) {
      this.tokens = capacity;
    } else {
      // A waiter woken a little late keeps what accrued meanwhile (the pace holds on average).
      this.tokens = Math.min(bound && capacity === 1 ? 2 : capacity, this.tokens + (elapsed / 1000) * pace);
    }
    this.tokensAt = now;
  }

  /** How long the head of the queue must wait for time to pass; 0 to go now; null to wait for a release. */
  private waitFor(now: number): number | null {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.inFlight >= this.limit) return null;
    if (this.sharing()) return 0;
    this.refill(now);
    if (this.tokens < 1) {
      this.paceBound = true;
      this.headWaited = true;
      return Math.max(1, Math.ceil(((1 - this.tokens) / this.learner.pace) * 1000));
    }
    return 0;
  }

  /** Hands a changed estimate to `onLearnt`. */
  private told(before: number | null): void {
    const learnt = this.learner.learnt();
    if (learnt && learnt.rate !== before) this.onLearnt?.(learnt);
  }

  /** The first waiter that is not background; else the first (background) one, once there is room for it. */
  private nextWaiter(): number {
    const index = this.waiters.findIndex((waiter) => !waiter.background);
    return index >= 0 ? index : 0;
  }

  /** How long until only background requests wait and the others have left room for one: 0 to go on. */
  private backgroundWait(now: number): number {
    if (this.waiters.some((waiter) => !waiter.background)) return 0;
    const pace = this.pace();
    const quiet = Math.max(backgroundQuietMs, pace === Infinity ? 0 : 2000 / pace);
    return Math.max(0, this.lastNormalAt + quiet - now);
  }

  /** Sleeps `ms`, or less when a request that is not background arrives meanwhile. */
  private async sleepUnlessWoken(ms: number): Promise<void> {
    const wake = new AbortController();
    this.wake = wake;
    try {
      await this.clock.sleep(ms, wake.signal);
    } catch {
      // woken: look again
    } finally {
      this.wake = null;
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiters.length > 0) {
        const room = this.backgroundWait(this.clock.now());
        if (room > 0) {
          await this.sleepUnlessWoken(room);
          continue;
        }
        const wait = this.waitFor(this.clock.now());
        if (wait === null) return;
        if (wait > 0) {
          await this.clock.sleep(wait);
          continue;
        }
        const shared = this.sharing();
        const next = shared ? await shared.next(this.waiters.some((waiter) => !waiter.background) ? 'normal' : 'background') : null;
        // The shared pace failed (the store down): look again, on this computer's own pace for now.
        if (next && 'error' in next) continue;
        // Only background requests wait, and another computer's others have the team's turns: later.
        if (next && 'yieldMs' in next) {
          await this.sleepUnlessWoken(next.yieldMs);
          continue;
        }
        const slot = next?.slot ?? null;
        // A 429 met meanwhile closed the gate: the slot is dropped, and the pause waited for.
        if (slot && this.clock.now() < this.pausedUntil) continue;
        const [waiter] = this.waiters.splice(this.nextWaiter(), 1);
        if (!waiter) return;
        if (!waiter.background) this.lastNormalAt = this.clock.now();
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.grant(slot));
      }
    } finally {
      this.pumping = false;
    }
  }
}
