/**
 * How the team's pace (`signdock.rate_limits`, team-rate.ts) reads a 429 that any computer of the team
 * met. The model is one computer's `RateLearner` (`../api/rate-learner.ts`): a token bucket of rate R and
 * size B at the service. It is read from the store's own count of the team's slots, not from one
 * computer's requests, so the estimate is the team's, not a share of it.
 *
 * A round of slots starts when the gate reopens after a pause (or after an idle second): the service's
 * bucket is full again. A 429 for a slot of the current round ends it. The slots before the refused one
 * were accepted, over the time w from the round's first slot to the refused one, so
 * accepted + f ≈ B + R·w, f the part of a token the refused request found: a pace p above R takes
 * (p − R)/p of a token more than comes each time, so the refused one found 1 − (p − R)/2p of one on
 * average: 0.9 where the pace is near the rate, 0.75 at twice it (the search upwards), 0.5 for the
 * first round, not paced (`found`). One round cannot tell R from
 * B. Rounds at different paces end after different times, so each round the team waited on the pace
 * for is a point (w, accepted + 0.9), and a line through the last rounds gives R (its slope) and B (where
 * it starts). The newer rounds weigh more (`decay`), so a changed limit is followed. Until the points
 * say enough (two rounds, their times apart), each refusal halves the pace, which spreads the next
 * rounds' times.
 *
 * Rounds' times are often close together, so such a line is ill-conditioned: one round that began at a
 * step of the pace with the bucket part empty (it accepted fewer) tilts it, to a bucket near nothing and a
 * rate above the service's (22.5/s for 20 in one run: 429s for every computer), or the other way (15/s).
 * So the bucket is pinned by a short round that began with it full (`anchor`: the team's first round, all
 * bucket; better, a paced one: a step of the search upwards, or one right after a pause), as one computer's limiter
 * reads its bucket from its first burst: the line is the one through the anchor that fits the rounds
 * best, and one round beside it is enough. The first round is not paced, so its requests may reach the
 * service out of the slots' order: a later 429 for a slot before the anchor's refused one takes one off
 * what the anchor accepted. Without an anchor, the line through the rounds; a bucket below one is drawn
 * through (0, 1).
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
  /** A short round that began with the service's bucket full (see above). */
  anchor: Anchor | null;
  /** Where the round before the current one began, when no pause or idle second came between. */
  prev: { from: number; at: number } | null;
}

export interface Point {
  /** Seconds from the round's start to its refused slot. */
  w: number;
  /** Accepted + residual. */
  a: number;
}

/** A round's point, with the slots it counted as accepted: [from, to), and whether it was paced. */
export interface Anchor extends Point {
  from: number;
  to: number;
  paced?: boolean;
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
/** What the refused request found of a token (see above): paced near the rate, at about twice it, not paced. */
const found = { near: 0.9, doubled: 0.75, unpaced: 0.5 };
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
/** A round that began with the bucket full and ended within this (s) may be the anchor: mostly bucket. */
const anchorS = 1;
/** A line through the anchor needs its points this far (s) from it, on average. */
const anchorSpreadS = 0.5;

/** The row's new values after `refusal`, read at `now`; the unchanged ones left out. */
export function readRefusal(row: RateRow, refusal: Refusal, now: number, bounds: PaceBounds): Partial<RateRow> {
  const pausedUntil = Math.max(row.pausedUntil, now + (refusal.retryAfterMs ?? defaultPauseMs));
  if (refusal.ordinal <= row.readUpto) {
    // A slot the anchor counted as accepted was refused after all.
    const { anchor } = row;
    if (anchor && refusal.ordinal >= anchor.from && refusal.ordinal < anchor.to)
      return { pausedUntil, anchor: { ...anchor, a: anchor.a - 1 } };
    return { pausedUntil };
  }
  const next: Partial<RateRow> = { pausedUntil, roundFrom: row.granted + 1, roundAt: pausedUntil, prev: null };
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
  // The round began with the bucket full: the team's first, the first after the pause of the last refusal
  // read, or a step of the search upwards (the step before, half the pace, went a second without a 429).
  const fullStart = clean && (row.roundFrom === row.readUpto + 1 || (row.phase === 'slow' && row.rate !== null && refusal.bound));
  const residual = row.rate === null ? found.unpaced : row.phase === 'slow' ? found.doubled : found.near;
  const point: Anchor = {
    w: seconds,
    a: accepted + residual,
    from: row.roundFrom,
    to: refusal.ordinal,
    paced: row.rate !== null && refusal.bound,
  };
  if (fullStart && seconds <= anchorS && showsMore(point, row.anchor, row.estimate ?? row.rate)) next.anchor = point;
  const anchor = next.anchor ?? row.anchor;

  // Before any pacing, or not waiting on it: what went through says as much about the computers
  // (their start, their work between requests) as about the service. No faster than that, then search upwards.
  if (row.rate === null) return set('slow', Math.max(1, lastSecond));
  if (!refusal.bound) return set('slow', Math.min(row.rate, Math.max(1, lastSecond, low)));

  // The round may have begun at a step of the pace with the bucket part empty (the step before was past
  // the rate): the stretch from the round before then shows more. As one computer's limiter takes the
  // stretch that shows the highest rate beside its bucket, so does the line through the anchor.
  // (Not while searching upwards: the step before, half the pace, is taken to have been below the rate.)
  const longer =
    row.prev && clean && row.phase !== 'slow'
      ? { w: (refusal.slotAt - row.prev.at) / 1000, a: refusal.ordinal - row.prev.from + residual }
      : null;
  const chosen = anchor && longer && steeper(longer, point, anchor) ? longer : point;
  const fit = clean && seconds >= shortestS ? addPoint(row.fit, chosen.w, chosen.a) : row.fit;
  next.fit = fit;
  const line = lineOf(fit, bounds, anchor);
  if (!line) {
    // Refused at or below what was learnt (an earlier run's rate, a limit that came down): a little
    // slower, and the estimate with it. Above it, or with nothing learnt: back to the step before
    // (searching upwards), or two steps (refining: the step before may have been past the rate too).
    // Searching upwards, a line through the anchor over a short round says roughly where the rate is: the
    // search goes on from a little below it, when that is above the step before.
    const rough = anchor && clean ? through(addPoint(emptyFit, chosen.w, chosen.a), anchor, spreadS) : null;
    const before = row.phase === 'slow' ? row.rate / 2 : row.rate / 1.1;
    const from = rough && rough.rate < row.rate ? Math.max(before, Math.min(stepDown * rough.rate, row.rate / 1.1)) : before;
    // Refused again while refining: the rate is below the step before too, so the pace holds there as
    // once learnt (growing only after a minute) instead of stepping up into the next 429 every few seconds.
    if (row.estimate === null || row.rate > row.estimate) return set(row.phase === 'refine' ? 'cruise' : 'refine', Math.max(from, low));
    next.estimate = Math.min(row.estimate, row.rate / margin);
    return set('refine', Math.max(stepDown * row.rate, low));
  }
  Object.assign(next, { estimate: line.rate, burst: line.burst });
  if (line.rate >= peak) Object.assign(next, { peak: line.rate, peakAt: now });
  return set('cruise', Math.max(margin * line.rate, low));
}

const emptyFit: Fit = { n: 0, w: 0, a: 0, ww: 0, wa: 0 };

function addPoint(fit: Fit, w: number, a: number): Fit {
  return {
    n: fit.n * decay + 1,
    w: fit.w * decay + w,
    a: fit.a * decay + a,
    ww: fit.ww * decay + w * w,
    wa: fit.wa * decay + w * a,
  };
}

/** Whether the line from `anchor` through `one` is steeper than through `other` (each apart from it, else it says nothing). */
function steeper(one: Point, other: Point, anchor: Point): boolean {
  if (!(one.w - anchor.w >= spreadS)) return false;
  if (!(other.w - anchor.w >= spreadS)) return true;
  return (one.a - anchor.a) / (one.w - anchor.w) > (other.a - anchor.a) / (other.w - anchor.w);
}

/**
 * Whether `point` is the better anchor: there is none yet; it was paced and the anchor not (a paced round's
 * requests reach the service in the slots' order); or as paced, it shows more of the bucket (at the rate as known).
 */
function showsMore(point: Anchor, anchor: Anchor | null, rate: number | null): boolean {
  if (!anchor) return true;
  if (Boolean(point.paced) !== Boolean(anchor.paced)) return Boolean(point.paced);
  const r = rate ?? 0;
  return point.a - r * point.w > anchor.a - r * anchor.w;
}

/**
 * The service's rate and bucket from the rounds' points: through the anchor when there is one; null while
 * they do not say enough.
 */
export function lineOf(fit: Fit, bounds: PaceBounds, anchor: Point | null = null): { rate: number; burst: number } | null {
  let line = anchor ? through(fit, anchor, anchorSpreadS) : fit.n >= enoughWeight ? through(fit, null, spreadS) : null;
  // A bucket of less than one is not a bucket.
  if (line && line.burst < 1) line = through(fit, { w: 0, a: 1 }, spreadS);
  if (!line || !(line.rate >= bounds.floor && line.rate <= bounds.ceiling)) return null;
  return line;
}

/**
 * The least-squares line through the points, or through `pivot` (the line through it that fits them best);
 * null when their times are not far enough apart (from each other, or from the pivot's).
 */
function through(fit: Fit, pivot: Point | null, apart: number): { rate: number; burst: number } | null {
  if (fit.n <= 0) return null;
  // Around (w0, a0): the points' mean, or the pivot.
  const w0 = pivot ? pivot.w : fit.w / fit.n;
  const a0 = pivot ? pivot.a : fit.a / fit.n;
  const spread = fit.ww - 2 * w0 * fit.w + fit.n * w0 * w0;
  if (!(spread >= fit.n * apart * apart)) return null;
  const rate = (fit.wa - w0 * fit.a - a0 * fit.w + fit.n * w0 * a0) / spread;
  return { rate, burst: a0 - rate * w0 };
}
