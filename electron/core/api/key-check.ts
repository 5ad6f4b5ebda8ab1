import type { Dispatcher } from 'undici';
import { AppError } from '../../../shared/contract/errors';
import type { KeyCheck } from '../../../shared/domain/accounts';
import type { Redactor } from '../logging/redact';
import type { Logger } from '../logging/logger';
import { Limiter } from './limiter';
import { ServiceClient } from './service-client';

export interface KeyCheckDeps {
  http: Dispatcher;
  redactor: Redactor;
  logger?: Logger;
  /** The account's limiter when the key is an account's; a fresh one for a key not stored yet. */
  limiter?: Limiter;
  /** Told before each retry: "the service is busy, trying again in N s". */
  onRetry?: (waitMs: number, throttled: boolean) => void;
}

/**
 * Checks an API key the way the interface says to: `GET /api/v2/documents` with the Bearer key, through
 * the same limiter and retry policy as every other read (429 with or without Retry-After, 502/503/504,
 * connection resets: tried again within a bounded time). Only 401/403 means the key is not accepted.
 */
export async function checkApiKey(baseUrl: string, apiKey: string, deps: KeyCheckDeps): Promise<KeyCheck> {
  const client = new ServiceClient({
    baseUrl,
    apiKey,
    dispatcher: deps.http,
    limiter: deps.limiter ?? new Limiter(),
    redactor: deps.redactor,
    ...(deps.logger ? { logger: deps.logger } : {}),
    maxAttempts: 6,
    maxRetryWaitMs: 30_000,
  });
  try {
    const status = await client.checkKey(deps.onRetry);
    return { ok: true, status };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failed(error.toShape());
  }
}

function failed(shape: ReturnType<AppError['toShape']>): KeyCheck {
  const status = 'status' in shape && typeof shape.status === 'number' ? shape.status : undefined;
  const base = {
    ...(status !== undefined ? { status } : {}),
    ...(shape.code ? { code: shape.code } : {}),
    ...(shape.params ? { params: shape.params } : {}),
  };
  switch (shape.kind) {
    case 'Unauthorized':
      return { ok: false, reason: 'unauthorized', ...base, message: `The service did not accept this API key (${status ?? 401}).` };
    case 'Network':
      return { ok: false, reason: 'network', ...base, message: shape.message };
    case 'RateLimited':
      return {
        ok: false,
        reason: 'busy',
        ...base,
        message: 'The service is busy and kept asking to slow down. Try again in a minute; the key may well be right.',
      };
    case 'NotFound':
      return {
        ok: false,
        reason: 'unexpected',
        ...base,
        message: 'No e-signature service answered at this address (404). Check the service address.',
      };
    case 'ServerError':
      return {
        ok: false,
        reason: 'server',
        ...base,
        message: `The service had a problem answering${status ? ` (${status})` : ''}. Try again in a moment.`,
      };
    default:
      return {
        ok: false,
        reason: 'server',
        ...base,
        message: `The service answered in an unexpected way${status ? ` (${status})` : ''}. Try again in a moment.`,
      };
  }
}
