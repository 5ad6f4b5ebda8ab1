import { z } from 'zod';
import type { DocumentStatus, InviteChannel, SignatureStatus } from './status-codes';
import { displayStatusOf } from './status-codes';

/**
 * SignDock's own view of the service's documents and signatures. The service client parses each
 * answer once into these types (electron/core/api/parse-document.ts); the raw JSON is kept beside
 * for display and forensics. Codes are open sets (see status-codes.ts).
 */

const code = <T extends string>() => z.custom<T>((value) => typeof value === 'string');
const rawJson = z.record(z.string(), z.unknown());

/** A validation's value: a string (e-mail, phone, …), null, or a record (AF's tax-id record). */
export const validationValueSchema = z.union([z.string(), z.null(), rawJson]);
export type ValidationValue = z.infer<typeof validationValueSchema>;

export const validationStateSchema = z.object({
  value: validationValueSchema,
  /** True/false as the service says; null when the service sent a plain value without that flag. */
  validated: z.boolean().nullable(),
});
export type ValidationState = z.infer<typeof validationStateSchema>;

export const signatureSchema = z.object({
  id: z.string(),
  status: code<SignatureStatus>(),
  /** ISO 8601 as the service sent it (`created_date`). */
  createdAt: z.string().nullable(),
  /** The signing link to hand to the signer. */
  url: z.string().nullable(),
  inviteChannel: z.array(code<InviteChannel>()),
  validations: z.record(z.string(), validationStateSchema),
  invalidationReason: z.string().nullable(),
  /** From `GET /api/v2/signatures/{id}` only; null elsewhere. */
  signedDate: z.string().nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  /** The document this signature belongs to, when the service says (`document_id`). */
  documentId: z.string().nullable(),
  /** Full name from AF's record, else the e-mail (EM), else the phone (PH); empty when none. */
  displayName: z.string(),
  /**
   * The name the clerk gave this signer in SignDock's address book (by e-mail or phone), added by the
   * mirror when read; never from the service.
   */
  localName: z.string().optional(),
  raw: rawJson,
});
export type Signature = z.infer<typeof signatureSchema>;

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: code<DocumentStatus>(),
  /** ISO 8601 as the service sent it (`creation_date` or `created_date`). */
  createdAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  fileName: z.string().nullable(),
  fileHash: z.string().nullable(),
  signatures: z.array(signatureSchema),
  /** The document exactly as the service sent it, unknown fields included. */
  raw: rawJson,
});
export type Document = z.infer<typeof documentSchema>;

/**
 * One signer of a new document: validations by code (`EM`, `PH`, `BI`, `AF`, see `validationCodes`),
 * each a string, or null where the code allows it.
 */
export const newSignatureSchema = z.object({
  validations: z.record(z.string(), z.string().nullable()),
  /** Omitted: nobody is invited and the answer carries a signing link to hand over. */
  inviteChannel: z.array(code<InviteChannel>()).optional(),
});
export type NewSignature = z.infer<typeof newSignatureSchema>;

export const newDocumentSchema = z.object({
  title: z.string(),
  /** Path of the PDF on this computer; the client streams it, base64-encoded, to the service. */
  filePath: z.string(),
  signatures: z.array(newSignatureSchema),
});
export type NewDocument = z.infer<typeof newDocumentSchema>;

export const invalidationSchema = z.object({
  reason: z.string(),
  /** E-mail or phone of a different person to invite instead. */
  newSigner: z.string().optional(),
  customSignature: z
    .object({
      validations: z.record(z.string(), z.string().nullable()).optional(),
      message: z.string().optional(),
      inviteChannel: z.array(code<InviteChannel>()).optional(),
    })
    .optional(),
  /** Tell the original signer about the invalidation. */
  notify: z.boolean(),
});
export type Invalidation = z.infer<typeof invalidationSchema>;

export const invalidationResultSchema = z.object({
  /** The invalidated signature. */
  id: z.string(),
  status: code<SignatureStatus>(),
  invalidationReason: z.string().nullable(),
  /** Rarely sent in practice: after a replacement, re-read the document to find the new signature. */
  newSignatureId: z.string().nullable(),
  raw: rawJson,
});
export type InvalidationResult = z.infer<typeof invalidationResultSchema>;

export const evidenceKinds = ['zipfile', 'pdf-certificate', 'document'] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

export const evidenceKindLabels: Record<EvidenceKind, string> = {
  zipfile: 'evidence package (ZIP)',
  'pdf-certificate': 'audit certificate',
  document: 'signed PDF',
};

export const downloadedFileSchema = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Lower-case hex SHA-256 of the file as written. */
  sha256: z.string(),
});
export type DownloadedFile = z.infer<typeof downloadedFileSchema>;

/** One page of `GET /api/v2/documents` (a plain-array answer is a single page). */
export interface DocumentPage {
  documents: Document[];
  /** Total number of documents when the service says (paginated answers); null otherwise. */
  count: number | null;
  /** 1 for the first page. */
  pageNumber: number;
}

/* ---------- The Documents page: filters, sorts, selection, dashboard, timeline (issue 13) ---------- */

/** Columns of the Documents table, each sortable. `progress`: the share of signers who signed. */
export const documentColumns = ['title', 'status', 'progress', 'created', 'changed', 'batch'] as const;
export type DocumentColumn = (typeof documentColumns)[number];

const codeInput = z.string().min(1).max(8);
const idInput = z.string().min(1).max(100);

/**
 * Which documents of the account in use: every field narrows (all must hold). Dates are creation
 * times in ms (`createdFrom` inclusive, `createdTo` exclusive), so the UI decides the time zone.
 */
export const documentFilterSchema = z
  .object({
    /** Document statuses (empty or left out: all). */
    statuses: z.array(codeInput).max(12).optional(),
    /** Words typed by the user: each a prefix of a word of the title or of a signer. */
    search: z.string().max(200).optional(),
    /** Documents with at least one signature in this status (`DE`: a signer rejected). */
    signerStatus: codeInput.optional(),
    /** Documents SignDock sent in this batch. */
    batchId: idInput.optional(),
    createdFrom: z.number().int().nonnegative().optional(),
    createdTo: z.number().int().nonnegative().optional(),
  })
  .strict();
export type DocumentFilter = z.infer<typeof documentFilterSchema>;

export const documentSortSchema = z
  .object({ column: z.enum(documentColumns).default('created'), direction: z.enum(['asc', 'desc']).default('desc') })
  .strict();
export type DocumentSort = z.infer<typeof documentSortSchema>;

/**
 * Documents picked in the table: a list of ids, or "all N matching" kept as the filter itself (minus
 * the rows unticked since), so that it covers every page and the rows not yet loaded.
 */
export const documentSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ids'), ids: z.array(idInput).min(1).max(5000) }).strict(),
  z.object({ kind: z.literal('query'), filter: documentFilterSchema, exceptIds: z.array(idInput).max(5000) }).strict(),
]);
export type DocumentSelection = z.infer<typeof documentSelectionSchema>;

/** Counts by status of the documents a filter leaves (the status filter itself left out), and their sum. */
export const statusCountsSchema = z.object({ byStatus: z.record(z.string(), z.number().int()), total: z.number().int() });
export type StatusCountsView = z.infer<typeof statusCountsSchema>;

/** Where SignDock sent a document from: the batch and the file the clerk dropped. */
export const documentOriginSchema = z.object({ batchId: z.string(), batchCreatedAt: z.string(), fileName: z.string() });
export type DocumentOrigin = z.infer<typeof documentOriginSchema>;

/** A row of the Documents table. */
export const listedDocumentSchema = documentSchema.omit({ raw: true }).extend({
  /** When SignDock last saw a status change (document or signature), else the creation time. */
  changedAt: z.string().nullable(),
  origin: documentOriginSchema.nullable(),
});

/** One entry of a document's timeline, newest first in the answer. */
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), at: z.string() }),
  z.object({ kind: z.literal('sent'), at: z.string(), batchId: z.string(), fileName: z.string() }),
  /**
   * A status change the mirror saw (`signatureId` null: the document's own status). `at` is when
   * SignDock saw it (a read), not when it happened: shown as "seen at …". `from` null: the state in
   * which SignDock first read it.
   */
  z.object({
    kind: z.literal('status'),
    at: z.string(),
    signatureId: z.string().nullable(),
    signer: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string(),
    /** What the document already showed when SignDock first read it (else: `from` null is a signer added). */
    firstSeen: z.boolean().optional(),
  }),
  /** A signer invited, at the service's own date for the signature (`created_date`). */
  z.object({ kind: z.literal('invited'), at: z.string(), signatureId: z.string(), signer: z.string().nullable() }),
  /** A signature signed, at the service's own date (`signed_date`, when the service gave it). */
  z.object({ kind: z.literal('signed'), at: z.string(), signatureId: z.string(), signer: z.string().nullable() }),
  /**
   * A signing as the archived audit evidence records it (the package's signer metadata, read when the
   * evidence was archived): who, when, and from where, as the service wrote it (not checked).
   */
  z.object({
    kind: z.literal('evidenceSigned'),
    at: z.string(),
    signer: z.string().nullable(),
    ip: z.string().nullable(),
    device: z.string().nullable(),
  }),
  /** A notification received from the service (`action` as sent: DS, SD, DC or another code). */
  z.object({
    kind: z.literal('notification'),
    at: z.string(),
    action: z.string(),
    signatureId: z.string().nullable(),
    newStatus: z.string().nullable(),
    state: z.string(),
  }),
  /** Something SignDock did (the audit journal: `action` is the job kind, `outcome` done, skipped or failed), with why. */
  z.object({
    kind: z.literal('action'),
    at: z.string(),
    action: z.string(),
    actor: z.string(),
    outcome: z.string(),
    target: z.string().nullable(),
    detail: z.string().nullable(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Thresholds of the "needs attention" lists (a setting). */
export const attentionSettingsSchema = z
  .object({ pendingDays: z.number().int().min(1).max(365), unopenedDays: z.number().int().min(1).max(365) })
  .strict();
export type AttentionSettings = z.infer<typeof attentionSettingsSchema>;
export const defaultAttentionSettings: AttentionSettings = { pendingDays: 14, unopenedDays: 3 };

const attentionDocument = z.object({ documentId: z.string(), title: z.string(), createdAt: z.string().nullable() });
const attentionSigner = attentionDocument.extend({ signatureId: z.string(), signer: z.string() });

export const dashboardSchema = z.object({
  counts: statusCountsSchema,
  chart: z.object({
    bucket: z.enum(['day', 'week']),
    /** Start of each bucket (ms), and per bucket how many documents were sent, completed, cancelled. */
    starts: z.array(z.number()),
    sent: z.array(z.number().int()),
    completed: z.array(z.number().int()),
    cancelled: z.array(z.number().int()),
    /** Documents already completed or cancelled when SignDock first read them: when is not known. */
    undated: z.number().int(),
  }),
  attention: z.object({
    rejected: z.object({ count: z.number().int(), items: z.array(attentionSigner) }),
    stalePending: z.object({ count: z.number().int(), before: z.number(), items: z.array(attentionDocument) }),
    unopened: z.object({ count: z.number().int(), before: z.number(), items: z.array(attentionSigner) }),
    unsentBatches: z.object({
      count: z.number().int(),
      items: z.array(z.object({ batchId: z.string(), createdAt: z.string(), notSent: z.number().int(), rows: z.number().int() })),
    }),
  }),
  settings: attentionSettingsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * Where a document's signers stand, counted by signature status (for "2 of 3 signed, 1 rejected").
 * A signature invalidated (cancelled with a reason, usually replaced by another) is not one the
 * document needs: it is counted in `replaced`, not in `total`.
 */
export interface SignerProgress {
  total: number;
  replaced: number;
  signed: number;
  rejected: number;
  cancelled: number;
  opened: number;
  notOpened: number;
  /** Signatures in a status SignDock does not know. */
  other: number;
}

type ProgressSignature = Pick<Signature, 'status'> & Partial<Pick<Signature, 'invalidationReason'>>;

export function signerProgress(signatures: readonly ProgressSignature[]): SignerProgress {
  const progress: SignerProgress = {
    total: signatures.length,
    replaced: 0,
    signed: 0,
    rejected: 0,
    cancelled: 0,
    opened: 0,
    notOpened: 0,
    other: 0,
  };
  for (const { status, invalidationReason } of signatures) {
    if (status === 'CA' && invalidationReason) {
      progress.replaced += 1;
      progress.total -= 1;
    } else if (status === 'CO') progress.signed += 1;
    else if (status === 'DE') progress.rejected += 1;
    else if (status === 'CA') progress.cancelled += 1;
    else if (status === 'PE') progress.opened += 1;
    else if (status === 'IN') progress.notOpened += 1;
    else progress.other += 1;
  }
  return progress;
}

/**
 * Whether a signature may still be signed: not signed, rejected or cancelled. A status SignDock does not
 * know (service-api.md §2.2, "Other signature statuses: not shown") counts as still open: the service
 * refuses what it does not allow, and hiding a live signer would be worse.
 */
export function isOpenSignatureStatus(status: string): boolean {
  return status !== 'CO' && status !== 'DE' && status !== 'CA';
}

/** Whether a signer can still use the signing link: the document is pending and the signature open. */
export function canStillSign(documentStatus: string, signatureStatus: string): boolean {
  return documentStatus === 'PE' && isOpenSignatureStatus(signatureStatus);
}

/** What a document's status means to a person (see `displayStatusOf`): `PE+DE` for a pending document a signer rejected. */
export function displayStatus(document: Pick<Document, 'status'> & { signatures: readonly Pick<Signature, 'status'>[] }): string {
  return displayStatusOf(
    document.status,
    document.signatures.map((signature) => signature.status),
  );
}

/**
 * One line of the Activity feed: a change the mirror learned, however it learned it (a full sync, a
 * notification's re-read, a read after SignDock's own action). `at` is when SignDock saw it.
 * `signatureId` null: the document's own status (`to` CO: completed, CA: cancelled).
 */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  documentId: z.string(),
  title: z.string(),
  signatureId: z.string().nullable(),
  signer: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  /** A signature cancelled with a reason (invalidated, and so replaced): "replaced", as the table says. */
  replaced: z.boolean().optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
