import { createHash } from 'node:crypto';
import { notificationKinds } from '../../../shared/domain/webhooks';

/** Kinds the worker acts on (`notificationKinds`). Any other kind is stored and ignored. */
export const knownKinds: ReadonlySet<string> = new Set(notificationKinds);

/** One notification as it goes into the inbox. */
export interface InboxEntry {
  accountId: string;
  /** `n:<notification_id>` when the body has one, else `h:<sha-256 hex of the raw body>`. */
  dedupeKey: string;
  notificationId: string | null;
  /** `notification_action` as sent ('' when absent). */
  kind: string;
  documentId: string | null;
  signatureId: string | null;
  rawBody: string;
  receivedAt: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idText = (value: unknown): string | null => (typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value));

/**
 * Reads a notification body. Returns null when it is not a JSON object (the listener answers 400).
 * Fields are read tolerantly: a body without `notification_action` is still stored (and ignored).
 */
export function parseNotification(accountId: string, raw: Buffer, receivedAt: Date): InboxEntry | null {
  const rawBody = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const notificationId = idText(fields.notification_id);
  const dedupeKey = notificationId !== null ? `n:${notificationId}` : `h:${createHash('sha256').update(raw).digest('hex')}`;
  return {
    accountId,
    dedupeKey,
    notificationId,
    kind: text(fields.notification_action) ?? '',
    documentId: text(fields.document_id),
    signatureId: text(fields.signature_id),
    rawBody,
    receivedAt: receivedAt.toISOString(),
  };
}
