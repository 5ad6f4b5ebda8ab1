import { isAppError } from '../../../shared/contract/errors';

/** What the worker does after a refresh threw. */
export interface RefreshFailure {
  /** Retrying cannot help (the service refused the read itself): the rows become failed. */
  permanent: boolean;
  /** The whole account should wait (rate limited, network down, key rejected, service failing). */
  pauseAccount: boolean;
  /** The service's own wait (Retry-After), when it gave one. */
  retryAfterMs: number | null;
  message: string;
}

const accountWide = new Set(['RateLimited', 'Network', 'ServerError', 'Unavailable', 'Unauthorized']);

export function classifyRefreshError(error: unknown): RefreshFailure {
  if (isAppError(error)) {
    const seconds = error.params?.retryAfterSeconds;
    return {
      permanent: error.kind === 'InvalidInput' || error.kind === 'NotFound',
      pauseAccount: accountWide.has(error.kind),
      retryAfterMs: typeof seconds === 'number' ? seconds * 1000 : null,
      message: error.message,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { permanent: false, pauseAccount: false, retryAfterMs: null, message };
}

/** Exponential backoff with ±20 % jitter: base·2^attempts, capped; never shorter than Retry-After. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, retryAfterMs: number | null, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 30));
  const jittered = Math.round(exponential * (0.8 + 0.4 * random()));
  return Math.max(jittered, retryAfterMs ?? 0);
}
