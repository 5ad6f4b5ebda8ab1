/**
 * What the limiter learnt about a service's rate limit: kept per account across runs (the accounts'
 * `learnt-rates.ts`), and checked when read back.
 */
/** What the limiter learnt about a service's rate limit, kept per account across runs. */
export interface LearntRate {
  /** Requests per second the service allows. */
  rate: number;
  /** Requests it lets through at once after a pause (its bucket). */
  burst: number;
}

/** The bounds a kept rate must be within to be used (anything else is learnt again). */
const learntBounds = { rate: [0.5, 10_000], burst: [1, 10_000] } as const;

/** A kept rate as read back from storage: used only when both numbers are finite and within bounds. */
export function validLearntRate(value: unknown): LearntRate | null {
  if (typeof value !== 'object' || value === null) return null;
  const { rate, burst } = value as Record<string, unknown>;
  const within = (n: unknown, [low, high]: readonly [number, number]): n is number =>
    typeof n === 'number' && Number.isFinite(n) && n >= low && n <= high;
  return within(rate, learntBounds.rate) && within(burst, learntBounds.burst) ? { rate, burst } : null;
}
