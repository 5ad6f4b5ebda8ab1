import type { BatchItem } from '../../../shared/domain/batches';
import { signerLabel } from '../../../shared/domain/signers';

/**
 * A batch's results as CSV (CRLF, UTF-8 with BOM so spreadsheets read accents): one line per row
 * with its file, title, state, document id and error, then for each signer who signs and the link.
 */
export function resultsCsv(items: readonly BatchItem[]): string {
  const signers = Math.max(1, ...items.map((item) => item.signatures.length || item.signers.length));
  const header = ['file', 'title', 'status', 'document_id', 'error'];
  for (let n = 1; n <= signers; n++) header.push(`signer${n}`, `signer${n}_signature_id`, `signer${n}_link`);
  const lines = [header];
  for (const item of items) {
    const line = [item.fileName, item.title, item.excluded && item.state === 'draft' ? 'excluded' : item.state, item.documentId ?? '', item.error?.message ?? ''];
    for (let n = 0; n < signers; n++) {
      const sent = item.signatures[n];
      line.push(sent?.label || signerLabel(item.signers[n]), sent?.id ?? '', sent?.url ?? '');
    }
    lines.push(line);
  }
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A CSV cell; a leading =, +, - or @ is prefixed with ' so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
