/**
 * The limiter's rate learning: from the service's 429s, the rate it accepts (see `RateLearner`).
 * Used only by `limiter.ts`.
 */
import type { LearntRate } from './learnt-rate';
import { bestRate, residual, type Stretch } from './rate-stretch';

/** One granted request, kept a while so that a later 429 can be read against what went before it. */
export interface GrantRecord {
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
const margin = 0.99;
/**
 * Then it holds for `holdMs` spent waiting on it and probes upwards, by `gain`·s² (s = seconds past
 * the hold): slowly at first, then faster (each probe that finds the limit costs a Retry-After pause).
 * An estimate read from few requests (fewer than `confident` accepted beyond the bucket; the first,
 * read when the search upwards overshot, usually is), or a step down for a refusal that could not be
 * read, holds briefly and probes fast: the next refusal, over a longer stretch, reads the rate well.
 */
const cruise = { holdMs: 60_000, gain: 0.001 };
const refine = { holdMs: 500, gain: 0.05 };
/**
 * A rate kept from an earlier run holds 2 s and then probes, a little gentler than `refine`: a rate
 * kept 10 % low is found again within about 7 s, at the cost of one Retry-After pause when it was right.
 * Not with a bucket of 1: the limiter's catch-up after the pause (two at once) meets a 429 again.
 */
const early = { holdMs: 2_000, gain: 0.02 };
/** How many tokens a kept bucket may be off by (it is read large rather than small; see `bucket`). */
const keptSlack = 2;
const confident = 20;
/** Fewer accepted beyond the bucket than this before a refusal, and it is not read as a rate. */
const evidence = 5;
/** A first stretch this short (ms) is a burst of ours: the bucket is read from it (see `bucket`). */
const burstMs = 150;
/** Fewer than `evidence` but at least this many, before any estimate: where to search from (see `read`). */
const hint = 2;
/** A refusal that cannot be read slows the pace by this factor. */
const stepDown = 0.95;
/** How long the highest estimate stands as a floor (half of it) for the pace. */
const peakMs = 60_000;

/**
 * Learns the rate a service accepts from its 429s, on the model of a token bucket (rate R, bucket B):
 * over any stretch of time w that ends in a refusal, the service accepted at most B + R·w requests,
 * so R >= (accepted - B) / w for every such stretch; the largest of these is the estimate (exact,
 * give or take the token the refused request found partly refilled, for the stretch over which the
 * bucket ran dry). Stretches start after the previous refusal: a pause for Retry-After in between
 * refills the bucket, so it says nothing. B is read from the first refusal, which met a burst of
 * ours on a bucket left full: what went through before it less what the rate refilled meanwhile,
 * and half a token for what the refused request found (between none and one); B and R are read
 * together (see `bucket`). A bucket read one token too large makes every later estimate low by a
 * token over the stretch it is read from (3 % over a stretch of 1.7 s at 20/s).
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
export class RateLearner {
  private readonly history: GrantRecord[] = [];
  private pending: GrantRecord | null = null;
  /** When the pending refusal, and the last one read, were answered: the pause for Retry-After began. */
  private pendingAnswer = Number.NEGATIVE_INFINITY;
  private lastAnswer = Number.NEGATIVE_INFINITY;
  /** When the last refusal read was granted: stretches of time start after it. */
  private lastRefusal = Number.NEGATIVE_INFINITY;
  private burst: number | null = null;
  /** The bucket the estimate was last read with. */
  private readBurst: number | null = null;
  /** What went through before the first refusal (see `firstStretch`). */
  private first: (Stretch & { quarter: number }) | null = null;
  /** When the first refusal was answered (see `firstBurst`). */
  private firstAnswerAt = Number.NEGATIVE_INFINITY;
  estimate: number | null = null;
  private peak = { rate: 0, at: 0 };
  /** Whether a 429 has been seen: from then on requests are paced evenly. */
  learning = false;
  pace: number;
  private schedule: 'slowStart' | typeof cruise | typeof refine | typeof early = 'slowStart';
  /** The rate kept from an earlier run, until the first refusal is read (the early probe's floor). */
  private kept: number | null = null;
  private base: number;
  private boundMs = 0;

  /** `known`: the rate learnt in an earlier run; requests are paced just under it from the first one. */
  constructor(
    private readonly ceiling: number,
    private readonly floor: number,
    known: LearntRate | null = null,
  ) {
    this.pace = ceiling;
    this.base = ceiling;
    if (known) {
      this.learning = true;
      this.estimate = known.rate;
      this.burst = Math.max(1, Math.round(known.burst));
      this.kept = known.rate;
      this.set(this.burst >= 2 ? early : cruise, margin * known.rate);
    }
  }

  /**
   * What was learnt, to keep for the next run; null before an estimate. The bucket is the one the
   * estimate was read with when it is not settled yet (a batch over before a confident reading still
   * keeps its rate: the next run paces at it from its first request).
   */
  learnt(): LearntRate | null {
    const burst = this.burst ?? this.readBurst;
    return this.estimate === null || burst === null ? null : { rate: this.estimate, burst: Math.max(1, Math.round(burst)) };
  }

  granted(now: number, waited: boolean): GrantRecord {
    const record: GrantRecord = { at: now, paced: this.learning, waited, state: 'open' };
    this.history.push(record);
    let drop = 0;
    while (
      drop < this.history.length &&
      this.history[drop] !== this.pending &&
      (this.history.length - drop > historyMax || this.history[drop]!.at < now - historyMs)
    )
      drop += 1;
    if (drop > 0) this.history.splice(0, drop);
    return record;
  }

  /** A 429 that tells something about the rate (the first of its round). */
  refused(record: GrantRecord, now: number): void {
    if (this.pending) this.read(now, true);
    this.pending = record;
    this.pendingAnswer = now;
    if (!this.learning) {
      this.learning = true;
      this.firstAnswerAt = now;
      // Until the refusal is read: no faster than what went through in the last second.
      const accepted = this.history.filter(
        (grant) => grant.state !== 'refused' && grant.at >= record.at - 1000 && grant.at < record.at,
      ).length;
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
      this.schedule === 'slowStart'
        ? 2 ** (this.boundMs / doublingMs)
        : 1 + this.schedule.gain * (Math.max(0, this.boundMs - this.schedule.holdMs) / 1000) ** 2;
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
    const kept = this.kept;
    this.kept = null;

    const t = refusal.at;
    let accepted = 0;
    let lastSecond = 0;
    let recent = 0;
    let waited = 0;
    let sinceRefusal = 0;
    let resumedAt = t;
    const stretches: Stretch[] = [];
    for (let i = index - 1; i >= 0; i -= 1) {
      const grant = this.history[i]!;
      const ms = t - grant.at;
      if (ms <= 1000 && grant.at > this.lastRefusal) {
        recent += 1;
        if (grant.waited) waited += 1;
      }
      if (grant.at > this.lastAnswer) resumedAt = grant.at;
      if (grant.state === 'refused') continue;
      accepted += 1;
      if (grant.at > this.lastRefusal) sinceRefusal += 1;
      if (ms >= minWindowMs && grant.at > this.lastRefusal) stretches.push({ accepted, ms });
      if (ms <= 1000) lastSecond = accepted;
    }
    const previous = this.lastRefusal;
    this.lastRefusal = t;
    this.lastAnswer = this.pendingAnswer;
    this.first ??= this.firstStretch(t);
    const burst = this.burst ?? this.bucket(this.first, stretches);
    let { best, bestAccepted } = bestRate(stretches, burst);
    // The previous refusal found the bucket empty, and a pause too short to fill it (a bucket larger
    // than the rate refills in a Retry-After) leaves fewer than `burst` tokens: everything accepted
    // since came from the rate, so R >= accepted / (time since the previous refusal) too. Read only
    // when the pause was indeed too short for that rate to fill the bucket, and from more requests
    // than a service that refuses one in a few whatever the pace lets through between refusals.
    const sincePrevious = t - previous;
    if (Number.isFinite(previous) && sincePrevious >= minWindowMs) {
      const emptied = ((sinceRefusal + residual) * 1000) / sincePrevious;
      if (emptied > best && sinceRefusal >= confident / 2 && (emptied * (resumedAt - previous)) / 1000 < burst) {
        best = emptied;
        bestAccepted = sinceRefusal + burst;
      }
    }
    if (this.peak.at < t - peakMs) this.peak = { rate: 0, at: t };
    const low = this.peak.rate / 2;
    // Paced: requests went out as fast as the pace allowed, so the refusal is about that pace.
    const bound = refusal.paced && recent > 0 && waited * 2 >= recent;

    // Only a refusal met while searching upwards (before any estimate, or past the estimate) is read
    // as the bucket running dry, and only when enough went through beyond the bucket. One met below
    // the estimate, at a pace the service accepted a moment ago, is about something else (or the
    // service's limit came down): the pace steps down a little, and its estimate with it, so that
    // the search from there reads the new rate.
    // A refusal below the estimate after a long stretch, at nearly the pace, is read too: the bucket ran
    // dry slowly, which says the estimate was a little high (a bucket read a little small).
    const searching = this.estimate === null || this.pace > this.estimate;
    const slowDrain = bestAccepted - burst >= confident && best >= stepDown * this.pace;
    const readable = bound && (searching || slowDrain) && best > 0 && bestAccepted - burst >= evidence;

    if (!bound) {
      // Not held back by the pace (before any pacing, or fewer requests than it allows): what went
      // through says as much about us (work between requests, connections opening) as about the
      // service. No faster than that, then search upwards.
      if (lastSecond >= 1) this.set('slowStart', Math.min(this.pace, Math.max(lastSecond, low)));
    } else if (readable) {
      // The early probe of a kept rate, past it: read lower than the kept rate, it says rather that the
      // kept bucket was too large (a bucket read on a busy machine): the kept rate stands, as far as a
      // bucket `keptSlack` tokens smaller allows. Read from few requests (a low rate), it is trusted all
      // the same: the kept rate was read before, and probing again at once would cost a pause each time.
      const probed = kept !== null && searching;
      if (probed) best = Math.max(best, Math.min(kept, bestRate(stretches, Math.max(1, burst - keptSlack)).best));
      this.estimate = best;
      this.readBurst = burst;
      if (bestAccepted - burst >= confident) this.burst ??= burst;
      if (best >= this.peak.rate) this.peak = { rate: best, at: t };
      this.set(probed || bestAccepted - burst >= confident ? cruise : refine, Math.max(margin * best, lastSecond / 2, low));
    } else if (this.estimate === null && best > 0 && bestAccepted - burst >= hint) {
      // Too few beyond the bucket to trust (slow start overshot by far, the bucket drained in a
      // moment), but they say roughly where the rate is: search upwards slowly from there.
      this.set(refine, Math.min(this.pace / 2, margin * best));
    } else if (this.estimate === null) {
      this.set('slowStart', Math.max(1, this.pace / 2));
    } else {
      this.set(refine, Math.max(stepDown * this.pace, low));
      this.estimate = Math.min(this.estimate, this.pace / margin);
    }
  }

  /**
   * What the service let through in the second before its first refusal was answered, and over how
   * long: from the first of them to the refused request (granted at `refusedAt`) or the last accepted
   * one, whichever went later. The requests granted after the refused one but before its answer may
   * have reached the service first (arrival order is not grant order), so counting only those granted
   * before it can miss one of the bucket.
   */
  private firstStretch(refusedAt: number): Stretch & { quarter: number } {
    const until = this.firstAnswerAt;
    const grants = this.history.filter((grant) => grant.state === 'accepted' && grant.at <= until && grant.at >= until - 1000);
    const last = Math.max(refusedAt, grants[grants.length - 1]?.at ?? refusedAt);
    const quarter = grants.filter((grant) => grant.at >= refusedAt - minWindowMs).length;
    return { accepted: grants.length, ms: grants.length > 0 ? Math.max(0, last - grants[0]!.at) : 0, quarter };
  }

  /**
   * The bucket B from the first stretch, which began on a full bucket. When it was a burst (at most
   * `burstMs` from its first request to the refusal), it let through B + R·ms less what the refused
   * request found (at least none, less than one token), so accepted − R·ms lies in (B − 1, B]: B is
   * the whole number at or just above it (a bucket holds whole requests; a twentieth of a token is
   * left for requests reaching the service a little unevenly). R here is the lowest the stretches
   * allow (read as if the bucket were all that went through), so that B errs large: a bucket read too
   * small reads the rate too high, and pacing above the service's rate costs a Retry-After pause every
   * few seconds; one read too large only reads it a little low. A longer first stretch (our start was
   * slow: a busy machine) says little of B beside what R refilled meanwhile: then B is taken as no less
   * than went through in its last quarter second, less what R refilled (large, so the rate errs low).
   */
  private bucket(first: Stretch & { quarter: number }, stretches: readonly Stretch[]): number {
    if (first.ms <= burstMs) {
      const low = bestRate(stretches, Math.max(1, first.accepted)).best;
      return Math.max(1, Math.ceil(first.accepted - (low * first.ms) / 1000 - 0.05));
    }
    const rough = bestRate(stretches, Math.max(1, first.quarter)).best;
    return Math.max(1, first.quarter, first.accepted + 0.5 - (rough * first.ms) / 1000);
  }

  /** The service's bucket as learnt (null until read from enough requests, or kept from an earlier run). */
  get knownBurst(): number | null {
    return this.burst;
  }

  private set(schedule: RateLearner['schedule'], pace: number): void {
    this.schedule = schedule;
    this.pace = Math.min(this.ceiling, Math.max(this.floor, pace));
    this.base = this.pace;
    this.boundMs = 0;
  }
}
