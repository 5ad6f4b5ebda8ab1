/**
 * What the rate learner reads a refusal from: the requests accepted over stretches of time that ended
 * in it, and the highest rate they allow for a bucket. Used only by `rate-learner.ts`.
 */
/** What the refused request is taken to have found of a token (see `bestRate`). */
export const residual = 0.9;

/** Requests accepted over a stretch of time that ended in a refusal. */
export interface Stretch {
  accepted: number;
  ms: number;
}

/** The highest rate the stretches allow for a bucket of `burst`: R >= (accepted - B) / w. */
export function bestRate(stretches: readonly Stretch[], burst: number): { best: number; bestAccepted: number } {
  let best = 0;
  let bestAccepted = 0;
  for (const stretch of stretches) {
    // The refused request found between 0 and 1 token left; while requests go out a little faster
    // than the service refills (as when searching upwards), each finds a little less than the one
    // before, so the refused one found nearly a whole token: count `residual` of one.
    const rate = ((stretch.accepted + residual - burst) * 1000) / stretch.ms;
    if (rate > best) {
      best = rate;
      bestAccepted = stretch.accepted;
    }
  }
  return { best, bestAccepted };
}
