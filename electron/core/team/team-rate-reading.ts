/**
 * How the team's pace (`signdock.rate_limits`, team-rate.ts) reads a 429 that any computer of the team
 * met: the same model as one computer's `RateLearner` (`../api/rate-learner.ts`), a token bucket of
 * rate R and size B at the service, but read from the store's own count of the team's slots rather
 * than one computer's requests, so the estimate is the team's, not a share of it.
 *
 * A round of slots starts when the gate reopens after a pause (or after an idle second: the service's
 * bucket is full again). A 429 for a slot of the current round ends it; the slots of that round before
 * the refused one were accepted, over the time from the round's first slot to the refused one, so
 * R ≥ (accepted − B) / w, and R ≈ (accepted + 0.9 − B) / w (the refused request found most of a token).
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
  roundAt: number;
  firstAccepted: number | null;
  firstMs: number | null;
  peak: number;
  peakAt: number;
  pausedUntil: number;
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

/** After an estimate the pace is `margin` of it; a refusal that cannot be read slows it by `stepDown`. */
const margin = 0.99;
const stepDown = 0.95;
/** Fewer accepted beyond the bucket than `evidence` and a refusal is not read as a rate; `confident` or more: the bucket is kept and the pace cruises. */
const evidence = 5;
const confident = 20;
const residual = 0.9;
/** How long the highest estimate stands as a floor (half of it) for the pace. */
const peakMs = 60_000;
/** A 429 without Retry-After closes the gate for this long. */
const defaultPauseMs = 1_000;

/** The row's new values after `refusal`, read at `now`; the unchanged ones left out. */
export function readRefusal(row: RateRow, refusal: Refusal, now: number, bounds: PaceBounds): Partial<RateRow> & { base?: number } {
  const pausedUntil = Math.max(row.pausedUntil, now + (refusal.retryAfterMs ?? defaultPauseMs));
  if (refusal.ordinal < row.roundFrom) return { pausedUntil };
  const next: Partial<RateRow> & { base?: number } = { pausedUntil, roundFrom: row.granted + 1, roundAt: pausedUntil };
  const accepted = refusal.ordinal - row.roundFrom;
  const ms = Math.max(1, refusal.slotAt - row.roundAt);
  const clamp = (pace: number) => Math.min(bounds.ceiling, Math.max(bounds.floor, pace));
  const set = (phase: Phase, pace: number) => Object.assign(next, { phase, rate: clamp(pace), base: clamp(pace) });
  const peak = row.peakAt < now - peakMs ? 0 : row.peak;
  const low = peak / 2;
  // What went through in the last second of the round, at most.
  const lastSecond = accepted * Math.min(1, 1000 / ms);

  if (row.rate === null) {
    // The first refusal, before any pacing: it says as much about the computers' start as about the
    // service. No faster than what went through, then double while waiting on the pace.
    Object.assign(next, { firstAccepted: accepted, firstMs: ms });
    return set('slow', Math.max(1, lastSecond));
  }
  if (!refusal.bound) return set('slow', Math.min(row.rate, Math.max(1, lastSecond, low)));

  // The bucket: what the first round let through, less what the rate refilled meanwhile.
  const rough = ((accepted + residual - 1) * 1000) / ms;
  const burst = row.burst ?? Math.max(1, (row.firstAccepted ?? 1) + 0.5 - (rough * (row.firstMs ?? 0)) / 1000);
  const best = ((accepted + residual - burst) * 1000) / ms;
  const searching = row.estimate === null || row.rate > row.estimate;
  if (searching && best > 0 && accepted - burst >= evidence) {
    const sure = accepted - burst >= confident;
    Object.assign(next, { estimate: best, ...(sure && row.burst === null ? { burst } : {}) });
    if (best >= peak) Object.assign(next, { peak: best, peakAt: now });
    return set(sure ? 'cruise' : 'refine', Math.max(margin * best, low));
  }
  if (row.estimate === null) return set('slow', Math.max(1, row.rate / 2));
  // Refused below the estimate, at a pace accepted a moment ago: step down a little, and the estimate with it.
  Object.assign(next, { estimate: Math.min(row.estimate, row.rate / margin) });
  return set('refine', Math.max(stepDown * row.rate, low));
}
