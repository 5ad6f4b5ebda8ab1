import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import type { DocumentReader } from './document-reader';
import type { MirrorPage, MirrorQuery, DocumentSortKey, SortDirection, StatusCounts } from './mirror-types';
import { SearchHits } from './search-hits';
import { matchExpression } from './search-text';

type Statement = Database.Statement<unknown[]>;

export const maxPageSize = 500;

interface Scope {
  accountId: string | null;
  statuses: readonly string[];
}

/**
 * The dashboard's reads: counts by status, and one page of documents filtered by status, searched,
 * sorted, with the total. Counts come from `document_counts` (kept by triggers).
 *
 * Document keys follow creation order (see schema.ts), so:
 * - without a search, a page walks an index in the requested order and stops after it;
 * - searched and sorted by creation, the search index returns matches in key order and stops after
 *   the page (the total is one count over the index);
 * - searched and sorted by status, the same, one status after the other;
 * - searched and sorted by title, the matches are collected once (`SearchHits`), then the page
 *   either walks the title index probing them (many matches) or sorts them (few matches).
 * Every path gives the rows of the equivalent SQL ORDER BY (status, then key; title, then key).
 */
export class DocumentQueries {
  private readonly counting: Statement;
  private readonly otherAccounts: Statement;
  private readonly searchCount: Statement;
  private readonly hits: SearchHits;
  private readonly cache = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly reader: DocumentReader,
  ) {
    this.counting = db.prepare('SELECT status, n FROM document_counts WHERE account_id = ? AND n > 0');
    this.otherAccounts = db.prepare('SELECT 1 FROM document_counts WHERE account_id <> ? LIMIT 1').pluck();
    this.searchCount = db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck();
    this.hits = new SearchHits(db);
  }

  counts(accountId: string): StatusCounts {
    const byStatus: Record<string, number> = {};
    let total = 0;
    for (const row of this.counting.all(accountId) as { status: string; n: number }[]) {
      byStatus[row.status] = row.n;
      total += row.n;
    }
    return { byStatus, total };
  }

  page(query: MirrorQuery): MirrorPage {
    const limit = Math.max(0, Math.min(maxPageSize, Math.floor(query.limit)));
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const statuses = [...new Set(query.statuses ?? [])];
    const sort = query.sort ?? { key: 'created', direction: 'desc' };
    const counts = this.counts(query.accountId);
    // The account's search token only narrows anything when the mirror holds other accounts.
    const scope: Scope = { accountId: this.otherAccounts.get(query.accountId) === undefined ? null : query.accountId, statuses };
    const search = query.search ?? '';
    if (matchExpression(search, scope) === null) return this.unsearched(query.accountId, statuses, counts, sort, limit, offset);
    if (sort.key === 'created') {
      const match = matchExpression(search, scope) as string;
      const total = this.searchCount.get(match) as number;
      return { total, documents: this.reader.byKeys(offset >= total ? [] : this.inKeyOrder(match, sort.direction, limit, offset)) };
    }
    if (sort.key === 'status') return this.byStatus(search, scope, statuses.length > 0 ? statuses : Object.keys(counts.byStatus), sort.direction, limit, offset);
    return this.byTitle(query.accountId, matchExpression(search, scope) as string, statuses, counts, sort.direction, limit, offset);
  }

  private unsearched(accountId: string, statuses: string[], counts: StatusCounts, sort: { key: DocumentSortKey; direction: SortDirection }, limit: number, offset: number): MirrorPage {
    const total = statuses.length === 0 ? counts.total : statuses.reduce((sum, status) => sum + (counts.byStatus[status] ?? 0), 0);
    if (limit === 0 || offset >= total) return { documents: [], total };
    const sql = `SELECT d.doc_key FROM documents AS d INDEXED BY ${indexFor(sort.key, statuses)}
      WHERE d.account_id = ?${statusFilter(statuses)} ORDER BY ${orderBy(sort.key, sort.direction)} LIMIT ? OFFSET ?`;
    const keys = this.statement(sql).all(accountId, ...statuses, limit, offset) as number[];
    return { documents: this.reader.byKeys(keys), total };
  }

  /** Matches in key (creation) order, read from the search index, which stops after the page. */
  private inKeyOrder(match: string, direction: SortDirection, limit: number, offset: number): number[] {
    if (limit === 0) return [];
    const sql = `SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? ORDER BY rowid ${direction === 'asc' ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`;
    return this.statement(sql).all(match, limit, offset) as number[];
  }

  /** By status (byte order, as SQLite sorts), then by key: one status at a time. */
  private byStatus(search: string, scope: Scope, statuses: readonly string[], direction: SortDirection, limit: number, offset: number): MirrorPage {
    const ordered = [...statuses].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)) * (direction === 'asc' ? 1 : -1));
    const groups = ordered.map((status) => {
      const match = matchExpression(search, { accountId: scope.accountId, statuses: [status] }) as string;
      return { match, count: this.searchCount.get(match) as number };
    });
    const total = groups.reduce((sum, group) => sum + group.count, 0);
    const keys: number[] = [];
    let skip = offset;
    for (const group of groups) {
      if (keys.length >= limit) break;
      if (skip >= group.count) {
        skip -= group.count;
        continue;
      }
      keys.push(...this.inKeyOrder(group.match, direction, limit - keys.length, skip));
      skip = 0;
    }
    return { documents: this.reader.byKeys(keys), total };
  }

  /** By title: the matches are collected once, then the title index is walked probing them, or (few matches) they are sorted. */
  private byTitle(accountId: string, match: string, statuses: string[], counts: StatusCounts, direction: SortDirection, limit: number, offset: number): MirrorPage {
    const total = this.hits.select(match);
    if (limit === 0 || offset >= total) return { documents: [], total };
    const inScope = statuses.length === 0 ? counts.total : statuses.reduce((sum, status) => sum + (counts.byStatus[status] ?? 0), 0);
    const filter = statusFilter(statuses);
    const order = orderBy('title', direction);
    const sql = walkIndex(offset + limit, inScope, total)
      ? `SELECT d.doc_key FROM documents AS d INDEXED BY ${indexFor('title', statuses)} WHERE d.account_id = ?${filter}
          AND d.doc_key IN (SELECT doc_key FROM temp.mirror_hits) ORDER BY ${order} LIMIT ? OFFSET ?`
      : `SELECT d.doc_key FROM temp.mirror_hits AS h CROSS JOIN documents AS d ON d.doc_key = h.doc_key
          WHERE d.account_id = ?${filter} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const keys = this.statement(sql).all(accountId, ...statuses, limit, offset) as number[];
    return { documents: this.reader.byKeys(keys), total };
  }

  private statement(sql: string): Statement {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).pluck();
      this.cache.set(sql, statement);
    }
    return statement;
  }
}

/**
 * Walking the index visits about `needed · inScope / matches` entries (cheap each); sorting the
 * matches costs a row lookup per match (about 15 times dearer, measured). Walk when that is less.
 */
function walkIndex(needed: number, inScope: number, matches: number): boolean {
  return needed * inScope < 15 * matches * matches;
}

function statusFilter(statuses: readonly string[]): string {
  if (statuses.length === 0) return '';
  if (statuses.length === 1) return ' AND d.status = ?';
  return ` AND d.status IN (${statuses.map(() => '?').join(', ')})`;
}

function indexFor(key: DocumentSortKey, statuses: readonly string[]): string {
  const oneStatus = statuses.length === 1;
  switch (key) {
    case 'title':
      return oneStatus ? 'documents_by_status_title' : 'documents_by_title';
    case 'status':
      return 'documents_by_status';
    default:
      return oneStatus ? 'documents_by_status' : 'documents_by_created';
  }
}

function orderBy(key: DocumentSortKey, direction: SortDirection): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  switch (key) {
    case 'title':
      return `d.title COLLATE NOCASE ${dir}, d.doc_key ${dir}`;
    case 'status':
      return `d.status ${dir}, d.doc_key ${dir}`;
    default:
      return `d.doc_key ${dir}`;
  }
}
