import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { AppError, isAppError } from '../../../shared/contract/errors';
import type { EvidenceKind } from '../../../shared/domain/documents';
import type { Logger, LogLevel } from '../logging/logger';
import type { Redactor } from '../logging/redact';
import { parseErrorBody } from './error-body';
import type { HttpTimeouts } from './http';
import type { Limiter } from './limiter';
import { describeNetworkError } from './network-error';
import { trackSending, type OutgoingBody, type SendState } from './outgoing-body';
import { discard, readText } from './read-body';
import { parseRetryAfter } from './retry-after';
import { changesState, errorCodeOf, failedBeforeSending, retryPolicies, type Operation } from './retry-policy';
import { ambiguousError, errorForStatus, rateLimited, type ErrorContext } from './service-errors';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  dispatcher: Dispatcher;
  limiter: Limiter;
  redactor: Redactor;
  logger?: Logger;
  timeouts: HttpTimeouts;
  /** Attempts per call when retries are allowed, the first one included. */
  maxAttempts: number;
  /** Longer `Retry-After` waits are not waited out: the call fails at once as `RateLimited`. */
  maxRetryWaitMs: number;
  userAgent: string;
}

export interface Call {
  operation: Operation;
  method: 'GET' | 'POST' | 'PATCH';
  /** Absolute URL on the service's origin. */
  url: string;
  body?: OutgoingBody;
  accept?: string;
  subjectId?: string;
  evidenceKind?: EvidenceKind;
  signal?: AbortSignal;
  /** A background read: it yields to the account's other requests for a while (see Limiter.acquire). */
  background?: boolean;
  /** Told before each wait for a retry: how long, and whether the service asked to slow down (429). */
  onRetry?: (waitMs: number, throttled: boolean) => void;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Dispatcher.ResponseData['body'];
}

const errorBodyLimit = 64 * 1024;
type Failure = { retry: boolean; error: unknown };

/**
 * Sends one call through the account's limiter, retrying as its operation's policy allows
 * (retry-policy.ts), and turns every outcome that is not a 2xx into a typed, redacted `AppError`.
 * `read` consumes a 2xx answer while the limiter's permit is still held.
 */
export class Transport {
  private readonly host: string;

  constructor(private readonly options: TransportOptions) {
    this.host = new URL(options.baseUrl).host;
    options.redactor.add(options.apiKey);
  }

  async send<T>(call: Call, read: (answer: Answer) => Promise<T>): Promise<T> {
    try {
      return await this.attempts(call, read);
    } catch (error) {
      throw isAppError(error) ? this.redacted(error) : error;
    }
  }

  private async attempts<T>(call: Call, read: (answer: Answer) => Promise<T>): Promise<T> {
    const { limiter, maxAttempts, maxRetryWaitMs } = this.options;
    const policy = retryPolicies[call.operation];
    const ctx: ErrorContext = { operation: call.operation, host: this.host, subjectId: call.subjectId, evidenceKind: call.evidenceKind };
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt + 1 >= maxAttempts;
      const pausedFor = limiter.state().pausedUntil - limiter.clock.now();
      if (pausedFor > maxRetryWaitMs) throw rateLimited(ctx, pausedFor);
      const permit = await limiter.acquire(call.signal, call.background ? 'background' : 'normal');
      const sending: SendState = { complete: call.body === undefined };
      const started = limiter.clock.now();
      let answer: Answer;
      try {
        const response = await request(call.url, {
          method: call.method,
          headers: this.headers(call),
          body: call.body ? Readable.from(trackSending(call.body.chunks(), sending), { objectMode: false }) : undefined,
          dispatcher: this.options.dispatcher,
          headersTimeout: this.options.timeouts.headersMs,
          bodyTimeout: this.options.timeouts.bodyMs,
          signal: call.signal,
        });
        answer = { status: response.statusCode, headers: response.headers, body: response.body };
      } catch (error) {
        permit.release({ kind: 'neutral' });
        const failure = this.failure(call, ctx, error, sending.complete);
        this.log('warn', call, `failed: ${errorCodeOf(error) ?? String(error)}`, started, attempt);
        if (failure.retry && !last) {
          const delay = limiter.backoffDelay(attempt);
          call.onRetry?.(delay, false);
          await limiter.clock.sleep(delay, call.signal);
          continue;
        }
        throw failure.error;
      }
      const { status } = answer;
      this.log(status >= 400 ? 'warn' : 'debug', call, `answered ${status}`, started, attempt);

      if (status >= 200 && status < 300) {
        try {
          const value = await read(answer);
          permit.release({ kind: 'success' });
          return value;
        } catch (error) {
          permit.release({ kind: 'success' });
          await discard(answer.body);
          const failure = this.readFailure(call, ctx, error);
          if (failure.retry && !last) {
            await limiter.clock.sleep(limiter.backoffDelay(attempt), call.signal);
            continue;
          }
          throw failure.error;
        }
      }

      const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], limiter.clock.now());
      const text = await readText(answer.body, errorBodyLimit).catch(() => '');
      if (status === 429) {
        // A resend's 429 may be the per-signature "one reminder per 2 hours" rule, not the account's
        // rate: a wait longer than the client waits out must not hold back the whole account.
        const perSignature = call.operation === 'resend' && (retryAfterMs === null || retryAfterMs > maxRetryWaitMs);
        permit.release(perSignature ? { kind: 'neutral' } : { kind: 'throttled', retryAfterMs });
        if (policy.throttled && !last && (retryAfterMs ?? 0) <= maxRetryWaitMs) {
          // With Retry-After the limiter's gate holds every request back; without, back off.
          const delay =
            retryAfterMs === null ? limiter.backoffDelay(attempt) : Math.max(0, limiter.state().pausedUntil - limiter.clock.now());
          call.onRetry?.(delay, true);
          if (retryAfterMs === null) await limiter.clock.sleep(delay, call.signal);
          continue;
        }
        throw rateLimited(ctx, retryAfterMs, parseErrorBody(text, headerText(answer.headers['content-type'])).detail);
      }
      permit.release({ kind: status >= 500 ? 'neutral' : 'success' });
      if (status >= 500) {
        // 503 says the service did not take the request; any other 5xx after a change went out may hide a done change.
        if (status !== 503 && changesState(call.operation)) throw ambiguousError(ctx, 'server', status);
        if (retryAfterMs !== null) limiter.pause(Math.min(retryAfterMs, maxRetryWaitMs));
        const retry = status === 503 ? policy.unsent : policy.afterSent;
        if (retry && !last && (retryAfterMs ?? 0) <= maxRetryWaitMs) {
          const delay = retryAfterMs === null ? limiter.backoffDelay(attempt) : Math.min(retryAfterMs, maxRetryWaitMs);
          call.onRetry?.(delay, false);
          if (retryAfterMs === null) await limiter.clock.sleep(delay, call.signal);
          continue;
        }
      }
      throw errorForStatus(ctx, status, parseErrorBody(text, headerText(answer.headers['content-type'])), retryAfterMs);
    }
  }

  /** A request that failed before any answer: did it go out, and may it be tried again? */
  private failure(call: Call, ctx: ErrorContext, error: unknown, bodyComplete: boolean): Failure {
    const policy = retryPolicies[call.operation];
    if (isAppError(error)) return { retry: false, error };
    const unsent = failedBeforeSending(error) || (call.body !== undefined && !bodyComplete);
    if (call.signal?.aborted) {
      return { retry: false, error: !unsent && changesState(call.operation) ? ambiguousError(ctx, 'cut') : call.signal.reason };
    }
    if (unsent) return { retry: policy.unsent, error: describeNetworkError(error, this.options.baseUrl) };
    if (changesState(call.operation)) return { retry: false, error: ambiguousError(ctx, isTimeout(error) ? 'timeout' : 'cut') };
    return { retry: policy.afterSent, error: describeNetworkError(error, this.options.baseUrl) };
  }

  /** A 2xx whose body could not be read to the end or understood. */
  private readFailure(call: Call, ctx: ErrorContext, error: unknown): Failure {
    const policy = retryPolicies[call.operation];
    const unreadable = isAppError(error) && error.code === 'service.unreadableResponse';
    if (isAppError(error) && !unreadable) return { retry: false, error };
    if (call.signal?.aborted)
      return { retry: false, error: changesState(call.operation) ? ambiguousError(ctx, 'unreadable') : call.signal.reason };
    if (changesState(call.operation))
      return { retry: false, error: ambiguousError(ctx, unreadable ? 'unreadable' : isTimeout(error) ? 'timeout' : 'cut') };
    return { retry: policy.afterSent, error: unreadable ? error : describeNetworkError(error, this.options.baseUrl) };
  }

  private headers(call: Call): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: call.accept ?? 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (call.body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(call.body.length);
    }
    return headers;
  }

  private redacted(error: AppError): AppError {
    const { redactor } = this.options;
    const shape = error.toShape();
    shape.message = redactor.redact(shape.message);
    if (shape.fields) {
      shape.fields = Object.fromEntries(
        Object.entries(shape.fields).map(([key, messages]) => [key, messages.map((m) => redactor.redact(m))]),
      );
    }
    if (shape.params) {
      shape.params = Object.fromEntries(
        Object.entries(shape.params).map(([key, value]) => [key, typeof value === 'string' ? redactor.redact(value) : value]),
      );
    }
    return new AppError(shape);
  }

  private log(level: LogLevel, call: Call, what: string, started: number, attempt: number): void {
    const { logger, redactor, limiter } = this.options;
    if (!logger) return;
    const path = new URL(call.url).pathname;
    const ms = limiter.clock.now() - started;
    logger.log(level, redactor.redact(`${call.method} ${path} ${what} after ${ms} ms (attempt ${attempt + 1})`), {
      operation: call.operation,
    });
  }
}

function isTimeout(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT';
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
