import { writeCsv } from '../../../shared/csv/csv-writer';
import type { BatchItem } from '../../../shared/domain/batches';
import { inviteWord } from '../../../shared/domain/manifest';
import { signerLabel } from '../../../shared/domain/signers';

export { csvCell } from '../../../shared/csv/csv-writer';

/**
 * A batch's results as CSV (CRLF, UTF-8 with BOM so spreadsheets read accents): one line per row
 * with its file, title, state, document id and error, then for each signer who signs, the signature,
 * the link, the phone (`any` when any phone may sign) and the channel (email, sms, email+sms, link).
 * Written by the one CSV writer (shared/csv/csv-writer.ts): no value can run as a formula.
 */
export function resultsCsv(items: readonly BatchItem[]): string {
  const signers = Math.max(1, ...items.map((item) => item.signatures.length || item.signers.length));
  // Names the clerk gave signers (kept locally, never sent) get their own columns when there are any.
  const named = items.some((item) => item.signers.some((signer) => signer.name));
  const header = ['file', 'title', 'status', 'document_id', 'error'];
  for (let n = 1; n <= signers; n++)
    header.push(
      ...(named ? [`signer${n}_name`] : []),
      `signer${n}`,
      `signer${n}_signature_id`,
      `signer${n}_link`,
      `signer${n}_phone`,
      `signer${n}_channel`,
    );
  const lines = [header];
  for (const item of items) {
    const line = [
      item.fileName,
      item.title,
      item.excluded && item.state === 'draft' ? 'excluded' : item.state,
      item.documentId ?? '',
      item.error?.message ?? '',
    ];
    for (let n = 0; n < signers; n++) {
      const sent = item.signatures[n];
      if (named) line.push(item.signers[n]?.name ?? '');
      const signer = item.signers[n];
      const phone = signer?.validations.PH;
      line.push(
        sent?.label || signerLabel(signer),
        sent?.id ?? '',
        sent?.url ?? '',
        phone === null ? 'any' : (phone ?? ''),
        signer ? inviteWord(signer.invite) : '',
      );
    }
    lines.push(line);
  }
  return writeCsv(lines, { bom: true });
}
