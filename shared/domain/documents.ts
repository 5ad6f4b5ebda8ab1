import { z } from 'zod';
import type { DocumentStatus, InviteChannel, SignatureStatus } from './status-codes';

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
 * One signer of a new document: validations by code (`EM`, `PH`, `BI`, `AF`, see `ValidationCode`),
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
