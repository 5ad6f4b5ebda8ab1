import type { X509Certificate } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import {
  evidenceFileNames,
  type ArchivePlan,
  type ArchiveSelection,
  type BagDetail,
  type EvidenceFileKind,
  type ExportResult,
  type IndexResult,
  type Verdict,
} from '../../../shared/domain/evidence';
import type { JobView } from '../../../shared/domain/jobs';
import type { JobEngine } from '../jobs/job-engine';
import { isCompleteBag } from './archive/archive-bag';
import { resolveBag, type EvidenceSettingsStore } from './archive/archive-folder';
import { bagRelativePath, dayOf } from './bag/bag-path';
import { bagFilePath, handleInside, NotRegularFile, openRegular, readRegular, realBag } from './bag/bag-files';
import { findBags, maxShownValue, verifyBagFolder, type BagVerification, type VerifyBagOptions } from './checks/bag-verify';
import { bagCover } from './bag/bag-check';
import { bagInfoValue, manifestName, parseManifest, readBagInfo } from './bag/bagit';
import { exportForCounsel } from './reports/counsel-export';
import type { EvidenceIndex } from './archive/evidence-index';
import type { ArchiveItemInput } from './archive/archive-kind';
import type { ArchiveClaims } from './archive/archive-claims';
import { indexRecorded, unreachableHere } from './archive/recorded-bags';
import { reportBag, writeVerifyReport } from './reports/verify-report';
import { checkBagTimestamp } from './timestamp/bag-timestamp';
import type { TsaSettings } from './timestamp/tsa-settings';

export interface EvidenceServiceDeps {
  engine: JobEngine;
  index: EvidenceIndex;
  settings: EvidenceSettingsStore;
  /** The TSA and its anchors: each bag's timestamp is checked beside its verdict. */
  timestamps?: Pick<TsaSettings, 'anchors' | 'endpoint'>;
  selectedAccount: () => string;
  accountName: (accountId: string) => string | null;
  document: (accountId: string, documentId: string) => Document | undefined;
  /** Every completed document of the account's mirror. */
  completed: (accountId: string) => Document[];
  journal: (documentId: string) => Record<string, unknown>[];
  /** A sealed checkpoint of the audit journal (count + head): kept in each archive job's input and each export's custody.json. */
  journalCheckpoint?: () => unknown;
  exportsFolder: string;
  version: string;
  now?: () => Date;
  /** The bags a shared archive's index holds (a team's): listed here too, each verified from its bytes. */
  claims?: Pick<ArchiveClaims, 'recorded'>;
}

const maxFileBytes = 60 * 1024 * 1024;

/**
 * The evidence archive's use cases: planning and starting an archive job (a selection, or every
 * completed document in a date range), the index (list, one bag), re-verification from the files
 * alone, indexing an archive folder (rebuild, or one copied from another machine), and the export for counsel.
 */
export class EvidenceService {
  constructor(private readonly deps: EvidenceServiceDeps) {}

  async plan(selection: ArchiveSelection): Promise<ArchivePlan> {
    checkSelection(selection);
    const accountId = this.deps.selectedAccount();
    const archiveFolder = selection.folder ? this.deps.settings.checkedFolder(selection.folder) : this.deps.settings.archiveFolder();
    const plan: ArchivePlan = { archiveFolder, documents: [], skipped: [] };
    const taken = new Set<string>();
    const documents: (Document | { id: string })[] = selection.documentIds
      ? [...new Set(selection.documentIds)].map((id) => this.deps.document(accountId, id) ?? { id })
      : this.inRange(accountId, selection.from, selection.to);
    for (const document of documents) {
      if (!('title' in document)) {
        plan.skipped.push({ documentId: document.id, title: document.id, reason: 'notInMirror', bagPath: null });
        continue;
      }
      const bagPath = await this.freePath(archiveFolder, document, taken);
      if (document.status !== 'CO')
        plan.skipped.push({ documentId: document.id, title: document.title, reason: 'notCompleted', bagPath: null });
      else if (await this.archived(document.id))
        plan.skipped.push({
          documentId: document.id,
          title: document.title,
          reason: 'alreadyArchived',
          bagPath: (await this.archived(document.id))!,
        });
      else {
        taken.add(bagPath);
        plan.documents.push({ documentId: document.id, title: document.title, bagPath });
      }
    }
    return plan;
  }

  async archive(selection: ArchiveSelection): Promise<JobView> {
    const plan = await this.plan(selection);
    const titles = Object.fromEntries([...plan.documents, ...plan.skipped].map((d) => [d.documentId, d.title]));
    return this.deps.engine.create({
      kind: 'archive',
      accountId: this.deps.selectedAccount(),
      concurrency: 2,
      // Not the ids: the engine copies the job's input into each item's journal entry (each item names its own).
      input: {
        archiveFolder: plan.archiveFolder,
        ...(selection.from ? { from: selection.from } : {}),
        ...(selection.to ? { to: selection.to } : {}),
        titles,
        ...(this.deps.journalCheckpoint ? { journalCheckpoint: await this.deps.journalCheckpoint() } : {}),
      },
      items: [
        ...plan.documents.map((d) => {
          const document = this.deps.document(this.deps.selectedAccount(), d.documentId);
          const input: ArchiveItemInput = { bagPath: d.bagPath, title: d.title, documentDate: dayOf(document?.createdAt) };
          return { subject: d.documentId, input: { ...input } };
        }),
        ...plan.skipped.map((s) => ({
          subject: s.documentId,
          state: 'skipped' as const,
          outcome: { reason: s.reason, bagPath: s.bagPath },
        })),
      ],
    });
  }

  /**
   * A page of the index. Each verdict shown is one whose report covered the bag's manifests as they are
   * now (`covers`); a bag whose files or manifests changed since (`bagCover`) is verified again before the page is answered.
   */
  async list(query: { search?: string; verdict?: Verdict; limit: number; offset: number }) {
    await this.indexRecorded();
    const page = this.deps.index.list(query);
    const stale: string[] = [];
    for (const bag of page.bags) {
      if (await unreachableHere(bag)) continue;
      const covers = this.indexed(bag.bagPath).report.covers;
      if (covers === null || covers !== (await bagCover(bag.bagPath))) stale.push(bag.bagPath);
    }
    if (stale.length === 0) return page;
    await this.verify(stale);
    return this.deps.index.list(query);
  }

  /**
   * One bag, its verdict for the bytes on disk now: the index's report is shown only when it covered
   * these manifests (`covers`); otherwise the bag is verified again first. Nothing outside the bag
   * is read or looked up (manifest paths outside data/ are not stat'ed; links are not followed).
   */
  async detail(bagPath: string): Promise<BagDetail> {
    let bag = this.indexed(bagPath);
    if (bag.report.covers === null || bag.report.covers !== (await bagCover(bag.bagPath))) {
      await this.verify([bag.bagPath]);
      bag = this.indexed(bagPath);
    }
    const manifest = parseManifest(
      (await readRegular(join(bag.bagPath, manifestName), 16 * 1024 * 1024).catch(() => null))?.toString('utf8') ?? '',
    ).lines;
    const files = await Promise.all(
      manifest.map(async (line) => {
        const path = await bagFilePath(bag.bagPath, line.path, true);
        const info = path ? await lstat(path).catch(() => null) : null;
        return { path: line.path.slice(0, 4096), sha256: line.sha256, bytes: info?.isFile() ? info.size : 0 };
      }),
    );
    const summary = this.deps.index.summary(bag.bagPath)!;
    const bagInfo = (await readBagInfo(bag.bagPath)).map(
      ([label, value]) =>
        [label.slice(0, 200), value.length > maxShownValue ? `${value.slice(0, maxShownValue)}…` : value] as [string, string],
    );
    return { ...summary, report: bag.report, bagInfo, files, timestamp: await checkBagTimestamp(bag.bagPath, this.timestampOptions()) };
  }

  /**
   * One evidence file of an archived bag, for the in-app viewer or a download (at most 60 MB): a
   * regular file inside the bag, opened without following a link, or refused.
   */
  async file(bagPath: string, kind: EvidenceFileKind): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
    const bag = this.indexed(bagPath);
    const name = evidenceFileNames[kind];
    const missing = () =>
      new AppError({
        kind: 'NotFound',
        code: 'evidence.fileMissing',
        params: { file: name },
        message: `${name} is missing from the bag ${bag.bagPath}, or is not a regular file inside it (a link or special file is never followed).`,
      });
    const bagReal = await realBag(bag.bagPath);
    const path = bagReal ? await bagFilePath(bag.bagPath, name, true) : null;
    if (!bagReal || !path) throw missing();
    const handle = await openRegular(path).catch((error: unknown) => Promise.reject(error instanceof NotRegularFile ? missing() : error));
    try {
      if (!(await handleInside(handle, path, bagReal))) throw missing();
      const size = (await handle.stat()).size;
      if (size > maxFileBytes)
        throw new AppError({
          kind: 'InvalidInput',
          code: 'evidence.fileTooLarge',
          params: { file: name },
          message: `${name} is larger than 60 MB: open it from the archive folder.`,
        });
      const data = Buffer.alloc(size);
      let at = 0;
      while (at < size) {
        const { bytesRead } = await handle.read(data, at, size - at, at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      const mimeType = kind === 'package' ? 'application/zip' : kind === 'verification' ? 'application/json' : 'application/pdf';
      return {
        fileName: `${bag.documentId.slice(0, 8).replace(/[^0-9A-Za-z_-]/g, '_')}-${name.slice(5)}`,
        mimeType,
        dataBase64: data.subarray(0, at).toString('base64'),
      };
    } finally {
      await handle.close();
    }
  }

  /** Verifies indexed bags again from their bytes alone and records what was found (with each bag's trusted timestamp). */
  async verify(bagPaths: readonly string[]): Promise<BagVerification[]> {
    const results: BagVerification[] = [];
    for (const bagPath of bagPaths) {
      const bag = this.indexed(bagPath);
      const result = await verifyBagFolder(bag.bagPath, this.verifyOptions());
      this.deps.index.reverified(bag.bagPath, result.report, result.problems, result.check.bytes);
      results.push(result);
    }
    return results;
  }

  /** Verifies bags again (every indexed bag when none are given) and saves the report for the legal team (PDF + CSV) at `outFile`, else in the exports folder. */
  async report(bagPaths?: readonly string[], outFile?: string): Promise<{ pdf: string; csv: string; bags: number; problems: number }> {
    const paths = bagPaths ?? this.deps.index.allPaths().sort();
    const results = await this.verify(paths);
    const now = this.deps.now?.() ?? new Date();
    const name = `evidence-report-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pdf`;
    const folders = bagPaths ? results.map((r) => r.bagPath) : [this.deps.settings.archiveFolder()];
    return writeVerifyReport(
      { bags: results.map(reportBag), folders, tool: `SignDock ${this.deps.version}`, generatedAt: now },
      outFile ?? join(this.deps.exportsFolder, name),
    );
  }

  /** Indexes every bag under a folder (the archive, or one copied from another machine), each verified from its bytes. */
  async indexFolder(folder: string): Promise<IndexResult> {
    const bags = await findBags(folder);
    const result: IndexResult = { folder, bags: bags.length, problems: 0, verdicts: { passed: 0, failed: 0, incomplete: 0 }, results: [] };
    for (const bag of bags) {
      const found = await verifyBagFolder(bag, this.verifyOptions());
      this.indexVerified(found);
      result.problems += found.problems.length;
      result.verdicts[found.report.verdict] += 1;
      if (result.results.length < 1000)
        result.results.push({
          bagPath: bag,
          title: found.title,
          verdict: found.report.verdict,
          trust: found.report.trust,
          problems: found.problems.slice(0, 50),
        });
    }
    return result;
  }

  /** The bags other computers of the team recorded that this index lacks, indexed from their bytes (none alone). */
  private async indexRecorded(): Promise<void> {
    const recorded = (await this.deps.claims?.recorded()) ?? [];
    if (recorded.length === 0) return;
    await indexRecorded(recorded, {
      index: this.deps.index,
      archiveFolder: () => this.deps.settings.archiveFolder(),
      verify: (bag) => verifyBagFolder(bag, this.verifyOptions()),
      indexVerified: (found, known) => this.indexVerified(found, known),
    });
  }

  /** A bag verified from its bytes, into the index (the row of an indexed bag, or the team's record of it, keeps its account). */
  indexVerified(found: BagVerification, recorded?: { accountId: string; archivedAt: string }): void {
    const known = this.deps.index.get(found.bagPath) ?? recorded;
    this.deps.index.put({
      bagPath: found.bagPath,
      documentId: found.documentId,
      accountId: known?.accountId || null,
      accountName: (known && 'accountName' in known ? known.accountName : null) ?? found.accountName,
      title: found.title,
      documentDate: found.documentDate,
      archivedAt: known?.archivedAt ?? bagInfoValue(found.info, 'Bagging-Date')?.slice(0, 40) ?? found.report.checkedAt,
      verifiedAt: found.report.checkedAt,
      bytes: found.check.bytes,
      report: found.report,
      problems: found.problems,
    });
  }

  /** The index rebuilt from the bags alone: rows of bags gone from disk are dropped, every bag found is verified and indexed. */
  async rebuildIndex(): Promise<IndexResult> {
    for (const path of this.deps.index.allPaths())
      if (!(await isCompleteBag(path)) && !(await lstat(join(path, 'bagit.txt')).catch(() => null))) this.deps.index.remove(path);
    const result = await this.indexFolder(this.deps.settings.archiveFolder());
    await this.indexRecorded();
    return result;
  }

  verifyOptions(): VerifyBagOptions {
    return {
      anchors: this.deps.settings.anchors(),
      tool: `SignDock ${this.deps.version}`,
      ...(this.deps.now ? { now: this.deps.now } : {}),
      timestamps: this.timestampOptions(),
    };
  }

  /** What a bag's timestamp is checked against: the TSA anchors, and whether a TSA is set (no token then means "not yet"). */
  timestampOptions(): { anchors: X509Certificate[]; tsaConfigured: boolean } {
    return { anchors: this.deps.timestamps?.anchors() ?? [], tsaConfigured: this.deps.timestamps?.endpoint() != null };
  }

  async export(bagPaths: readonly string[], outFile?: string, includeFailed = false): Promise<ExportResult> {
    const bags = bagPaths.map((path) => this.indexed(path).bagPath);
    const now = this.deps.now?.() ?? new Date();
    const name = `evidence-for-counsel-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;
    let accountName: string | null;
    try {
      accountName = this.deps.accountName(this.deps.selectedAccount());
    } catch {
      accountName = null;
    }
    return exportForCounsel({
      bags,
      outFile: outFile ?? join(this.deps.exportsFolder, name),
      archiveFolder: this.deps.settings.archiveFolder(),
      accountName,
      version: this.deps.version,
      journal: this.deps.journal,
      verify: (bag) => verifyBagFolder(bag, this.verifyOptions()),
      tsaAnchors: this.timestampOptions().anchors,
      includeFailed,
      ...(this.deps.journalCheckpoint ? { journalCheckpoint: await this.deps.journalCheckpoint() } : {}),
      now: () => now,
    });
  }

  /**
   * The bag's path, with the whole id instead of its first 8 characters when that folder belongs to
   * another document (ids of documents created close together begin alike: UUID v7).
   */
  private async freePath(root: string, document: Document, taken: Set<string>): Promise<string> {
    const short = bagRelativePath(document);
    const owner = async (path: string) => {
      const indexed = this.deps.index.get(resolveBag(root, path));
      if (indexed) return indexed.documentId;
      return bagInfoValue(await readBagInfo(resolveBag(root, path)), 'SignDock-Document-Id');
    };
    const other = (found: string | null) => found !== null && found !== document.id;
    if (!taken.has(short) && !other(await owner(short))) return short;
    return bagRelativePath(document, true);
  }

  /** The bag of a document when it is archived and complete. */
  private async archived(documentId: string): Promise<string | null> {
    for (const bag of this.deps.index.byDocument(documentId)) if (await isCompleteBag(bag.bagPath)) return bag.bagPath;
    return null;
  }

  private inRange(accountId: string, from?: string, to?: string): Document[] {
    const start = from ? Date.parse(`${from}T00:00:00.000Z`) : -Infinity;
    const end = to ? Date.parse(`${to}T23:59:59.999Z`) : Infinity;
    return this.deps.completed(accountId).filter((d) => {
      const created = d.createdAt ? Date.parse(d.createdAt) : NaN;
      return !Number.isNaN(created) ? created >= start && created <= end : from === undefined && to === undefined;
    });
  }

  private indexed(bagPath: string) {
    const bag = this.deps.index.get(bagPath);
    if (!bag)
      throw new AppError({
        kind: 'NotFound',
        code: 'evidence.bagNotFound',
        params: { bag: bagPath },
        message: `No archived bag at ${bagPath} is in the index.`,
      });
    return bag;
  }
}

/** Dates as YYYY-MM-DD that exist, and ids or a range, not both: said with the field before anything is planned. */
function checkSelection(selection: ArchiveSelection): void {
  const fields: Record<string, string[]> = {};
  for (const key of ['from', 'to'] as const) {
    const value = selection[key];
    if (value !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))))
      fields[key] = [`A date as YYYY-MM-DD ("${value}" is not one).`];
  }
  if (selection.documentIds && (selection.from || selection.to)) fields.documentIds = ['Give document ids or a date range, not both.'];
  if (selection.from && selection.to && selection.from > selection.to && !fields.from && !fields.to)
    fields.to = ['The end of the range is before its start.'];
  const problems = Object.entries(fields);
  if (problems.length === 0) return;
  throw new AppError({
    kind: 'InvalidInput',
    code: 'invalidInput',
    fields,
    message: `Some details are not right. ${problems.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ')}`,
  });
}
