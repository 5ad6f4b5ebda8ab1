import type { NewDocument, NewSignature } from '../core/workflow';
import { FieldErrors, isPlainObject, messages } from './validation-errors';
import { channelTargetsField, inviteChannelField, stringField, validationsField } from './validate-fields';

export const MAX_PDF_BYTES = 50 * 1024 * 1024;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** `file_content`: canonical base64 (RFC 4648, no whitespace) of a PDF of at most `maxPdfBytes`. */
function fileContentField(errors: FieldErrors, body: Record<string, unknown>, maxPdfBytes: number): Buffer | undefined {
  const text = stringField(errors, body, 'file_content', { required: true });
  if (text === undefined) return undefined;
  if (text.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(text)) {
    errors.add(['file_content'], 'Invalid base64 content: use the standard alphabet with padding (RFC 4648), without line breaks.');
    return undefined;
  }
  if (decodedLength(text) > maxPdfBytes) {
    errors.add(['file_content'], `The file is larger than the limit of ${Math.round(maxPdfBytes / 1024 / 1024)} MB.`);
    return undefined;
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) {
    errors.add(['file_content'], 'Invalid base64 content: use the standard alphabet with padding (RFC 4648), without line breaks.');
    return undefined;
  }
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    errors.add(['file_content'], 'The file is not a PDF document.');
    return undefined;
  }
  return bytes;
}

function signatureEntry(errors: FieldErrors, index: number, entry: unknown): NewSignature | undefined {
  const path = ['signatures', index];
  if (!isPlainObject(entry)) {
    errors.add([...path, 'non_field_errors'], messages.notObject(entry));
    return undefined;
  }
  if (entry.validations === undefined) {
    errors.add([...path, 'validations'], messages.required);
    return undefined;
  }
  const validations = validationsField(errors, [...path, 'validations'], entry.validations);
  const inviteChannel =
    entry.invite_channel === undefined ? [] : inviteChannelField(errors, [...path, 'invite_channel'], entry.invite_channel);
  if (validations === undefined || inviteChannel === undefined) return undefined;
  if (!channelTargetsField(errors, [...path, 'invite_channel'], inviteChannel, validations)) return undefined;
  return { validations, inviteChannel };
}

/** The body of `POST /api/v2/documents/create`. Unknown fields are ignored, as the service does. */
export function validateCreate(body: unknown, maxPdfBytes: number = MAX_PDF_BYTES): Checked<NewDocument> {
  const errors = new FieldErrors();
  if (!isPlainObject(body)) {
    errors.add(['non_field_errors'], messages.notObject(body));
    return { ok: false, errors };
  }
  const title = stringField(errors, body, 'title', { required: true });
  const file = fileContentField(errors, body, maxPdfBytes);
  const fileName = stringField(errors, body, 'file_name', { required: false, maxLength: 255, allowNull: true });

  const signatures: NewSignature[] = [];
  const list = body.signatures;
  if (list === undefined) errors.add(['signatures'], messages.required);
  else if (list === null) errors.add(['signatures'], messages.notNull);
  else if (!Array.isArray(list)) errors.add(['signatures'], messages.notList(list));
  else if (list.length === 0) errors.add(['signatures'], messages.emptyList);
  else {
    list.forEach((entry: unknown, index) => {
      const signature = signatureEntry(errors, index, entry);
      if (signature) signatures.push(signature);
    });
  }

  if (!errors.empty || title === undefined || file === undefined) return { ok: false, errors };
  return { ok: true, value: { title, file, signatures, ...(fileName ? { fileName } : {}) } };
}
