import { z } from 'zod';

/** The local webhook listener of the selected account, and the address to paste in the service's console. */
export const webhookStateSchema = z.object({
  listening: z.boolean(),
  port: z.number().int().nullable(),
  /** The listener's own address on this computer (127.0.0.1). */
  localUrl: z.string().nullable(),
  /** The user's tunnel or reverse-proxy address in front of the listener, if set. */
  publicBaseUrl: z.string().nullable(),
  /** The full notification URL to paste in the service's console (API > Webhooks). Contains the secret path. */
  hookUrl: z.string().nullable(),
  hmacConfigured: z.boolean(),
  error: z.string().nullable(),
});
export type WebhookState = z.infer<typeof webhookStateSchema>;

export const webhookSettingsSchema = z
  .object({
    publicBaseUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'The public address must start with https:// (or http://).')
      .nullable()
      .optional(),
    port: z.number().int().min(0).max(65535).optional(),
    /** The webhook secret configured in the service's console, to check `x-signature-sha256`; null removes it. */
    hmacSecret: z.string().min(8, 'A webhook secret has at least 8 characters.').max(512).nullable().optional(),
  })
  .strict();
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** The notification kinds the inbox acts on; any other kind is stored and ignored. */
export const notificationKinds = ['DS', 'SD', 'DC'] as const;

/**
 * Why the webhook listener refused a request (each is counted; none changes anything): no such path
 * (wrong or rotated token), not POST, not application/json, over the body cap, not a JSON object, HMAC
 * missing or wrong, the inbox could not commit (503: the service retries), the sender went away mid-body,
 * malformed HTTP or timeouts (answered by Node).
 */
export const refusalReasons = ['not-found', 'method', 'media-type', 'too-large', 'bad-json', 'bad-signature', 'store-failed', 'aborted', 'bad-request'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const inboxStates = ['pending', 'done', 'ignored', 'failed'] as const;
export type InboxState = (typeof inboxStates)[number];

export const inboxStatsSchema = z.object({
  received: z.number().int(),
  duplicates: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  ignored: z.number().int(),
  failed: z.number().int(),
  /** Requests refused by the listener, by reason (wrong path, not JSON, too large, bad signature…). */
  refused: z.record(z.string(), z.number().int()),
});
export type InboxStats = z.infer<typeof inboxStatsSchema>;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  documentId: z.string().nullable(),
  signatureId: z.string().nullable(),
  notificationId: z.string().nullable(),
  receivedAt: z.string(),
  duplicates: z.number().int(),
  state: z.enum(inboxStates),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  processedAt: z.string().nullable(),
  /** The notification's body exactly as received. */
  raw: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  stats: inboxStatsSchema,
  total: z.number().int(),
  items: z.array(inboxItemSchema),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
