import { z } from 'zod';
import { appErrorSchema } from '../contract/errors';
import { signerSchema } from './signers';

/**
 * A batch of PDFs to send, as every host and the UI see it. The core keeps batches and their items
 * in SQLite (electron/core/batches/) before the first request goes out, so a batch survives a crash.
 *
 * Item states:  draft → ready → sending → sent | failed | uncertain, and `cancelled`.
 * - draft: being prepared (checked, signers being said). `excluded` rows stay draft and are never sent.
 * - ready: clean and queued. sending: the create request is (or may be) in flight.
 * - uncertain: the outcome of a create is unknown (timeout, cut connection); before any resend the
 *   queue looks for the document in the service's list.
 * - failed: not sent, with the reason (a problem of the file or signers, a refusal of the service).
 * - cancelled: the batch was cancelled before this item went out.
 */

export const batchItemStates = ['draft', 'ready', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'] as const;
export type BatchItemState = (typeof batchItemStates)[number];

/** A batch's states; `pausing` and `cancelling` while requests already on their way finish (the job's state). */
export const batchStates = ['draft', 'checking', 'sending', 'pausing', 'paused', 'cancelling', 'done', 'cancelled'] as const;
export type BatchState = (typeof batchStates)[number];

/** A problem of a file or its signers, with a catalog key and params (see FileProblem in the core). */
export const itemProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Where on the row: `file`, `title`, `signers`, `signers.0.EM`, … */
  field: z.string().optional(),
});
export type ItemProblem = z.infer<typeof itemProblemSchema>;

/**
 * A draft row's file was already sent from this account (another batch, any day): params `date`
 * (ISO 8601), `title`, `documentId`, `status` (the mirror's status code, '' when not in the mirror).
 * The row is left out — not failed — unless the clerk chooses "Send again" (`sendAgain`).
 */
export const alreadySentCode = 'batch.alreadySent';
/** A later row of the batch with the same bytes as an earlier one: params `title`, `file` of the row kept. */
export const duplicateOfCode = 'batch.duplicateOf';

export const sentSignatureSchema = z.object({
  id: z.string(),
  /** The signing link to hand to the signer; null when the service gave none. */
  url: z.string().nullable(),
  /** Who signs: e-mail, else phone, else document, as sent. */
  label: z.string(),
});
export type SentSignature = z.infer<typeof sentSignatureSchema>;

export const batchItemSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  position: z.number().int(),
  path: z.string(),
  fileName: z.string(),
  title: z.string(),
  size: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** False until the file check has run. */
  checked: z.boolean(),
  /** Problems of the file (check) and of its signers; the row sends only when there are none. */
  problems: z.array(itemProblemSchema),
  signers: z.array(signerSchema),
  excluded: z.boolean(),
  /** The clerk chose "Send again" for a file this account already sent (see `alreadySentCode`). */
  sendAgain: z.boolean().optional(),
  /** A draft row whose file this account already sent: the newest document it made (status from the mirror, null when not there). */
  sentBefore: z
    .object({
      documentId: z.string(),
      title: z.string(),
      sentAt: z.string(),
      status: z.string().nullable(),
      /** In a team (issue 32): the member (database login) and the computer that sent it. */
      member: z.string().optional(),
      computer: z.string().optional(),
    })
    .nullable()
    .optional(),
  state: z.enum(batchItemStates),
  attempts: z.number().int(),
  documentId: z.string().nullable(),
  signatures: z.array(sentSignatureSchema),
  /** Why the item failed, or what last went wrong on an uncertain one. */
  error: appErrorSchema.nullable(),
  /** True when the document was found in the service's list after an unknown outcome. */
  recovered: z.boolean(),
  updatedAt: z.string(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchProgressSchema = z.object({
  total: z.number().int(),
  byState: z.record(z.enum(batchItemStates), z.number().int()),
  /** Items that will be sent when the batch is sent: checked, clean, not excluded (draft only). */
  sendable: z.number().int(),
  /** Bytes of the items being sent in this batch (ready, sending, sent, uncertain, failed after trying). */
  bytesTotal: z.number(),
  bytesDone: z.number(),
  /** Estimated seconds left while sending, null when not known yet. */
  secondsLeft: z.number().nullable(),
  /** While the account's limiter waits out a 429: when sending resumes (ISO 8601). */
  rateLimitedUntil: z.string().nullable(),
  /** Files still being checked. */
  checking: z.number().int(),
});

export const batchSummarySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  state: z.enum(batchStates),
  source: z.enum(['app', 'cli']),
  concurrency: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the batch stopped by itself (the key was refused), else null. */
  stoppedBy: appErrorSchema.nullable(),
  /** The process sending it now (another SignDock on this computer, or this one), else null. */
  owner: z.object({ pid: z.number().int(), host: z.string(), self: z.boolean() }).nullable().optional(),
  progress: batchProgressSchema,
  /**
   * When the host read this summary (ms, monotonic within the host process). Answers and events travel
   * on different channels and may cross: a summary read earlier never replaces one read later.
   */
  readAt: z.number().optional(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const skippedInputSchema = z.object({
  path: z.string(),
  reason: z.string(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.string()),
});
export type SkippedInputInfo = z.infer<typeof skippedInputSchema>;

export const batchSchema = batchSummarySchema.extend({
  items: z.array(batchItemSchema),
  /** Dropped files that are not PDFs (or could not be opened), with why. Latest additions only. */
  skipped: z.array(skippedInputSchema),
  /** Problems of the last manifest import: rows naming missing files, files with no row, bad cells. */
  manifestProblems: z.array(itemProblemSchema.extend({ row: z.number().int().nullable() })),
});
export type Batch = z.infer<typeof batchSchema>;

export const itemPatchSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    signers: z.array(signerSchema).max(20).optional(),
    excluded: z.boolean().optional(),
    sendAgain: z.boolean().optional(),
  })
  .strict();
export type ItemPatch = z.infer<typeof itemPatchSchema>;

export const signerPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  signers: z.array(signerSchema),
  createdAt: z.string(),
});
export type SignerPreset = z.infer<typeof signerPresetSchema>;

export const defaultConcurrency = 4;
export const maxConcurrency = 16;
