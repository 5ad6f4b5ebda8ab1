import type { MirrorFilter } from './mirror-types';
import { cheapToProbe, matchExpression, searchWords, type Expand } from './search-text';

const keysPerMs = 1024;

/** How a filter is answered: from the table's indexes alone, or through the search index. */
export interface FilterPlan {
  accountId: string;
  statuses: string[];
  /** null: nothing beyond the statuses, the table's indexes answer. */
  fts: {
    /**
     * MATCH with the statuses (pages), and without them (counts by status); long prefixes are
     * replaced by their exact terms where there are few (the same matches, found faster).
     */
    match: string;
    countMatch: string;
    /** Every word became exact terms or a short prefix: testing one row is one seek. */
    cheapProbe: boolean;
    /** Range of search rowids (`doc_key << 5 | bit`), from the creation dates, as doc keys. */
    fromKey: number | null;
    toKey: number | null;
  } | null;
}

/**
 * The plan for a filter. `otherAccounts`: whether the mirror holds documents of another account (the
 * account's search token only narrows anything then).
 */
export function planFilter(accountId: string, filter: MirrorFilter, otherAccounts: boolean, expand: Expand): FilterPlan {
  const statuses = [...new Set(filter.statuses ?? [])];
  const words = searchWords(filter.search);
  const dated = filter.createdFrom !== undefined || filter.createdTo !== undefined;
  const signerStatuses = [...new Set(filter.signerStatuses ?? [])];
  if (words.length === 0 && signerStatuses.length === 0 && !filter.batchId && !dated) return { accountId, statuses, fts: null };
  // A match needs at least one term: with only dates, the account's token is that term.
  const anchorOnly = words.length === 0 && signerStatuses.length === 0 && !filter.batchId;
  const scope = {
    accountId: otherAccounts || anchorOnly ? accountId : null,
    signerStatuses,
    batchId: filter.batchId,
  };
  return {
    accountId,
    statuses,
    fts: {
      match: matchExpression(filter.search, { ...scope, statuses }, expand) as string,
      countMatch: matchExpression(filter.search, { ...scope, statuses: [] }, expand) as string,
      cheapProbe: cheapToProbe(filter.search, expand),
      fromKey: filter.createdFrom === undefined ? null : Math.max(0, Math.floor(filter.createdFrom)) * keysPerMs,
      toKey: filter.createdTo === undefined ? null : Math.max(0, Math.floor(filter.createdTo)) * keysPerMs,
    },
  };
}

/** SQL conditions on the search rowid for a plan's date range (`rowid` of documents_fts). */
export function rowidRange(plan: NonNullable<FilterPlan['fts']>): { sql: string; params: number[] } {
  const parts: string[] = [];
  const params: number[] = [];
  if (plan.fromKey !== null) {
    parts.push(' AND rowid >= (? << 5)');
    params.push(plan.fromKey);
  }
  if (plan.toKey !== null) {
    parts.push(' AND rowid < (? << 5)');
    params.push(plan.toKey);
  }
  return { sql: parts.join(''), params };
}
