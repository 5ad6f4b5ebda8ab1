import type Database from 'better-sqlite3';
import type { Db } from '../db/database';
import type { DocumentReader } from './document-reader';
import { DocumentWriter } from './document-writer';
import { planFilter, rowidRange, type FilterPlan } from './filter-plan';
import type { DocumentSortKey, MirrorFilter, MirrorPage, MirrorQuery, SortDirection, StatusCounts } from './mirror-types';
import { SearchHits } from './search-hits';
import { statusToken } from './search-text';
import { afterCondition, decodeCursor, encodeCursor, flip, orderBy, sortColumns, type CursorValue, type SortColumn } from './sort-columns';
import { StatusCounter } from './status-counts';
import { statusBitSql, statusOrder } from './status-bits';
import { TermExpander } from './term-expander';

type Statement = Database.Statement<unknown[]>;
type Cursor = { value: CursorValue; key: number } | null;
/** A row of a page: its key and its sort value (for cursors). */
interface Row {
  k: number;
  v: CursorValue;
}
interface Walk {
  plan: FilterPlan;
  counts: StatusCounts;
  direction: SortDirection;
  cursor: Cursor;
  /** Rows wanted after skipping `offset`. */
  want: number;
  offset: number;
}

export const maxPageSize = 500;

/** Where one plan gives way to another (tests move them to reach every plan with few documents). */
export interface QueryTuning {
  /** Up to this many matches, sorting them all (about 0.5 µs each) is cheaper than anything else. */
  sortAllUpTo: number;
  /** Rows of the sort index tested one by one against the search (10–40 µs each) before giving up on that plan. */
  probeBudget: number;
  /** Entries of the sort index walked looking for collected matches before sorting the matches instead. */
  minWalk: number;
  maxWalk: number;
}

export const defaultTuning: QueryTuning = { sortAllUpTo: 8000, probeBudget: 150, minWalk: 2000, maxWalk: 20_000 };

/**
 * The Documents page's reads: counts by status following the filter, and one page filtered,
 * searched, sorted by any column, with keyset cursors (or an offset, for the CLI).
 *
 * Without anything beyond a status filter, a page walks the column's index from the cursor and stops
 * after the page. Otherwise the search index answers (filter-plan.ts), its rowids in creation order:
 * - sorted by creation, the matches come straight from it, from the cursor, stopping after the page;
 * - by status, the same, one status after the other (lifecycle order: draft, pending, completed,
 *   cancelled, then other codes);
 * - by another column: few matches are sorted; many matches, cheap to test one by one, are found by
 *   walking the column's index and testing each row (about `page × documents / matches` rows); else
 *   the matches are collected once (`SearchHits`) and the index is walked probing them, up to a
 *   budget (the matches may all sort late), or they are sorted.
 * Every path gives the rows of the equivalent SQL ORDER BY (column, then key).
 */
export class DocumentQueries {
  private readonly otherAccounts: Statement;
  private readonly probe: Statement;
  private readonly hits: SearchHits;
  private readonly counter: StatusCounter;
  private readonly expander: TermExpander;
  private readonly writer: DocumentWriter;

  constructor(
    private readonly db: Db,
    private readonly reader: DocumentReader,
    private readonly tuning: QueryTuning = defaultTuning,
  ) {
    this.otherAccounts = db.prepare('SELECT 1 FROM document_counts WHERE account_id <> ? LIMIT 1').pluck();
    this.probe = db
      .prepare(`SELECT 1 FROM documents_fts WHERE documents_fts MATCH ? AND rowid = ((? << 5) | ${statusBitSql('?')})`)
      .pluck();
    this.hits = new SearchHits(db);
    this.counter = new StatusCounter(db);
    this.expander = new TermExpander(db);
    this.writer = new DocumentWriter(db);
  }

  /** Counts by status of the whole account. */
  counts(accountId: string): StatusCounts {
    return this.counter.ofAccount(accountId);
  }

  /** Rewrites the search entries waiting in `search_stale` (a batch or a signer's name came after them). */
  catchUpSearch(): void {
    this.writer.catchUpSearch((account, id) => this.reader.get(account, id));
  }

  plan(accountId: string, filter: MirrorFilter): FilterPlan {
    this.catchUpSearch();
    return planFilter(accountId, filter, this.otherAccounts.get(accountId) !== undefined, this.expander.expand);
  }

  /** Counts by status of what a filter leaves (its status filter left out). */
  filteredCounts(accountId: string, filter: MirrorFilter): StatusCounts {
    return this.counter.ofPlan(this.plan(accountId, filter));
  }

  page(query: MirrorQuery): MirrorPage {
    const limit = Math.max(0, Math.min(maxPageSize, Math.floor(query.limit)));
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const sort = query.sort ?? { key: 'created', direction: 'desc' };
    const plan = this.plan(query.accountId, query);
    const counts = this.counter.ofPlan(plan);
    const total =
      plan.statuses.length === 0 ? counts.total : plan.statuses.reduce((sum, status) => sum + (counts.byStatus[status] ?? 0), 0);
    const after = decodeCursor(query.after);
    const before = after ? null : decodeCursor(query.before);
    const empty = {
      documents: [],
      total,
      counts,
      first: null,
      last: null,
      hasBefore: offset > 0 || after !== null,
      hasAfter: before !== null,
    };
    if (limit === 0 || total === 0) return empty;
    // An offset counts from the start: it is not combined with a cursor.
    const walk: Walk = {
      plan,
      counts,
      direction: before ? flip(sort.direction) : sort.direction,
      cursor: before ?? after,
      want: limit + 1,
      offset: after || before ? 0 : offset,
    };
    const found = this.rows(sort.key, walk, total);
    const more = found.length > limit;
    const rows = found.slice(0, limit);
    if (before) rows.reverse();
    const first = rows[0];
    const last = rows.at(-1);
    return {
      documents: this.reader.byKeys(rows.map((row) => row.k)),
      total,
      counts,
      first: first ? encodeCursor(first.v, first.k) : null,
      last: last ? encodeCursor(last.v, last.k) : null,
      hasBefore: before ? more : offset > 0 || after !== null,
      hasAfter: before ? true : more,
    };
  }

  /** Keys of every document a filter leaves, in the sort's order (for an export or a selection). */
  allKeys(accountId: string, filter: MirrorFilter, sort: { key: DocumentSortKey; direction: SortDirection }, cap: number): number[] {
    const plan = this.plan(accountId, filter);
    const counts = this.counter.ofPlan(plan);
    const total =
      plan.statuses.length === 0 ? counts.total : plan.statuses.reduce((sum, status) => sum + (counts.byStatus[status] ?? 0), 0);
    return this.rows(sort.key, { plan, counts, direction: sort.direction, cursor: null, want: Math.min(cap, total), offset: 0 }, total).map(
      (row) => row.k,
    );
  }

  private rows(key: DocumentSortKey, walk: Walk, total: number): Row[] {
    if (key === 'status') return this.byStatus(walk);
    const column = sortColumns[key];
    if (!walk.plan.fts) return this.walkTable(walk, column);
    if (key === 'created') return this.inKeyOrder(walk.plan.fts.match, rowidRange(walk.plan.fts), walk);
    return this.sortedMatches(walk, column, total);
  }

  /** No search: the column's index, from the cursor, stopping after the page. */
  private walkTable(walk: Walk, column: SortColumn, status = walk.plan.statuses): Row[] {
    const after = afterCondition(column, walk.direction, walk.cursor);
    const index = status.length === 1 ? column.oneStatusIndex : column.index;
    const sql = `SELECT d.doc_key AS k, ${column.value} AS v FROM documents AS d INDEXED BY ${index}
      WHERE d.account_id = ?${statusFilter(status)}${after.sql} ORDER BY ${orderBy(column, walk.direction)} LIMIT ? OFFSET ?`;
    return this.db.prepare(sql).all(walk.plan.accountId, ...status, ...after.params, walk.want, walk.offset) as Row[];
  }

  /** Matches in key (creation) order, read from the search index, which stops after the page. */
  private inKeyOrder(match: string, range: { sql: string; params: number[] }, walk: Walk): Row[] {
    const asc = walk.direction === 'asc';
    const cursor = walk.cursor ? (asc ? ' AND rowid > ((? << 5) | 31)' : ' AND rowid < (? << 5)') : '';
    const sql = `SELECT rowid >> 5 AS k, rowid >> 5 AS v FROM documents_fts WHERE documents_fts MATCH ?${range.sql}${cursor}
      ORDER BY rowid ${asc ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`;
    return this.db.prepare(sql).all(match, ...range.params, ...(walk.cursor ? [walk.cursor.key] : []), walk.want, walk.offset) as Row[];
  }

  /** By status (lifecycle order), then by key: one status at a time, from the cursor's status on. */
  private byStatus(walk: Walk): Row[] {
    const { plan, counts } = walk;
    let groups = statusOrder(plan.statuses.length > 0 ? plan.statuses : Object.keys(counts.byStatus));
    if (walk.direction === 'desc') groups.reverse();
    const from = walk.cursor ? groups.indexOf(String(walk.cursor.value)) : 0;
    if (from < 0) return [];
    groups = groups.slice(from);
    const rows: Row[] = [];
    let skip = walk.offset;
    for (const [index, status] of groups.entries()) {
      if (rows.length >= walk.want) break;
      const size = counts.byStatus[status] ?? 0;
      const cursor = index === 0 ? walk.cursor : null;
      if (!cursor && skip >= size) {
        skip -= size;
        continue;
      }
      const part: Walk = { ...walk, cursor, want: walk.want - rows.length, offset: skip };
      const found = plan.fts
        ? this.inKeyOrder(`${plan.fts.countMatch} AND scope : "${statusToken(status)}"`, rowidRange(plan.fts), part)
        : this.walkTable(part, sortColumns.created, [status]);
      rows.push(...found.map((row) => ({ k: row.k, v: status })));
      skip = 0;
    }
    return rows;
  }

  /** Searched and sorted by a column other than creation and status. */
  private sortedMatches(walk: Walk, column: SortColumn, matches: number): Row[] {
    const fts = walk.plan.fts as NonNullable<FilterPlan['fts']>;
    const range = rowidRange(fts);
    const account = this.counts(walk.plan.accountId);
    const inScope =
      walk.plan.statuses.length === 0 ? account.total : walk.plan.statuses.reduce((sum, s) => sum + (account.byStatus[s] ?? 0), 0);
    const needed = walk.offset + walk.want;
    if (matches <= this.tuning.sortAllUpTo) return this.sortAll(walk, column, fts.match, range);
    if (fts.cheapProbe && needed * inScope <= this.tuning.probeBudget * matches) {
      const rows = this.probeWalk(walk, column, fts.match, fts);
      if (rows) return rows;
    }
    this.hits.select(fts.match, range);
    // Spread evenly, the page lies about `needed × inScope / matches` entries in; ten times that, and the matches sort elsewhere.
    const budget = Math.min(this.tuning.maxWalk, Math.max(this.tuning.minWalk, Math.ceil((10 * needed * inScope) / matches)));
    return this.walkHits(walk, column, budget) ?? this.sortHits(walk, column);
  }

  /**
   * The column's index walked from the cursor, keeping the rows among the hits; null when
   * `budget` entries did not fill the page (the matches sort elsewhere: sort them instead).
   * The subquery walks in order and the outer query stops after the page.
   */
  private walkHits(walk: Walk, column: SortColumn, budget: number): Row[] | null {
    const status = walk.plan.statuses;
    const after = afterCondition(column, walk.direction, walk.cursor);
    const inner = `SELECT d.doc_key AS k, ${column.value} AS v FROM documents AS d INDEXED BY ${status.length === 1 ? column.oneStatusIndex : column.index}
      WHERE d.account_id = ?${statusFilter(status)}${after.sql} ORDER BY ${orderBy(column, walk.direction)} LIMIT ?`;
    const params = [walk.plan.accountId, ...status, ...after.params, budget];
    const rows = this.db
      .prepare(`SELECT k, v FROM (${inner}) WHERE k IN (SELECT doc_key FROM temp.mirror_hits) LIMIT ? OFFSET ?`)
      .all(...params, walk.want, walk.offset) as Row[];
    if (rows.length >= walk.want) return rows;
    const walked = this.db
      .prepare(`SELECT count(*) FROM (${inner})`)
      .pluck()
      .get(...params) as number;
    return walked < budget ? rows : null;
  }

  private sortHits(walk: Walk, column: SortColumn): Row[] {
    const status = walk.plan.statuses;
    const after = afterCondition(column, walk.direction, walk.cursor);
    const sql = `SELECT d.doc_key AS k, ${column.value} AS v FROM temp.mirror_hits AS h CROSS JOIN documents AS d ON d.doc_key = h.doc_key
      WHERE d.account_id = ?${statusFilter(status)}${after.sql} ORDER BY ${orderBy(column, walk.direction)} LIMIT ? OFFSET ?`;
    return this.db.prepare(sql).all(walk.plan.accountId, ...status, ...after.params, walk.want, walk.offset) as Row[];
  }

  /** Every match's row, sorted (few matches). */
  private sortAll(walk: Walk, column: SortColumn, match: string, range: { sql: string; params: number[] }): Row[] {
    const after = afterCondition(column, walk.direction, walk.cursor);
    const sql = `SELECT d.doc_key AS k, ${column.value} AS v FROM (SELECT rowid >> 5 AS key FROM documents_fts WHERE documents_fts MATCH ?${range.sql}) AS m
      CROSS JOIN documents AS d ON d.doc_key = m.key WHERE 1${after.sql} ORDER BY ${orderBy(column, walk.direction)} LIMIT ? OFFSET ?`;
    return this.db.prepare(sql).all(match, ...range.params, ...after.params, walk.want, walk.offset) as Row[];
  }

  /**
   * The column's index walked from the cursor, each row tested against the search (one seek each,
   * the words being exact terms), in chunks; null when `tuning.probeBudget` rows did not fill the page.
   */
  private probeWalk(walk: Walk, column: SortColumn, match: string, fts: NonNullable<FilterPlan['fts']>): Row[] | null {
    const status = walk.plan.statuses;
    const needed = walk.offset + walk.want;
    const range = `${fts.fromKey === null ? '' : ' AND d.doc_key >= ?'}${fts.toKey === null ? '' : ' AND d.doc_key < ?'}`;
    const rangeParams = [fts.fromKey, fts.toKey].filter((key): key is number => key !== null);
    const found: (Row & { s: string })[] = [];
    let cursor = walk.cursor;
    let scanned = 0;
    for (let chunk = 64; found.length < needed && scanned < this.tuning.probeBudget; chunk *= 2) {
      const after = afterCondition(column, walk.direction, cursor);
      const sql = `SELECT d.doc_key AS k, ${column.value} AS v, d.status AS s FROM documents AS d INDEXED BY ${status.length === 1 ? column.oneStatusIndex : column.index}
        WHERE d.account_id = ?${statusFilter(status)}${range}${after.sql} ORDER BY ${orderBy(column, walk.direction)} LIMIT ?`;
      const rows = this.db.prepare(sql).all(walk.plan.accountId, ...status, ...rangeParams, ...after.params, chunk) as (Row & {
        s: string;
      })[];
      for (const row of rows) {
        scanned += 1;
        if (this.probe.get(match, row.k, row.s) !== undefined) found.push(row);
        if (found.length >= needed) break;
      }
      if (rows.length < chunk) return found.slice(walk.offset).map(({ k, v }) => ({ k, v }));
      const last = rows.at(-1) as Row;
      cursor = { value: last.v, key: last.k };
    }
    return found.length >= needed ? found.slice(walk.offset).map(({ k, v }) => ({ k, v })) : null;
  }
}

function statusFilter(statuses: readonly string[]): string {
  if (statuses.length === 0) return '';
  if (statuses.length === 1) return ' AND d.status = ?';
  return ` AND d.status IN (${statuses.map(() => '?').join(', ')})`;
}
