import type { DocumentSortKey, SortDirection } from './mirror-types';

/**
 * How each column sorts: its SQL value (ties broken by the document key, in the same direction), the
 * index that walks it, and the keyset condition that starts a page after (or before) a row. Status
 * is not here: it sorts one status at a time (see document-query.ts).
 */
export interface SortColumn {
  /** The sort value as selected (and compared, with `collate`). */
  value: string;
  collate: string;
  /** Index on (account_id, value, doc_key, status). */
  index: string;
  /** The same with the status first, for a filter on one status; else `index`. */
  oneStatusIndex: string;
}

export const sortColumns: Record<Exclude<DocumentSortKey, 'status'>, SortColumn> = {
  created: { value: 'd.doc_key', collate: '', index: 'documents_by_created', oneStatusIndex: 'documents_by_status' },
  title: { value: 'd.title', collate: ' COLLATE NOCASE', index: 'documents_by_title', oneStatusIndex: 'documents_by_status_title' },
  progress: { value: 'd.progress', collate: '', index: 'documents_by_progress', oneStatusIndex: 'documents_by_progress' },
  changed: { value: 'd.changed_ms', collate: '', index: 'documents_by_changed', oneStatusIndex: 'documents_by_changed' },
  batch: { value: 'd.batch_at', collate: '', index: 'documents_by_batch', oneStatusIndex: 'documents_by_batch' },
};

export type CursorValue = string | number;

/** A row's place in a sort: its sort value and key, as an opaque string for the UI. */
export function encodeCursor(value: CursorValue, key: number): string {
  return JSON.stringify([value, key]);
}

export function decodeCursor(cursor: string | undefined): { value: CursorValue; key: number } | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(cursor);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, key] = parsed as unknown[];
    if ((typeof value !== 'string' && typeof value !== 'number') || typeof key !== 'number' || !Number.isSafeInteger(key)) return null;
    return { value, key };
  } catch {
    return null;
  }
}

export function orderBy(column: SortColumn, direction: SortDirection, alias = 'd'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const value = column.value.replace(/^d\./, `${alias}.`);
  if (column === sortColumns.created) return `${alias}.doc_key ${dir}`;
  return `${value}${column.collate} ${dir}, ${alias}.doc_key ${dir}`;
}

/** ` AND (value, key) > (?, ?)` (or `<`) for rows after the cursor in `direction`; '' without a cursor. */
export function afterCondition(
  column: SortColumn,
  direction: SortDirection,
  cursor: { value: CursorValue; key: number } | null,
  alias = 'd',
): { sql: string; params: CursorValue[] } {
  if (!cursor) return { sql: '', params: [] };
  const op = direction === 'asc' ? '>' : '<';
  if (column === sortColumns.created) return { sql: ` AND ${alias}.doc_key ${op} ?`, params: [cursor.key] };
  const value = column.value.replace(/^d\./, `${alias}.`);
  return { sql: ` AND (${value}${column.collate}, ${alias}.doc_key) ${op} (?, ?)`, params: [cursor.value, cursor.key] };
}

export const flip = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');
