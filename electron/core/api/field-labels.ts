import { validationLabel } from '../../../shared/domain/status-codes';

/** Plain words for the fields the service names in its error bodies (and the client's own). */
const labels: Record<string, string> = {
  title: 'title',
  file_content: 'PDF file',
  filePath: 'PDF file',
  signatures: 'signers',
  validations: 'validations',
  invite_channel: 'invitation channel',
  cancel_reason: 'cancellation reason',
  invalidation_reason: 'reason for invalidating',
  new_signer: 'new signer',
  custom_signature: 'new signature',
  message: 'invitation message',
  notify: 'notify the signer',
  selected_emails: 'selected e-mails',
};

/** `signatures.0.validations.EM` → "Signer 1, e-mail"; `title` → "Title". */
export function describeField(path: string): string {
  const segments = path.split('.').filter((segment) => segment !== '');
  const parts: string[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] ?? '';
    const next = segments[i + 1];
    const previous = segments[i - 1];
    if (segment === 'signatures' && next !== undefined && /^\d+$/.test(next)) {
      parts.push(`signer ${Number(next) + 1}`);
      i += 1;
    } else if (previous === 'validations') {
      parts[parts.length - 1] = validationLabel(segment);
    } else if (/^\d+$/.test(segment)) {
      parts.push(`item ${Number(segment) + 1}`);
    } else {
      parts.push(labels[segment] ?? segment.replace(/_/g, ' '));
    }
  }
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
