import { z } from 'zod';
import { defineOperation } from './operation';
import { CONTACT_MAX } from '../domain/action-bounds';
import {
  cancelReasonSchema,
  contactSchema,
  invalidationInputSchema,
  invalidationReasonSchema,
  serviceIdSchema,
  serviceIdsSchema,
} from './action-inputs';
import { jobItemViewSchema, jobViewSchema } from '../domain/jobs';

const id = z.string().min(1).max(100);
const journalEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  accountId: z.string(),
  osUser: z.string(),
  action: z.string(),
  subject: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
  /** A team's journal: who (the database login) and which computer. */
  member: z.string().optional(),
  computer: z.string().optional(),
});
/** What `journal.verify` proved and could not (electron/core/journal/journal-verify.ts). */
const journalVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  sealed: z.number().int(),
  unsealed: z.number().int(),
  legacy: z.number().int(),
  key: z.enum(['environment', 'keychain', 'none']),
  checkpoint: z
    .object({
      source: z.string(),
      at: z.string(),
      count: z.number().int(),
      sealed: z.boolean(),
      seal: z.enum(['sealed', 'unsealed', 'notChecked']),
      timestamped: z.boolean(),
    })
    .nullable(),
  sealedUpTo: z.number().int(),
  checkpointsChecked: z.number().int(),
  problems: z.array(z.object({ kind: z.string(), seq: z.number().int().optional(), message: z.string() })),
  cannot: z.array(z.string()),
  seq: z.number().int().optional(),
  problem: z.string().optional(),
});
const ids = serviceIdsSchema;
const jobRef = z.object({ jobId: id }).strict();
/** A signer's e-mail or phone as written in the mirror (what "replace" looks for). */
const signerValue = z.string().trim().min(3).max(CONTACT_MAX);
const skippedSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  title: z.string(),
  /** The signer left out (a reminder not sent to them), by the name the clerk gave, else as the service gives it. */
  signer: z.string().optional(),
  reason: z.enum([
    'completed',
    'alreadyCancelled',
    'notCancellable',
    'notInMirror',
    'signed',
    'rejected',
    'cancelled',
    /** Invalidated (with a reason) and replaced by another signer: the table's and Activity's word too. */
    'replaced',
    'noChannel',
    'documentNotPending',
  ]),
});

/** The document actions (cancel, remind, invalidate, replace) and the jobs that carry them out. */
export const actionOperations = {
  'jobs.list': defineOperation({
    summary: "The selected account's recent jobs (bulk actions), newest first.",
    input: z.object({ limit: z.number().int().min(1).max(200).default(50) }).strict(),
    output: z.array(jobViewSchema),
  }),
  'jobs.get': defineOperation({
    summary: 'One job with its items and their outcomes.',
    input: jobRef,
    output: z.object({ job: jobViewSchema, items: z.array(jobItemViewSchema) }),
  }),
  'jobs.pause': defineOperation({
    summary: 'Pause a job (items in flight finish); valid in every state.',
    input: jobRef,
    output: jobViewSchema,
  }),
  'jobs.resume': defineOperation({ summary: 'Resume a paused job; valid in every state.', input: jobRef, output: jobViewSchema }),
  'jobs.cancel': defineOperation({
    summary: 'Cancel a job (items in flight finish, the rest are not done); valid in every state.',
    input: jobRef,
    output: jobViewSchema,
  }),
  'jobs.retryFailed': defineOperation({ summary: "Try a job's failed items again.", input: jobRef, output: jobViewSchema }),
  'documents.planCancel': defineOperation({
    summary: 'What cancelling these documents would do, from the mirror: those to cancel, and those skipped with why.',
    input: z.object({ documentIds: ids }).strict(),
    output: z.object({
      documents: z.array(z.object({ documentId: z.string(), title: z.string(), status: z.string() })),
      skipped: z.array(skippedSchema),
    }),
  }),
  'documents.cancel': defineOperation({
    summary: 'Cancel documents (a job): signers who have not signed can no longer sign. Irreversible.',
    input: z.object({ documentIds: ids, reason: cancelReasonSchema }).strict(),
    output: jobViewSchema,
  }),
  'signatures.planRemind': defineOperation({
    summary: 'Which signers of these documents (or these signatures) a reminder would reach, and who is skipped and why.',
    input: z.object({ documentIds: ids, signatureIds: z.array(serviceIdSchema).max(5000).optional() }).strict(),
    output: z.object({
      signatures: z.array(z.object({ signatureId: z.string(), documentId: z.string(), title: z.string(), signer: z.string() })),
      skipped: z.array(skippedSchema),
    }),
  }),
  'signatures.remind': defineOperation({
    summary: 'Remind pending signers (a job); the service allows one reminder per signer every 2 hours.',
    input: z.object({ documentIds: ids, signatureIds: z.array(serviceIdSchema).max(5000).optional() }).strict(),
    output: jobViewSchema,
  }),
  'signatures.invalidate': defineOperation({
    summary: 'Invalidate one signature (irreversible), optionally inviting a replacement; the document is read again.',
    input: z.object({ signatureId: serviceIdSchema, documentId: serviceIdSchema, invalidation: invalidationInputSchema }).strict(),
    output: jobViewSchema,
  }),
  'signatures.planReplace': defineOperation({
    summary: 'Where a signer (e-mail or phone) still has to sign, in these documents or every pending one.',
    input: z.object({ from: signerValue, documentIds: ids.optional() }).strict(),
    output: z.array(z.object({ signatureId: z.string(), documentId: z.string(), title: z.string() })),
  }),
  'signatures.replace': defineOperation({
    summary: 'Invalidate and replace a signer everywhere in the plan (a job).',
    input: z
      .object({ from: signerValue, to: contactSchema, reason: invalidationReasonSchema, notify: z.boolean(), documentIds: ids.optional() })
      .strict(),
    output: jobViewSchema,
  }),
  'journal.list': defineOperation({
    summary: 'The local audit journal: every action SignDock took, oldest first (optionally about one document or signature).',
    input: z.object({ subject: id.optional(), limit: z.number().int().min(1).max(100_000).default(1000) }).strict(),
    output: z.array(journalEntrySchema),
  }),
  'journal.verify': defineOperation({
    summary:
      'Checks the journal: its SHA-256 chain over canonical entries, their seals (HMAC under the journal key) and its length against the sealed checkpoints kept outside it; says what it proved and what it could not.',
    input: z
      .object({
        checkpoints: z
          .array(z.object({ source: z.string().max(1000), checkpoint: z.unknown() }).strict())
          .max(100)
          .optional(),
      })
      .strict(),
    output: journalVerificationSchema,
  }),
} as const;
