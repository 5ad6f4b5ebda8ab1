import { AppError } from '../../../shared/contract/errors';
import { evidenceKindLabels, type EvidenceKind } from '../../../shared/domain/documents';
import type { ServiceErrorBody } from './error-body';
import { describeField } from './field-labels';
import type { Operation } from './retry-policy';

/** What a failed request was about, for messages a clerk understands. */
export interface ErrorContext {
  operation: Operation;
  host: string;
  /** The document or signature id in the path, when there is one. */
  subjectId?: string;
  evidenceKind?: EvidenceKind;
}

const actions: Record<Operation, string> = {
  list: 'list the documents',
  create: 'create the document',
  get: 'read the document',
  cancel: 'cancel the document',
  invalidate: 'invalidate the signature',
  signature: 'read the signature',
  resend: 'send a reminder',
  download: 'download the file',
};

const maxFieldsInMessage = 5;

/** The typed error for a non-2xx answer other than one the caller retries. */
export function errorForStatus(ctx: ErrorContext, status: number, body: ServiceErrorBody, retryAfterMs: number | null): AppError {
  const subject = ctx.subjectId ?? '';
  if (status === 401 || status === 403) {
    return new AppError({
      kind: 'Unauthorized',
      code: 'keyRejected',
      status,
      message: `The service did not accept this API key (${status}). Check the key in the account settings, or create a new one in the service's web console.`,
    });
  }
  if (status === 404) return notFound(ctx, subject, status);
  if (status === 429) return rateLimited(ctx, retryAfterMs, body.detail);
  if (status === 413) {
    return new AppError({
      kind: 'InvalidInput',
      code: 'file.tooLarge',
      status,
      fields: { file_content: ['The PDF is too large for the service (at most 50 MB).'] },
      message: 'The PDF is too large for the service: it accepts files of at most 50 MB.',
    });
  }
  if (status === 400 || status === 409 || status === 422) return refused(ctx, status, body);
  if (status >= 500) {
    return new AppError({
      kind: 'ServerError',
      code: 'service.serverError',
      status,
      params: { status },
      message: `The service had a problem and could not ${actions[ctx.operation]} (${status}). Try again in a moment.`,
    });
  }
  return new AppError({
    kind: 'ServerError',
    code: 'service.unexpectedStatus',
    status,
    params: { status },
    message: `The service answered in an unexpected way (${status}) when asked to ${actions[ctx.operation]}.${suffix(body.detail)}`,
  });
}

export function rateLimited(ctx: ErrorContext, retryAfterMs: number | null, detail: string | null = null): AppError {
  const seconds = retryAfterMs === null ? null : Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when = seconds === null ? 'in a moment' : `in ${describeWait(seconds)}`;
  const params = seconds === null ? undefined : { retryAfterSeconds: seconds };
  if (ctx.operation === 'resend') {
    return new AppError({
      kind: 'RateLimited',
      code: 'service.reminderLimited',
      status: 429,
      params,
      // Without Retry-After (service-notes.md gives none for this 429) the time is not known: say so.
      message:
        seconds === null
          ? `The service did not send the reminder: one was already sent less than 2 hours ago, or too many requests went out. It did not say when the next one is possible (at the latest 2 hours after the previous reminder).${suffix(detail)}`
          : `The service did not send the reminder: one was already sent less than 2 hours ago, or too many requests went out. Try again ${when}.`,
    });
  }
  return new AppError({
    kind: 'RateLimited',
    code: 'service.rateLimited',
    status: 429,
    params,
    message: `The service is receiving too many requests from this account and did not ${actions[ctx.operation]}. SignDock slows down; try again ${when}.`,
  });
}

/** The request may or may not have been applied: cut off, timed out, or a gateway failure after it went out. */
export function ambiguousError(ctx: ErrorContext, reason: 'cut' | 'timeout' | 'server' | 'unreadable', status?: number): AppError {
  const what = {
    cut: `The connection to ${ctx.host} was cut off`,
    timeout: `The service at ${ctx.host} did not answer in time`,
    server: `The service had a problem (${status ?? 'error'})`,
    unreadable: `The service's answer could not be read`,
  }[reason];
  return new AppError({
    kind: 'Ambiguous',
    code: 'service.ambiguous',
    status,
    params: { host: ctx.host, operation: ctx.operation },
    message: `${what} after the request to ${actions[ctx.operation]} went out, so it is not known whether it was done. Check the document before trying again.`,
  });
}

/** A 2xx answer SignDock could not read (not JSON, or not the shape of a document). */
export function unreadableError(ctx: ErrorContext, what: string): AppError {
  return new AppError({
    kind: 'ServerError',
    code: 'service.unreadableResponse',
    message: `The service answered the request to ${actions[ctx.operation]} with something SignDock could not read (${what}). Try again in a moment.`,
  });
}

function notFound(ctx: ErrorContext, subject: string, status: number): AppError {
  switch (ctx.operation) {
    case 'list':
      return new AppError({
        kind: 'NotFound',
        code: 'service.wrongAddress',
        status,
        params: { host: ctx.host },
        message: `No e-signature service answered at ${ctx.host} (404). Check the service address.`,
      });
    case 'download': {
      const label = ctx.evidenceKind ? evidenceKindLabels[ctx.evidenceKind] : 'file';
      return new AppError({
        kind: 'NotFound',
        code: 'service.fileNotAvailable',
        status,
        params: { id: subject, file: label },
        message: `The service has no ${label} for document ${subject}: the document does not exist, or it is not completed yet (files are available once everyone has signed).`,
      });
    }
    case 'invalidate':
    case 'signature':
    case 'resend':
      return new AppError({
        kind: 'NotFound',
        code: 'service.signatureNotFound',
        status,
        params: { id: subject },
        message: `The service has no signature with id ${subject}. It may belong to another account.`,
      });
    default:
      return new AppError({
        kind: 'NotFound',
        code: 'service.documentNotFound',
        status,
        params: { id: subject },
        message: `The service has no document with id ${subject}. It may belong to another account.`,
      });
  }
}

/**
 * A download answered 400. The request is only the document's id and the file kind, both known good,
 * and the interface does not say in which states files exist (service-api.md §4.6): an implementation
 * may answer 400 instead of 404 for a document not completed yet. Same outcome as a 404: not available.
 */
function fileNotAvailable(ctx: ErrorContext, status: number, reason: string): AppError {
  const label = ctx.evidenceKind ? evidenceKindLabels[ctx.evidenceKind] : 'file';
  const subject = ctx.subjectId ?? '';
  return new AppError({
    kind: 'NotFound',
    code: 'service.fileNotAvailable',
    status,
    params: { id: subject, file: label },
    message: `The service did not give the ${label} of document ${subject} (${status}): it is not available yet, most likely because the document is not completed yet (files are available once everyone has signed).${reason}`,
  });
}

function refused(ctx: ErrorContext, status: number, body: ServiceErrorBody): AppError {
  const fieldPaths = Object.keys(body.fields);
  const fields = fieldPaths.length > 0 ? body.fields : undefined;
  const reason = suffix(body.detail ?? body.general[0] ?? null);
  // A state refusal, unless the service names a field of ours (e.g. a cancel reason that is too long).
  if (!fields && ctx.operation === 'cancel') {
    return new AppError({
      kind: 'Conflict',
      code: 'service.cannotCancel',
      status,
      params: { id: ctx.subjectId ?? '' },
      message: `This document can no longer be cancelled: it is already completed or cancelled.${reason}`,
    });
  }
  if (!fields && ctx.operation === 'resend') {
    return new AppError({
      kind: 'Conflict',
      code: 'service.cannotRemind',
      status,
      message: `No reminder can be sent for this signature: it is a draft, already signed or cancelled, or it has no invitation channel.${reason}`,
    });
  }
  if (ctx.operation === 'download' && status === 400) return fileNotAvailable(ctx, status, reason);
  if (!fields && ctx.operation === 'download') {
    const label = ctx.evidenceKind ? evidenceKindLabels[ctx.evidenceKind] : 'file';
    return new AppError({
      kind: 'Conflict',
      code: 'service.downloadRefused',
      status,
      params: { file: label },
      message: `The service refused to give the ${label} of this document.${reason}`,
    });
  }
  if (!fields && status === 409) {
    return new AppError({
      kind: 'Conflict',
      code: 'service.conflict',
      status,
      message: `The service refused to ${actions[ctx.operation]} because of the current state of the document.${reason}`,
    });
  }
  return new AppError({
    kind: 'InvalidInput',
    code: 'service.invalidInput',
    status,
    fields,
    message: `The service did not accept the request to ${actions[ctx.operation]}. ${summarize(body) || `It did not say why (${status}).`}`,
  });
}

/** "Signer 1, e-mail: Enter a valid email address. Title: This field may not be blank." */
function summarize(body: ServiceErrorBody): string {
  const parts: string[] = [];
  if (body.detail) parts.push(sentence(body.detail));
  for (const message of body.general) parts.push(sentence(message));
  const entries = Object.entries(body.fields);
  for (const [path, messages] of entries.slice(0, maxFieldsInMessage)) {
    // The service puts validation errors on `validations` as "EM: message": name the validation instead.
    const grouped = new Map<string, string[]>();
    for (const message of messages) {
      const coded = path.endsWith('validations') ? /^([A-Z]{2}): (.+)$/.exec(message) : null;
      const key = coded?.[1] ? `${path}.${coded[1]}` : path;
      grouped.set(key, [...(grouped.get(key) ?? []), sentence(coded?.[2] ?? message)]);
    }
    for (const [key, texts] of grouped) parts.push(`${describeField(key)}: ${texts.join(' ')}`);
  }
  if (entries.length > maxFieldsInMessage) parts.push(`And ${entries.length - maxFieldsInMessage} more.`);
  return parts.join(' ');
}

/** 45 → "45 seconds", 600 → "10 minutes", 7200 → "2 hours". */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return plural(seconds, 'second');
  if (seconds < 90 * 60) return plural(Math.round(seconds / 60), 'minute');
  return plural(Math.round(seconds / 3600), 'hour');
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function suffix(detail: string | null): string {
  return detail ? ` The service said: ${sentence(detail)}` : '';
}
