import type { z } from 'zod';
import type { Document, InvalidationResult, Signature, ValidationState, ValidationValue } from '../../../shared/domain/documents';
import { safeParse } from '../../../shared/contract/safe-parse';
import { wireDocumentPageSchema, wireDocumentSchema, wireInvalidationSchema, wireSignatureSchema } from './wire-types';

/**
 * The one step from the service's JSON to SignDock's domain types. Tolerant where the service
 * varies (`creation_date`/`created_date`, `{value, validated}` or plain values, unknown codes and
 * fields), strict only on what identifies a record (id, status).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface ParsedPage {
  documents: Document[];
  /** Total number of documents, when the answer was a page that says. */
  count: number | null;
  /** The next page's URL, as the service gave it; null on the last page or for a plain array. */
  next: string | null;
}

export function parseDocument(json: unknown): Parsed<Document> {
  const wire = safeParse(wireDocumentSchema, json);
  if (!wire.success) return { ok: false, problem: describeIssues('document', wire.error) };
  const signatures: Signature[] = [];
  for (const [index, item] of (wire.data.signatures ?? []).entries()) {
    const signature = parseSignature(item);
    if (!signature.ok) return { ok: false, problem: `signature ${index + 1} of document ${wire.data.id}: ${signature.problem}` };
    signatures.push(signature.value);
  }
  const d = wire.data;
  return {
    ok: true,
    value: {
      id: d.id,
      title: d.title ?? '',
      status: d.status,
      createdAt: utcTime(d.creation_date ?? d.created_date) ?? earliest(signatures),
      cancelReason: d.cancel_reason,
      fileName: d.file_name,
      fileHash: d.file_hash,
      signatures,
      raw: json as Record<string, unknown>,
    },
  };
}

export function parseSignature(json: unknown): Parsed<Signature> {
  const wire = safeParse(wireSignatureSchema, json);
  if (!wire.success) return { ok: false, problem: describeIssues('signature', wire.error) };
  const s = wire.data;
  const validations: Record<string, ValidationState> = {};
  for (const [code, entry] of Object.entries(s.validations ?? {})) validations[code] = readValidation(entry);
  return {
    ok: true,
    value: {
      id: s.id,
      status: s.status,
      createdAt: utcTime(s.created_date ?? s.creation_date),
      url: s.url,
      inviteChannel: s.invite_channel ?? [],
      validations,
      invalidationReason: s.invalidation_reason,
      signedDate: s.signed_date,
      ip: s.ip_address,
      device: readDevice(s.info_device),
      documentId: s.document_id ?? readDocumentRef(s.document),
      displayName: displayNameOf(validations),
      raw: json as Record<string, unknown>,
    },
  };
}

export function parseDocumentPage(json: unknown): Parsed<ParsedPage> {
  const wire = safeParse(wireDocumentPageSchema, json);
  if (!wire.success) return { ok: false, problem: 'neither a list of documents nor a page of them' };
  const page = Array.isArray(wire.data) ? { results: wire.data, count: null, next: null } : wire.data;
  const documents: Document[] = [];
  for (const [index, item] of page.results.entries()) {
    const document = parseDocument(item);
    if (!document.ok) return { ok: false, problem: `item ${index + 1} of the list: ${document.problem}` };
    documents.push(document.value);
  }
  return { ok: true, value: { documents, count: page.count ?? null, next: page.next ?? null } };
}

export function parseInvalidation(json: unknown): Parsed<InvalidationResult> {
  const wire = safeParse(wireInvalidationSchema, json);
  if (!wire.success) return { ok: false, problem: describeIssues('invalidation', wire.error) };
  const w = wire.data;
  return {
    ok: true,
    value: {
      id: w.id,
      status: w.status ?? 'CA',
      invalidationReason: w.invalidation_reason,
      newSignatureId: w.new_signature_id,
      raw: json as Record<string, unknown>,
    },
  };
}

/**
 * A timestamp in the `Z` form (`…T09:00:00.123Z`). The interface says "ISO 8601 UTC" (service-api.md
 * §2.2) but not which form: an offset (`+00:00`, `-03:00`), microseconds, or no zone at all (read as
 * UTC) become `…Z` with milliseconds. A `Z` time with at most milliseconds, or anything that is not a
 * time, is kept as sent.
 */
export function utcTime(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  const match = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?)\s*(Z|[+-]\d\d(?::?\d\d)?)?$/i.exec(trimmed);
  if (!match || (/^Z$/i.test(match[3] ?? '') && !/[.,]\d{4,}/.test(match[2]!))) return text;
  const zone = (match[3] ?? 'Z').toUpperCase();
  const offset =
    zone === 'Z' ? 'Z' : /^[+-]\d\d$/.test(zone) ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${match[1]}T${match[2]!.replace(',', '.')}${offset}`);
  return Number.isNaN(ms) ? text : new Date(ms).toISOString();
}

/** A document without its own date (the interface lists none, service-api.md §2.1) was created
 * when its first signatures were: the earliest `created_date` (§2.2: "Present in responses"). */
function earliest(signatures: Signature[]): string | null {
  let first: { at: number; text: string } | null = null;
  for (const signature of signatures) {
    const at = signature.createdAt === null ? Number.NaN : Date.parse(signature.createdAt);
    if (Number.isFinite(at) && (first === null || at < first.at)) first = { at, text: signature.createdAt! };
  }
  return first?.text ?? null;
}

function readValidation(entry: unknown): ValidationState {
  if (isRecord(entry) && ('value' in entry || 'validated' in entry)) {
    return { value: readValue(entry.value), validated: typeof entry.validated === 'boolean' ? entry.validated : null };
  }
  return { value: readValue(entry), validated: null };
}

function readValue(value: unknown): ValidationValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) return value;
  return JSON.stringify(value);
}

const nameKeys = ['full_name', 'fullName', 'name', 'nombre', 'razon_social'];

/** Full name from AF's record, else the e-mail, else the phone. */
function displayNameOf(validations: Record<string, ValidationState>): string {
  const af = validations.AF?.value;
  if (isRecord(af)) {
    for (const key of nameKeys) {
      const name = af[key];
      if (typeof name === 'string' && name.trim() !== '') return name.trim();
    }
  }
  for (const code of ['EM', 'PH']) {
    const value = validations[code]?.value;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

function readDevice(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

function readDocumentRef(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (isRecord(value) && typeof value.id === 'string') return value.id;
  return null;
}

function describeIssues(what: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `not a ${what}`;
  if (issue.path.length === 0) return `not a ${what}`;
  return `${what} field "${issue.path.join('.')}" is missing or not readable`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
