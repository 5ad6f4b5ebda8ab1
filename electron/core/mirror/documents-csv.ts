import { displayStatus, signerProgress, type SignerProgress } from '../../../shared/domain/documents';
import {
  displayStatusLabel,
  inviteChannelLabels,
  isKnownInviteChannel,
  signatureStatusLabel,
  validationLabel,
} from '../../../shared/domain/status-codes';
import { writeCsv } from '../../../shared/csv/csv-writer';
import type { MirrorDocument } from './mirror-types';

/**
 * The Documents page's export: one line per document or per signature, UTF-8 with a BOM (so
 * spreadsheet programs read accents), statuses as words and codes, written by shared/csv. Signers
 * carry the names the clerk gave them in SignDock's address book (`signer_names`, `signer_name`:
 * `localName`, set by the mirror's reader), beside what the service says of them.
 */

/** The lines as CSV text (the one writer: formula-safe cells, CRLF), with a BOM. */
export function exportCsv(rows: readonly (readonly string[])[]): string {
  return writeCsv(rows, { bom: true });
}

export const documentHeader = [
  'document_id',
  'title',
  'status',
  'status_code',
  'signers',
  'signer_names',
  'progress',
  'created',
  'last_change',
  'batch_id',
  'dropped_file',
  'service_file_name',
  'cancel_reason',
];
export const signatureHeader = [
  'document_id',
  'title',
  'document_status',
  'signature_id',
  'signer',
  'signer_name',
  'email',
  'phone',
  'status',
  'status_code',
  'invitation',
  'validations',
  'created',
  'signed',
  'invalidation_reason',
];

export function documentRow(document: MirrorDocument): string[] {
  return [
    document.id,
    document.title,
    // In words what the status means ("Rejected — needs action"), beside the service's code.
    displayStatusLabel(displayStatus(document)),
    document.status,
    document.signatures
      .map((signature) => signature.displayName)
      .filter(Boolean)
      .join('; '),
    document.signatures
      .map((signature) => signature.localName ?? '')
      .filter(Boolean)
      .join('; '),
    progressWords(signerProgress(document.signatures)),
    document.createdAt ?? '',
    document.changedAt ?? '',
    document.origin?.batchId ?? '',
    document.origin?.fileName ?? '',
    document.fileName ?? '',
    document.cancelReason ?? '',
  ];
}

export function signatureRows(document: MirrorDocument): string[][] {
  return document.signatures.map((signature) => [
    document.id,
    document.title,
    displayStatusLabel(displayStatus(document)),
    signature.id,
    signature.displayName,
    signature.localName ?? '',
    text(signature.validations.EM?.value),
    text(signature.validations.PH?.value),
    signatureStatusLabel(signature.status),
    signature.status,
    signature.inviteChannel.map((code) => (isKnownInviteChannel(code) ? inviteChannelLabels[code] : code)).join('; '),
    Object.entries(signature.validations)
      .map(([code, state]) => `${validationLabel(code)}${state.validated === true ? ' (validated)' : ''}`)
      .join('; '),
    signature.createdAt ?? '',
    signature.signedDate ?? '',
    signature.invalidationReason ?? '',
  ]);
}

/** "2 of 3 signed, 1 rejected" (English: the export is a data file). */
export function progressWords(progress: SignerProgress): string {
  if (progress.total === 0) return 'no signers';
  const parts = [`${progress.signed} of ${progress.total} signed`];
  if (progress.rejected) parts.push(`${progress.rejected} rejected`);
  if (progress.cancelled) parts.push(`${progress.cancelled} cancelled`);
  if (progress.replaced) parts.push(`${progress.replaced} replaced`);
  return parts.join(', ');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
