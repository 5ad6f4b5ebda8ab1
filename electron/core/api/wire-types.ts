import { z } from 'zod';

/**
 * The service's JSON as it travels, apart from SignDock's domain types (shared/domain/documents.ts).
 * Schemas are loose: unknown fields pass through, only what identifies a record is required, and a
 * field of an unexpected type reads as absent instead of failing the whole document.
 */

/** UUIDs are strings; a numeric id is accepted and read as its decimal string. */
const wireId = z.union([z.string().min(1), z.number()]).transform(String);

/** A text field that may be absent, null, a number, or (tolerated as absent) anything else. */
const optionalText = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)))
  .catch(null);

export const wireSignatureSchema = z.looseObject({
  id: wireId,
  status: z.string(),
  created_date: optionalText,
  creation_date: optionalText,
  url: optionalText,
  /** A list of channels; a single string is read as a one-item list. */
  invite_channel: z
    .union([z.array(z.string()), z.string().transform((value) => [value])])
    .nullish()
    .catch(null),
  /** Code → `{value, validated}` or a plain value; each entry is read in parse-document.ts. */
  validations: z.record(z.string(), z.unknown()).nullish().catch(null),
  invalidation_reason: optionalText,
  signed_date: optionalText,
  ip_address: optionalText,
  info_device: z.unknown().optional(),
  document_id: optionalText,
  document: z.unknown().optional(),
});

export const wireDocumentSchema = z.looseObject({
  id: wireId,
  title: optionalText,
  status: z.string(),
  creation_date: optionalText,
  created_date: optionalText,
  cancel_reason: optionalText,
  file_name: optionalText,
  file_hash: optionalText,
  /** Each signature is parsed on its own, so that its raw JSON stays beside it. */
  signatures: z.array(z.unknown()).nullish(),
});

/** `GET /api/v2/documents`: a plain array, or a (Django REST Framework) page. */
export const wireDocumentPageSchema = z.union([
  z.array(z.unknown()),
  z.looseObject({
    results: z.array(z.unknown()),
    count: z.number().nullish().catch(null),
    next: z.string().nullish().catch(null),
    previous: z.string().nullish().catch(null),
  }),
]);

export const wireInvalidationSchema = z.looseObject({
  id: wireId,
  status: z.string().nullish().catch(null),
  invalidation_reason: optionalText,
  new_signature_id: optionalText,
});

/**
 * Request bodies (what SignDock sends). The create request is `{title, signatures: WireNewSignature[],
 * file_content}`, written by upload-body.ts as it is sent (the PDF's base64 is never held as one string).
 */
export interface WireNewSignature {
  validations: Record<string, string | null>;
  invite_channel?: string[];
}

export interface WireCancelRequest {
  cancel_reason?: string;
}

export interface WireInvalidateRequest {
  invalidation_reason: string;
  new_signer?: string;
  custom_signature?: {
    validations?: Record<string, string | null>;
    message?: string;
    invite_channel?: string[];
  };
  notify: boolean;
}
