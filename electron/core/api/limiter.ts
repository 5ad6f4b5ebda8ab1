import { systemClock, type Clock } from './clock';

/**
 * One limiter per account, shared by every operation of that account's service client.
 *
 * - **Concurrency (AIMD).** At most `limit` requests in flight. A 429 halves `limit` (at most once
 *   per round of requests: only a request that started after the last decrease can cut it again);
 *   every `limit` successes in a row add one, up to `maxConcurrency`.
 * - **Rate.** A token bucket. Until the service first refuses a request (429) it allows
 *   `requestsPerSecond` (a ceiling; none by default) with `burst` at once. The service's limits are
 *   not published, so from its 429s the limiter learns the rate it accepts and paces itself just
 *   below it, evenly (a bucket of one), see `RateLearner` below.
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
  /** Ceiling on the average request rate, learned pace included; `Infinity` for none. */
  requestsPerSecond: number;
  /** Requests at once after a pause, until a 429 has been seen (then one: requests are paced evenly). */
  burst: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** The lowest pace learning may set, requests per second. */
  minRequestsPerSecond: number;
}

export const defaultLimiterOptions: LimiterOptions = {
  maxConcurrency: 8,
  minConcurrency: 1,
  initialConcurrency: 4,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  burst: 10,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  minRequestsPerSecond: 0.5,
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
  /** Requests per second allowed now (`Infinity` for no pacing). */
  pace: number;
  /** The service's rate as last estimated from its 429s; null before there was enough to go on. */
  learnedRate: number | null;
}

/** `background` requests (the mirror's scheduled re-reads) yield to the others for up to `backgroundPatienceMs`. */
export type Priority = 'normal' | 'background';

/** How long a background request waits behind others at most: then it takes its turn in order. */
export const backgroundPatienceMs = 30_000;

interface Waiter {
  background: boolean;
  queuedAt: number;
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
  /** Whether the head of the queue waited for a token since the last refill: the pace is what holds it back. */
  private paceBound = false;
  /** Whether the head of the queue waited for a token before its grant. */
  private headWaited = false;
  private readonly learner: RateLearner;
  private readonly waiters: Waiter[] = [];
  private pumping = false;

  constructor(options: Partial<LimiterOptions> = {}, deps: { clock?: Clock; random?: () => number } = {}) {
    this.options = { ...defaultLimiterOptions, ...options };
    const { minConcurrency, maxConcurrency, initialConcurrency, burst, requestsPerSecond, minRequestsPerSecond } = this.options;
    if (!(minConcurrency >= 1 && maxConcurrency >= minConcurrency)) throw new RangeError('Limiter: need 1 <= minConcurrency <= maxConcurrency');
    if (!(requestsPerSecond > 0 && burst >= 1)) throw new RangeError('Limiter: need requestsPerSecond > 0 and burst >= 1');
    if (!(minRequestsPerSecond > 0)) throw new RangeError('Limiter: need minRequestsPerSecond > 0');
    this.clock = deps.clock ?? systemClock;
    this.random = deps.random ?? Math.random;
    this.limit = Math.min(maxConcurrency, Math.max(minConcurrency, Math.floor(initialConcurrency)));
    this.tokens = burst;
    this.tokensAt = this.clock.now();
    this.learner = new RateLearner(requestsPerSecond, Math.min(minRequestsPerSecond, requestsPerSecond));
  }

  /**
   * Waits for a slot, a rate token and the end of any Retry-After pause. A `background` request goes
   * only when no other is waiting, or once it has waited `backgroundPatienceMs`: a batch being sent
   * keeps the account's rate while the mirror's re-reads wait (they are a safety net).
   */
  acquire(signal?: AbortSignal, priority: Priority = 'normal'): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        background: priority === 'background',
        queuedAt: this.clock.now(),
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
    return {
      limit: this.limit,
      inFlight: this.inFlight,
      queued: this.waiters.length,
      pausedUntil: this.pausedUntil,
      pace: this.learner.pace,
      learnedRate: this.learner.estimate,
    };
  }

  /** Requests that may go at once: `burst` until pacing is learned, then one (evenly spaced). */
  private capacity(): number {
    return this.learner.learning ? 1 : this.options.burst;
  }

  private grant(): Permit {
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
        this.adapt(outcome, epoch, record);
        void this.pump();
      },
    };
  }

  private adapt(outcome: PermitOutcome, epoch: number, record: GrantRecord): void {
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
        const now = this.clock.now();
        this.refill(now);
        this.learner.refused(record, now);
        // The service's bucket is empty: start from none of ours either.
        this.tokens = Math.min(this.tokens, 0);
      }
    }
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.tokensAt);
    const bound = this.paceBound;
    this.learner.tick(now, elapsed, bound);
    this.paceBound = false;
    const pace = this.learner.pace;
    const capacity = this.capacity();
    if (pace === Infinity) {
      this.tokens = capacity;
    } else {
      // A waiter woken a little late keeps what accrued meanwhile (the pace holds on average).
      this.tokens = Math.min(bound ? capacity + 1 : capacity, this.tokens + (elapsed / 1000) * pace);
    }
    this.tokensAt = now;
  }

  /** How long the head of the queue must wait for time to pass; 0 to go now; null to wait for a release. */
  private waitFor(now: number): number | null {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.inFlight >= this.limit) return null;
    this.refill(now);
    if (this.tokens < 1) {
      this.paceBound = true;
      this.headWaited = true;
      return Math.max(1, Math.ceil(((1 - this.tokens) / this.learner.pace) * 1000));
    }
    return 0;
  }

  /** The first waiter that is not background (or has waited long enough); else the first. */
  private nextWaiter(now: number): number {
    const index = this.waiters.findIndex((waiter) => !waiter.background || now - waiter.queuedAt >= backgroundPatienceMs);
    return index >= 0 ? index : 0;
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
        const [waiter] = this.waiters.splice(this.nextWaiter(this.clock.now()), 1);
        if (!waiter) return;
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.grant());
      }
    } finally {
      this.pumping = false;
    }
  }
}

/** One granted request, kept a while so that a later 429 can be read against what went before it. */
interface GrantRecord {
  at: number;
  /** Granted while requests were paced (after a first refusal). */
  paced: boolean;
  /** Had to wait for the pace: requests were going out as fast as it allowed. */
  waited: boolean;
  /** `accepted`: anything but a 429 (the service counted it); `open` until the request is over. */
  state: 'open' | 'accepted' | 'refused';
}

/** How far back grants are kept, and at most how many. */
const historyMs = 30_000;
const historyMax = 4096;
/** The shortest stretch of time a rate is measured over. */
const minWindowMs = 250;
/** A refusal is read once the requests before it are over, or after this long at the latest. */
const settleMs = 2_000;
/** Before the first estimate, the pace doubles every `doublingMs` spent waiting on it (slow start). */
const doublingMs = 250;
/** After an estimate the pace is `margin` of it. */
const margin = 0.97;
/**
 * Then it holds for `holdMs` spent waiting on it and probes upwards, by `gain`·s² (s = seconds past
 * the hold): slowly at first, then faster (each probe that finds the limit costs a Retry-After pause).
 * An estimate read from few requests (fewer than `confident` accepted beyond the bucket; the first,
 * read when the search upwards overshot, usually is), or a step down for a refusal that could not be
 * read, holds briefly and probes fast: the next refusal, over a longer stretch, reads the rate well.
 */
const cruise = { holdMs: 15_000, gain: 0.001 };
const refine = { holdMs: 500, gain: 0.1 };
const confident = 15;
/** Fewer accepted beyond the bucket than this before a refusal, and it is not read as a rate. */
const evidence = 5;
/** A refusal that cannot be read slows the pace by this factor. */
const stepDown = 0.95;
/** How long the highest estimate stands as a floor (half of it) for the pace. */
const peakMs = 60_000;

/** Requests accepted over a stretch of time that ended in a refusal. */
interface Stretch {
  accepted: number;
  ms: number;
}

/** The highest rate the stretches allow for a bucket of `burst`: R >= (accepted - B) / w. */
function bestRate(stretches: readonly Stretch[], burst: number): { best: number; bestAccepted: number } {
  let best = 0;
  let bestAccepted = 0;
  for (const stretch of stretches) {
    // The refused request found between 0 and 1 token left: count half of one.
    const rate = ((stretch.accepted + 0.5 - burst) * 1000) / stretch.ms;
    if (rate > best) {
      best = rate;
      bestAccepted = stretch.accepted;
    }
  }
  return { best, bestAccepted };
}

/**
 * Learns the rate a service accepts from its 429s, on the model of a token bucket (rate R, bucket B):
 * over any stretch of time w that ends in a refusal, the service accepted at most B + R·w requests,
 * so R >= (accepted - B) / w for every such stretch; the largest of these is the estimate (exact,
 * give or take the token the refused request found partly refilled, for the stretch over which the
 * bucket ran dry). Stretches start after the previous refusal: a pause for Retry-After in between
 * refills the bucket, so it says nothing. B is what the service let through in the quarter second
 * before its first refusal (its burst, when it refused a burst of ours; a little more otherwise,
 * which only makes the first estimate low: probing corrects it).
 *
 * The first refusal, before any pacing, reads nothing (it says as much about our own start: work
 * before the first requests, connections opening): the pace starts at what was accepted in the last
 * second and doubles until refused again. After an estimate the pace is `margin` of it, evenly
 * spaced (no bursts any more); it holds a while, then probes upwards, and the next 429 corrects the
 * estimate. The pace only grows while requests are waiting on it, and never drops below half of the
 * highest estimate of the last minute: 429s that are not about the rate (a service that refuses a
 * share of requests whatever the pace) must not drive it to a crawl; their Retry-After pauses
 * already slow everything down. A refusal is read once the requests sent before it are over, so
 * that what they got is known.
 */
class RateLearner {
  private readonly history: GrantRecord[] = [];
  private pending: GrantRecord | null = null;
  /** When the last refusal read was granted: stretches of time start after it. */
  private lastRefusal = Number.NEGATIVE_INFINITY;
  private burst: number | null = null;
  estimate: number | null = null;
  private peak = { rate: 0, at: 0 };
  /** Whether a 429 has been seen: from then on requests are paced evenly. */
  learning = false;
  pace: number;
  private schedule: 'slowStart' | typeof cruise | typeof refine = 'slowStart';
  private base: number;
  private boundMs = 0;

  constructor(
    private readonly ceiling: number,
    private readonly floor: number,
  ) {
    this.pace = ceiling;
    this.base = ceiling;
  }

  granted(now: number, waited: boolean): GrantRecord {
    const record: GrantRecord = { at: now, paced: this.learning, waited, state: 'open' };
    this.history.push(record);
    let drop = 0;
    while (drop < this.history.length && this.history[drop] !== this.pending && (this.history.length - drop > historyMax || this.history[drop]!.at < now - historyMs)) drop += 1;
    if (drop > 0) this.history.splice(0, drop);
    return record;
  }

  /** A 429 that tells something about the rate (the first of its round). */
  refused(record: GrantRecord, now: number): void {
    if (this.pending) this.read(now, true);
    this.pending = record;
    if (!this.learning) {
      this.learning = true;
      // Until the refusal is read: no faster than what went through in the last second.
      const accepted = this.history.filter((grant) => grant.state !== 'refused' && grant.at >= record.at - 1000 && grant.at < record.at).length;
      if (accepted >= 1) this.set('slowStart', Math.min(this.pace, accepted));
    }
    this.read(now, false);
  }

  /** Time passed; `bound` when requests were waiting on the pace all along: it may grow. */
  tick(now: number, elapsedMs: number, bound: boolean): void {
    if (this.pending) this.read(now, false);
    if (!this.learning || !bound) return;
    this.boundMs += elapsedMs;
    const factor =
      this.schedule === 'slowStart' ? 2 ** (this.boundMs / doublingMs) : 1 + this.schedule.gain * (Math.max(0, this.boundMs - this.schedule.holdMs) / 1000) ** 2;
    const next = Math.min(this.ceiling, this.base * factor, this.pace * 2);
    if (this.schedule === 'slowStart' && next === this.pace * 2) {
      // Doubled in one step (a long wait at a low pace): the doubling starts again from here.
      this.base = next;
      this.boundMs = 0;
    }
    this.pace = next;
  }

  /** Reads the pending refusal once the requests before it are over (or `force`). */
  private read(now: number, force: boolean): void {
    const refusal = this.pending;
    if (!refusal) return;
    const index = this.history.indexOf(refusal);
    if (index < 0) {
      this.pending = null;
      return;
    }
    if (!force && now - refusal.at < settleMs && this.history.slice(0, index).some((grant) => grant.state === 'open')) return;
    this.pending = null;

    const t = refusal.at;
    let accepted = 0;
    let lastSecond = 0;
    let lastQuarter = 0;
    let recent = 0;
    let waited = 0;
    const stretches: Stretch[] = [];
    for (let i = index - 1; i >= 0; i -= 1) {
      const grant = this.history[i]!;
      const ms = t - grant.at;
      if (ms <= 1000 && grant.at > this.lastRefusal) {
        recent += 1;
        if (grant.waited) waited += 1;
      }
      if (grant.state === 'refused') continue;
      accepted += 1;
      if (ms < minWindowMs) lastQuarter = accepted;
      else if (grant.at > this.lastRefusal) stretches.push({ accepted, ms });
      if (ms <= 1000) lastSecond = accepted;
    }
    this.lastRefusal = t;
    this.burst ??= Math.max(1, lastQuarter);
    const burst = this.burst;
    const { best, bestAccepted } = bestRate(stretches, burst);
    if (this.peak.at < t - peakMs) this.peak = { rate: 0, at: t };
    const low = this.peak.rate / 2;
    // Paced: requests went out as fast as the pace allowed, so the refusal is about that pace.
    const bound = refusal.paced && recent > 0 && waited * 2 >= recent;

    // Only a refusal met while searching upwards (before any estimate, or past the estimate) is read
    // as the bucket running dry, and only when enough went through beyond the bucket. One met below
    // the estimate, at a pace the service accepted a moment ago, is about something else (or the
    // service's limit came down): the pace steps down a little, and its estimate with it, so that
    // the search from there reads the new rate.
    const searching = this.estimate === null || this.pace > this.estimate;
    const readable = bound && searching && best > 0 && bestAccepted - burst >= evidence;

    if (!bound) {
      // Not held back by the pace (before any pacing, or fewer requests than it allows): what went
      // through says as much about us (work between requests, connections opening) as about the
      // service. No faster than that, then search upwards.
      if (lastSecond >= 1) this.set('slowStart', Math.min(this.pace, Math.max(lastSecond, low)));
    } else if (readable) {
      this.estimate = best;
      if (best >= this.peak.rate) this.peak = { rate: best, at: t };
      this.set(bestAccepted - burst >= confident ? cruise : refine, Math.max(margin * best, lastSecond / 2, low));
    } else if (this.estimate === null) {
      this.set('slowStart', Math.max(1, this.pace / 2));
    } else {
      this.set(refine, Math.max(stepDown * this.pace, low));
      this.estimate = Math.min(this.estimate, this.pace / margin);
    }
  }

  private set(schedule: RateLearner['schedule'], pace: number): void {
    this.schedule = schedule;
    this.pace = Math.min(this.ceiling, Math.max(this.floor, pace));
    this.base = this.pace;
    this.boundMs = 0;
  }
}
