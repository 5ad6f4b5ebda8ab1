/**
 * Which failures the client retries by itself, per operation.
 *
 * A retry is safe only when repeating the request cannot do anything twice:
 * - Reads (list, get, signature, downloads) are idempotent: retried after 429, 5xx, network
 *   failures at any point, and answers that could not be read.
 * - Cancel and invalidate are PATCHes but not idempotent in effect: a second cancel of a
 *   document the first one already cancelled answers 400 ("cannot be cancelled"), and a second
 *   invalidate of a signature with a replacement could invite the new signer twice. They are
 *   retried only when the service certainly did not act: a 429 (refused before handling) or a
 *   failure before the request went out (connection refused, name not found, connect timeout,
 *   body not fully sent). After that the outcome is `Ambiguous` and the caller re-reads.
 * - Resend-invitation sends a message; its 429 also means "a reminder went out less than 2 hours
 *   ago", which no retry fixes. Retried only when it never went out.
 * - Create is never retried by the client: the batch sender owns that decision (it records the
 *   intent and looks for the document before sending again).
 */
export type Operation = 'list' | 'create' | 'get' | 'cancel' | 'invalidate' | 'signature' | 'resend' | 'download';

export interface RetryPolicy {
  /** Retry after a 429. */
  throttled: boolean;
  /** Retry when the request certainly did not reach the service. */
  unsent: boolean;
  /** Retry when the service may have acted: failures after the request went out, 5xx, unreadable answers. */
  afterSent: boolean;
}

const read: RetryPolicy = { throttled: true, unsent: true, afterSent: true };
const change: RetryPolicy = { throttled: true, unsent: true, afterSent: false };

export const retryPolicies: Record<Operation, RetryPolicy> = {
  list: read,
  get: read,
  signature: read,
  download: read,
  cancel: change,
  invalidate: change,
  resend: { throttled: false, unsent: true, afterSent: false },
  create: { throttled: false, unsent: false, afterSent: false },
};

/** Operations whose effect is not idempotent: a failure after sending is `Ambiguous`. */
export function changesState(operation: Operation): boolean {
  return !retryPolicies[operation].afterSent;
}

/** Error codes raised before any byte of the request reached the service. */
const connectPhaseCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CONNECT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The first `code` found on an error or its causes. */
export function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when the error happened while connecting, so the request never went out. */
export function failedBeforeSending(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && connectPhaseCodes.has(code);
}
