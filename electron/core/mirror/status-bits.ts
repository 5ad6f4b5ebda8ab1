import { displayStatuses } from '../../../shared/domain/status-codes';

/**
 * Each search-index entry's rowid is `doc_key << 5 | bit`, the bit naming the document's status
 * (DR, PE, CO, CA, anything else). So one pass over the matches of a search gives the counts by
 * status (`sum(rowid & bit)`), without reading a single document row. Keys are below 2^53 and
 * rowids below 2^58: they are only ever shifted inside SQLite, never in JavaScript.
 */
export const statusBits: Readonly<Record<string, number>> = { DR: 1, PE: 2, CO: 4, CA: 8 };
export const otherStatusBit = 16;
export const bitCount = 5;

/** A status's bit (`statusBits`, else `otherStatusBit`) in SQL, for a column or expression holding the status. */
export function statusBitSql(column: string): string {
  const cases = Object.entries(statusBits)
    .map(([code, bit]) => `WHEN '${code}' THEN ${bit}`)
    .join(' ');
  return `(CASE ${column} ${cases} ELSE ${otherStatusBit} END)`;
}

/** The rowid of a document's search entry, in SQL. */
export function searchRowidSql(keyColumn: string, statusColumn: string): string {
  return `((${keyColumn} << ${bitCount}) | ${statusBitSql(statusColumn)})`;
}

/**
 * The order of the Status column: the lifecycle (draft, pending, rejected — needs action, completed,
 * cancelled), then any other code in byte order.
 */
export function statusOrder(codes: Iterable<string>): string[] {
  const known: readonly string[] = displayStatuses;
  const rank = (code: string) => (known.includes(code) ? known.indexOf(code) : known.length);
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
}
