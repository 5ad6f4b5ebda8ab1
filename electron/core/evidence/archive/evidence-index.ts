import type { BagProblem, BagSummary, Verdict, VerificationReport } from '../../../../shared/domain/evidence';
import { verdicts, verificationReportSchema } from '../../../../shared/domain/evidence';
import type { Db } from '../../db/database';

/** One bag as the index keeps it. */
export interface IndexedBag {
  bagPath: string;
  documentId: string;
  accountId: string | null;
  accountName: string | null;
  title: string;
  documentDate: string | null;
  archivedAt: string;
  verifiedAt: string | null;
  bytes: number;
  report: VerificationReport;
  problems: BagProblem[];
}

interface Row {
  bag_path: string;
  document_id: string;
  account_id: string | null;
  account_name: string | null;
  title: string;
  document_date: string | null;
  archived_at: string;
  verified_at: string | null;
  verdict: string;
  passed: number;
  failed: number;
  not_applicable: number;
  bytes: number;
  report: string;
  problems: string;
}

export interface BagQuery {
  search?: string;
  verdict?: Verdict;
  limit: number;
  offset: number;
}

/**
 * The archive's index in SQLite (evidence_bags): written after each verification of a bag's bytes,
 * searched by the Evidence page. Its verdict is a cache of the last verification, for the bytes that
 * report covered (`report.covers`): whoever shows one bag checks that key first (evidence-service).
 */
export class EvidenceIndex {
  constructor(private readonly db: Db) {}

  put(bag: IndexedBag): void {
    const counts = { passed: 0, failed: 0, incomplete: 0, notApplicable: 0 };
    bag.report.checks.forEach((check) => (counts[check.status] += 1));
    const verdict: Verdict = bag.report.verdict;
    this.db
      .prepare(
        `INSERT INTO evidence_bags (bag_path, document_id, account_id, account_name, title, document_date, archived_at, verified_at, verdict, passed, failed, not_applicable, bytes, report, problems)
         VALUES (@bagPath, @documentId, @accountId, @accountName, @title, @documentDate, @archivedAt, @verifiedAt, @verdict, @passed, @failed, @notApplicable, @bytes, @report, @problems)
         ON CONFLICT (bag_path) DO UPDATE SET document_id = excluded.document_id, account_id = coalesce(excluded.account_id, account_id), account_name = coalesce(excluded.account_name, account_name),
           title = excluded.title, document_date = excluded.document_date, archived_at = excluded.archived_at, verified_at = excluded.verified_at, verdict = excluded.verdict,
           passed = excluded.passed, failed = excluded.failed, not_applicable = excluded.not_applicable, bytes = excluded.bytes, report = excluded.report, problems = excluded.problems`,
      )
      .run({ ...bag, ...counts, verdict, report: JSON.stringify(bag.report), problems: JSON.stringify(bag.problems) });
  }

  /** Records a new verification of an indexed bag's bytes (its report and problems replace the old ones). */
  reverified(bagPath: string, report: VerificationReport, problems: BagProblem[], bytes: number): void {
    const row = this.get(bagPath);
    if (row) this.put({ ...row, verifiedAt: report.checkedAt, report, problems, bytes });
  }

  get(bagPath: string): IndexedBag | null {
    const row = this.row(bagPath);
    return row ? toBag(row) : null;
  }

  summary(bagPath: string): BagSummary | null {
    const row = this.row(bagPath);
    return row ? toSummary(row) : null;
  }

  byDocument(documentId: string): IndexedBag[] {
    return (this.db.prepare('SELECT * FROM evidence_bags WHERE document_id = ? ORDER BY archived_at DESC').all(documentId) as Row[]).map(
      toBag,
    );
  }

  remove(bagPath: string): void {
    this.db.prepare('DELETE FROM evidence_bags WHERE bag_path = ?').run(bagPath);
  }

  allPaths(): string[] {
    return this.db.prepare('SELECT bag_path FROM evidence_bags').pluck().all() as string[];
  }

  list(query: BagQuery): { total: number; bags: BagSummary[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.verdict) {
      where.push('verdict = ?');
      params.push(query.verdict);
    }
    const search = query.search?.trim();
    if (search) {
      where.push(
        `(title LIKE ? ESCAPE '\\' OR document_id LIKE ? ESCAPE '\\' OR account_name LIKE ? ESCAPE '\\' OR report LIKE ? ESCAPE '\\')`,
      );
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, `${like}`, like, like);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = this.db
      .prepare(`SELECT count(*) FROM evidence_bags ${clause}`)
      .pluck()
      .get(...params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM evidence_bags ${clause} ORDER BY document_date DESC, title COLLATE NOCASE LIMIT ? OFFSET ?`)
      .all(...params, query.limit, query.offset) as Row[];
    return { total, bags: rows.map(toSummary) };
  }

  private row(bagPath: string): Row | undefined {
    return this.db.prepare('SELECT * FROM evidence_bags WHERE bag_path = ?').get(bagPath) as Row | undefined;
  }
}

function toBag(row: Row): IndexedBag {
  return {
    bagPath: row.bag_path,
    documentId: row.document_id,
    accountId: row.account_id,
    accountName: row.account_name,
    title: row.title,
    documentDate: row.document_date,
    archivedAt: row.archived_at,
    verifiedAt: row.verified_at,
    bytes: row.bytes,
    report: storedReport(row),
    problems: JSON.parse(row.problems) as BagProblem[],
  };
}

function toSummary(row: Row): BagSummary {
  const report = JSON.parse(row.report) as Partial<VerificationReport>;
  return {
    bagPath: row.bag_path,
    documentId: row.document_id,
    title: row.title,
    documentDate: row.document_date,
    accountName: row.account_name,
    archivedAt: row.archived_at,
    verifiedAt: row.verified_at,
    // A row written before verdicts had three outcomes ('refused') reads as failed.
    verdict: (verdicts as readonly string[]).includes(row.verdict) ? (row.verdict as Verdict) : 'failed',
    trust: report.trust ?? 'none',
    counts: {
      passed: row.passed,
      failed: row.failed,
      incomplete: report.checks?.filter((c) => c.status === 'incomplete').length ?? 0,
      notApplicable: row.not_applicable,
    },
    bytes: row.bytes,
    problems: JSON.parse(row.problems) as BagProblem[],
  };
}

/** The row's report; one written by an older SignDock that no longer parses is shown as not checked (incomplete) until verified again. */
function storedReport(row: Row): VerificationReport {
  const parsed = verificationReportSchema.safeParse(JSON.parse(row.report));
  if (parsed.success) return parsed.data;
  return uncheckedReport(
    row.document_id,
    row.verified_at ?? row.archived_at,
    'unknown',
    'This record was written by an older SignDock: verify the bag again.',
  );
}

/** A report of a bag nothing in which was checked (incomplete), saying why in `scope`. */
export function uncheckedReport(documentId: string, checkedAt: string, tool: string, why: string): VerificationReport {
  return {
    format: 'signdock-verification/1',
    documentId,
    checkedAt,
    tool,
    verdict: 'incomplete',
    trust: 'none',
    checks: [],
    covers: null,
    signatures: [],
    signers: [],
    scope: [why],
  };
}
