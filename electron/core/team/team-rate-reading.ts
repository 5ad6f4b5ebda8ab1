/**
 * How the team's pace (`signdock.rate_limits`, team-rate.ts) reads a 429 that any computer of the team
 * met. The model is one computer's `RateLearner` (`../api/rate-learner.ts`): a token bucket of rate R and
 * size B at the service. It is read from the store's own count of the team's slots, not from one
 * computer's requests, so the estimate is the team's, not a share of it.
 *
 * A round of slots starts when the gate reopens after a pause (or after an idle second): the service's
 * bucket is full again. A 429 for a slot of the current round ends it. The slots before the refused one
 * were accepted, over the time w from the round's first slot to the refused one, so
 * accepted + 0.9 ≈ B + R·w (the refused request found most of a token). One round cannot tell R from
 * B. Rounds at different paces end after different times, so each round the team waited on the pace
 * for is a point (w, accepted + 0.9), and a line through the last rounds gives R (its slope) and B (where
 * it starts). The newer rounds weigh more (`decay`), so a changed limit is followed. Until the points
 * say enough (two rounds, their times apart), each refusal halves the pace, which spreads the next
 * rounds' times.
 *
 * A 429 for a slot of a round already read only keeps the gate closed (its Retry-After).
 */

/** The row of one account, as the reading needs it (times in ms since the epoch, by the store's clock). */
export interface RateRow {
  rate: number | null;
  estimate: number | null;
  burst: number | null;
  phase: Phase;
  granted: number;
  roundFrom: number;
  /** The last slot taken when a refusal was last read: refusals of slots up to it are of rounds already read. */
  readUpto: number;
  roundAt: number;
  /** The rounds' points, decayed sums: weight, Σw, Σa, Σw², Σw·a (w in seconds). */
  fit: Fit;
  peak: number;
  peakAt: number;
  pausedUntil: number;
}

export interface Fit {
  n: number;
  w: number;
  a: number;
  ww: number;
  wa: number;
}

export type Phase = 'slow' | 'refine' | 'cruise';

/** A refused slot, as its computer reports it. */
export interface Refusal {
  ordinal: number;
  slotAt: number;
  /** The team was waiting on the pace when the slot was taken. */
  bound: boolean;
  retryAfterMs: number | null;
}

/** The pace's bounds (requests per second). */
export interface PaceBounds {
  ceiling: number;
  floor: number;
}

/** After an estimate the pace is `margin` of it. */
const margin = 0.99;
/** A refusal at or below the learnt rate, with too few rounds for a line, slows the pace by this factor. */
const stepDown = 0.95;
const residual = 0.9;
/** Each new round's point weighs 1, the older ones this much less each round. */
const decay = 0.7;
/** A line is drawn only through this much weight of points, whose times are this far apart (s). */
const enoughWeight = 1.5;
const spreadS = 0.15;
/** How long the highest estimate stands as a floor (half of it) for the pace. */
const peakMs = 60_000;
/** A round shorter than this (s) is not a point: the computers' own delays are too large a part of it. */
const shortestS = 0.15;
/** A 429 without Retry-After closes the gate for this long. */
const defaultPauseMs = 1_000;

/** The row's new values after `refusal`, read at `now`; the unchanged ones left out. */
export function readRefusal(row: RateRow, refusal: Refusal, now: number, bounds: PaceBounds): Partial<RateRow> {
  const pausedUntil = Math.max(row.pausedUntil, now + (refusal.retryAfterMs ?? defaultPauseMs));
  if (refusal.ordinal <= row.readUpto) return { pausedUntil };
  const next: Partial<RateRow> = { pausedUntil, roundFrom: row.granted + 1, roundAt: pausedUntil };
  // A slot of the current round (not one taken before the last idle second): a point, if long enough.
  const clean = refusal.ordinal >= row.roundFrom;
  const accepted = refusal.ordinal - row.roundFrom;
  const seconds = Math.max(0.001, (refusal.slotAt - row.roundAt) / 1000);
  const clamp = (pace: number) => Math.min(bounds.ceiling, Math.max(bounds.floor, pace));
  const set = (phase: Phase, pace: number) => Object.assign(next, { phase, rate: clamp(pace) });
  const peak = row.peakAt < now - peakMs ? 0 : row.peak;
  const low = peak / 2;
  // What went through in the last second of the round, at most.
  const lastSecond = accepted * Math.min(1, 1 / seconds);

  // Before any pacing, or not waiting on it: what went through says as much about the computers
  // (their start, their work between requests) as about the service. No faster than that, then search upwards.
  if (row.rate === null) return set('slow', Math.max(1, lastSecond));
  if (!refusal.bound) return set('slow', Math.min(row.rate, Math.max(1, lastSecond, low)));

  const fit = clean && seconds >= shortestS ? addPoint(row.fit, seconds, accepted + residual) : row.fit;
  next.fit = fit;
  const line = lineOf(fit, bounds);
  if (!line) {
    // Refused at or below what was learnt (an earlier run's rate, a limit that came down): a little
    // slower, and the estimate with it. Above it, or with nothing learnt: back to the step before
    // (searching upwards), or two steps (refining: the step before may have been past the rate too).
    if (row.estimate === null || row.rate > row.estimate)
      return set('refine', Math.max(row.phase === 'slow' ? row.rate / 2 : row.rate / 1.1, low));
    next.estimate = Math.min(row.estimate, row.rate / margin);
    return set('refine', Math.max(stepDown * row.rate, low));
  }
  Object.assign(next, { estimate: line.rate, burst: line.burst });
  if (line.rate >= peak) Object.assign(next, { peak: line.rate, peakAt: now });
  return set('cruise', Math.max(margin * line.rate, low));
}

function addPoint(fit: Fit, w: number, a: number): Fit {
  return {
    n: fit.n * decay + 1,
    w: fit.w * decay + w,
    a: fit.a * decay + a,
    ww: fit.ww * decay + w * w,
    wa: fit.wa * decay + w * a,
  };
}

/** The service's rate and bucket from the rounds' points; null while they do not say enough. */
export function lineOf(fit: Fit, bounds: PaceBounds): { rate: number; burst: number } | null {
  if (fit.n < enoughWeight) return null;
  const w = fit.w / fit.n;
  const a = fit.a / fit.n;
  const variance = fit.ww / fit.n - w * w;
  if (!(variance >= spreadS * spreadS)) return null;
  let rate = (fit.wa / fit.n - w * a) / variance;
  let burst = a - rate * w;
  if (burst < 1) {
    // A bucket of less than one is not a bucket: the line through the points' middle from one.
    burst = 1;
    rate = (a - 1) / w;
  }
  if (!(rate >= bounds.floor && rate <= bounds.ceiling)) return null;
  return { rate, burst };
}
