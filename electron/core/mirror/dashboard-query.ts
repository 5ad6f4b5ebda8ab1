import type Database from 'better-sqlite3';
import type { AttentionSettings, Dashboard } from '../../../shared/domain/documents';
import type { Db } from '../db/database';
import type { DocumentQueries } from './document-query';
import { rowidRange, type FilterPlan } from './filter-plan';
import type { MirrorDocument, MirrorFilter } from './mirror-types';
import { statusBitSql } from './status-bits';
import { rejectedNeedsAction } from '../../../shared/domain/status-codes';

type Statement = Database.Statement<unknown[]>;

const day = 86_400_000;
const listed = 5;

export interface ChartPeriod {
  from: number;
  to: number;
  bucket: 'day' | 'week';
  /** Minutes to add to UTC for the user's local time (days start at local midnight; weeks on Monday). */
  utcOffsetMinutes: number;
}

/**
 * The dashboard at the top of the Documents page, from the mirror alone: counts by status, a chart of
 * documents sent (by creation time), completed and cancelled (when SignDock saw the change) per day or
 * week, and the "needs attention" lists. Everything follows the account and the filter.
 */
export class DashboardQueries {
  private readonly unsent: Statement;

  constructor(
    private readonly db: Db,
    private readonly queries: DocumentQueries,
  ) {
    this.unsent = db.prepare(`SELECT b.id AS batchId, b.created_at AS createdAt, count(*) AS rows,
        sum(i.excluded = 0 AND i.state IN ('failed', 'uncertain', 'ready')) AS notSent
      FROM batches b JOIN batch_items i ON i.batch_id = b.id
      WHERE b.account_id = ? AND b.state IN ('done', 'paused') AND (? IS NULL OR b.id = ?)
      GROUP BY b.id HAVING notSent > 0 ORDER BY b.created_at DESC`);
  }

  dashboard(accountId: string, filter: MirrorFilter, period: ChartPeriod, settings: AttentionSettings, now: number): Dashboard {
    const counts = this.queries.filteredCounts(accountId, filter);
    const stale = now - settings.pendingDays * day;
    const unopenedBefore = now - settings.unopenedDays * day;
    const before = (limit: number) => Math.min(limit, filter.createdTo ?? Number.POSITIVE_INFINITY);
    // Only documents that can still move: a cancelled or completed document leaves every list.
    const rejected = this.list(accountId, { ...filter, statuses: intersect(filter.statuses, [rejectedNeedsAction]) }, 'desc');
    const pending = this.list(accountId, { ...filter, statuses: intersect(filter.statuses, ['PE']), createdTo: before(stale) }, 'asc');
    const unopened = this.unopened(accountId, { ...filter, statuses: intersect(filter.statuses, ['PE']) }, unopenedBefore);
    const batches = this.unsent.all(accountId, filter.batchId ?? null, filter.batchId ?? null) as {
      batchId: string;
      createdAt: string;
      rows: number;
      notSent: number;
    }[];
    return {
      counts,
      chart: this.chart(accountId, filter, period, finalIn(counts.byStatus, filter.statuses)),
      attention: {
        rejected: { count: rejected.total, items: signersIn(rejected.documents, 'DE') },
        stalePending: { count: pending.total, before: stale, items: pending.documents.map(documentItem) },
        unopened: { count: unopened.count, before: unopenedBefore, items: unopened.items },
        unsentBatches: { count: batches.length, items: batches.slice(0, listed) },
      },
      settings,
    };
  }

  /**
   * Signers not opened, each waiting since their own invitation (the signature's `created_date`; the
   * document's creation when the service gave none): a signer who replaced another a minute ago is
   * not late. The documents created before the threshold with a signer not opened come from the
   * search index (fast at any size); those whose every such signer was invited after it — found from
   * the few recent invitations (`signatures_by_invitation`) — are left out. Oldest first.
   */
  private unopened(
    accountId: string,
    filter: MirrorFilter,
    before: number,
  ): { count: number; items: Dashboard['attention']['unopened']['items'] } {
    const cutoff = new Date(before).toISOString();
    const listFilter = {
      ...filter,
      signerStatuses: [...(filter.signerStatuses ?? []), 'IN'],
      createdTo: Math.min(before, filter.createdTo ?? Number.POSITIVE_INFINITY),
    };
    const member = membership(this.queries.plan(accountId, listFilter));
    const recent = this.db
      .prepare(
        `SELECT DISTINCT d.id FROM signatures s INDEXED BY signatures_by_invitation JOIN documents d ON d.doc_key = s.doc_key
      WHERE s.account_id = ? AND s.status = 'IN' AND s.created_at >= ? AND d.account_id = ? AND d.created_ms < ?${member.sql}
      AND NOT EXISTS (SELECT 1 FROM signatures o WHERE o.doc_key = s.doc_key AND o.status = 'IN' AND coalesce(o.created_at, '') < ?)`,
      )
      .pluck()
      .all(accountId, cutoff, accountId, before, ...member.params, cutoff) as string[];
    const late = new Set(recent);
    const page = this.queries.page({ accountId, ...listFilter, sort: { key: 'created', direction: 'asc' }, limit: listed + late.size });
    const documents = page.documents.filter((document) => !late.has(document.id));
    const items = documents
      .flatMap((document) =>
        document.signatures
          .filter((signature) => signature.status === 'IN' && (signature.createdAt === null || signature.createdAt < cutoff))
          .map((signature) => ({
            ...documentItem(document),
            signatureId: signature.id,
            signer: signature.localName || signature.displayName,
          })),
      )
      .slice(0, listed);
    return { count: Math.max(0, page.total - late.size), items };
  }

  private list(accountId: string, filter: MirrorFilter, direction: 'asc' | 'desc') {
    return this.queries.page({ accountId, ...filter, sort: { key: 'created', direction }, limit: listed });
  }

  private chart(accountId: string, filter: MirrorFilter, period: ChartPeriod, final: number): Dashboard['chart'] {
    const offset = period.utcOffsetMinutes * 60_000;
    const days = period.bucket === 'week' ? 7 : 1;
    // Day numbers count local days from 1970-01-01 (a Thursday): weeks start on Monday, 3 days later.
    const shift = period.bucket === 'week' ? 3 : 0;
    const bucketOf = (dayNumber: number) => Math.floor((dayNumber + shift) / days);
    const first = bucketOf(Math.floor((period.from + offset) / day));
    const last = bucketOf(Math.floor((period.to - 1 + offset) / day));
    const size = Math.max(0, Math.min(400, last - first + 1));
    const starts = Array.from({ length: size }, (_, i) => (first + i) * days * day - shift * day - offset);
    const sent = new Array<number>(size).fill(0);
    const completed = new Array<number>(size).fill(0);
    const cancelled = new Array<number>(size).fill(0);
    const add = (series: number[], dayNumber: number, n: number) => {
      const index = bucketOf(dayNumber) - first;
      if (index >= 0 && index < size) series[index] = (series[index] ?? 0) + n;
    };
    const from = Math.max(period.from, filter.createdFrom ?? 0);
    const to = Math.min(period.to, filter.createdTo ?? Number.POSITIVE_INFINITY);
    const plan = this.queries.plan(accountId, { ...filter, createdFrom: from, createdTo: to });
    for (const row of this.sentPerDay(plan, offset)) add(sent, row.day, row.n);
    const seen = this.finalPerDay(plan, period, offset);
    for (const row of seen.rows) add(row.status === 'CO' ? completed : cancelled, row.day, row.n);
    return { bucket: period.bucket, starts, sent, completed, cancelled, undated: Math.max(0, final - this.datedFinal(accountId, filter)) };
  }

  /** Documents created per local day, from their keys (creation ms × 1024). */
  private sentPerDay(plan: FilterPlan, offset: number): { day: number; n: number }[] {
    if (plan.fts) {
      const range = rowidRange(plan.fts);
      return this.db
        .prepare(
          `SELECT ((rowid >> 15) + ?) / ${day} AS day, count(*) AS n FROM documents_fts WHERE documents_fts MATCH ?${range.sql} GROUP BY day`,
        )
        .all(offset, plan.fts.match, ...range.params) as { day: number; n: number }[];
    }
    return [];
  }

  /** Documents seen becoming completed or cancelled, per local day of that read. */
  private finalPerDay(plan: FilterPlan, period: ChartPeriod, offset: number): { rows: { day: number; status: string; n: number }[] } {
    const member = membership(plan);
    const rows = this.db
      .prepare(
        `SELECT (h.at_ms + ?) / ${day} AS day, h.to_status AS status, count(*) AS n
      FROM document_history h INDEXED BY document_history_final JOIN documents d ON d.doc_key = h.doc_key
      WHERE h.signature_id IS NULL AND h.to_status IN ('CO', 'CA') AND h.from_status IS NOT NULL AND h.at_ms >= ? AND h.at_ms < ? AND d.account_id = ?${member.sql}
      GROUP BY day, status`,
      )
      .all(offset, period.from, period.to, plan.accountId, ...member.params) as { day: number; status: string; n: number }[];
    return { rows };
  }

  /** Completed or cancelled documents of the filter whose change SignDock saw happen (not first read so). */
  private datedFinal(accountId: string, filter: MirrorFilter): number {
    const plan = this.queries.plan(accountId, filter);
    const member = membership(plan);
    return this.db
      .prepare(
        `SELECT count(DISTINCT h.doc_key) FROM document_history h JOIN documents d ON d.doc_key = h.doc_key
      WHERE h.signature_id IS NULL AND h.from_status IS NOT NULL AND h.to_status = d.status AND d.status IN ('CO', 'CA') AND d.account_id = ?${member.sql}`,
      )
      .pluck()
      .get(accountId, ...member.params) as number;
  }
}

/** SQL keeping the documents `d` a plan's filter leaves. */
function membership(plan: FilterPlan): { sql: string; params: (string | number)[] } {
  if (plan.fts) {
    const range = rowidRange(plan.fts);
    return {
      sql: ` AND ((d.doc_key << 5) | ${statusBitSql('d.status')}) IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?${range.sql})`,
      params: [plan.fts.match, ...range.params],
    };
  }
  if (plan.statuses.length === 0) return { sql: '', params: [] };
  return { sql: ` AND d.status IN (${plan.statuses.map(() => '?').join(', ')})`, params: plan.statuses };
}

/** Completed and cancelled documents among the counts, as far as the filter's statuses keep them. */
function finalIn(byStatus: Record<string, number>, statuses: readonly string[] | undefined): number {
  return ['CO', 'CA']
    .filter((code) => !statuses || statuses.length === 0 || statuses.includes(code))
    .reduce((sum, code) => sum + (byStatus[code] ?? 0), 0);
}

function intersect(statuses: readonly string[] | undefined, wanted: string[]): string[] {
  if (!statuses || statuses.length === 0) return wanted;
  const kept = wanted.filter((status) => statuses.includes(status));
  return kept.length > 0 ? kept : ['\u0000none'];
}

function documentItem(document: MirrorDocument) {
  return { documentId: document.id, title: document.title, createdAt: document.createdAt };
}

function signersIn(documents: MirrorDocument[], status: string) {
  return documents
    .flatMap((document) =>
      document.signatures
        .filter((signature) => signature.status === status)
        .map((signature) => ({
          ...documentItem(document),
          signatureId: signature.id,
          signer: signature.localName || signature.displayName,
        })),
    )
    .slice(0, listed);
}
