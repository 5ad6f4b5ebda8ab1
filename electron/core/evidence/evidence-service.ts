import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import {
  evidenceFileNames,
  type ArchivePlan,
  type ArchiveSelection,
  type BagDetail,
  type EvidenceFileKind,
} from '../../../shared/domain/evidence';
import type { JobView } from '../../../shared/domain/jobs';
import type { JobEngine } from '../jobs/job-engine';
import { isCompleteBag } from './archive-bag';
import { resolveBag, type EvidenceSettingsStore } from './archive-folder';
import { bagRelativePath, dayOf } from './bag-path';
import { findBags, verifyBagFolder, type BagVerification } from './bag-verify';
import { bagInfoValue, manifestName, parseManifest, readBagInfo } from './bagit';
import { exportForCounsel, type ExportResult } from './counsel-export';
import type { EvidenceIndex } from './evidence-index';
import type { ArchiveItemInput } from './archive-kind';
import { reportBag, writeVerifyReport } from './verify-report';
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
  exportsFolder: string;
  version: string;
  now?: () => Date;
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
    const documents: (Document | { id: string })[] =
      selection.documentIds ? [...new Set(selection.documentIds)].map((id) => this.deps.document(accountId, id) ?? { id }) : this.inRange(accountId, selection.from, selection.to);
    for (const document of documents) {
      if (!('title' in document)) {
        plan.skipped.push({ documentId: document.id, title: document.id, reason: 'notInMirror', bagPath: null });
        continue;
      }
      const bagPath = await this.freePath(archiveFolder, document, taken);
      if (document.status !== 'CO') plan.skipped.push({ documentId: document.id, title: document.title, reason: 'notCompleted', bagPath: null });
      else if (await this.archived(document.id)) plan.skipped.push({ documentId: document.id, title: document.title, reason: 'alreadyArchived', bagPath: (await this.archived(document.id))! });
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
      input: { archiveFolder: plan.archiveFolder, ...(selection.from ? { from: selection.from } : {}), ...(selection.to ? { to: selection.to } : {}), titles },
      items: [
        ...plan.documents.map((d) => {
          const document = this.deps.document(this.deps.selectedAccount(), d.documentId);
          const input: ArchiveItemInput = { bagPath: d.bagPath, title: d.title, documentDate: dayOf(document?.createdAt) };
          return { subject: d.documentId, input: { ...input } };
        }),
        ...plan.skipped.map((s) => ({ subject: s.documentId, state: 'skipped' as const, outcome: { reason: s.reason, bagPath: s.bagPath } })),
      ],
    });
  }

  list(query: { search?: string; verdict?: 'passed' | 'failed' | 'refused'; limit: number; offset: number }) {
    return this.deps.index.list(query);
  }

  async detail(bagPath: string): Promise<BagDetail> {
    const bag = this.indexed(bagPath);
    const manifest = parseManifest(await readFile(join(bag.bagPath, manifestName), 'utf8').catch(() => '')).lines;
    const files = await Promise.all(manifest.map(async (line) => ({ path: line.path, sha256: line.sha256, bytes: (await stat(join(bag.bagPath, line.path)).catch(() => null))?.size ?? 0 })));
    const summary = this.deps.index.summary(bag.bagPath)!;
    return { ...summary, report: bag.report, bagInfo: await readBagInfo(bag.bagPath), files, timestamp: await checkBagTimestamp(bag.bagPath, this.timestampOptions()) };
  }

  /** One evidence file of an archived bag, for the in-app viewer or a download (at most 60 MB). */
  async file(bagPath: string, kind: EvidenceFileKind): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
    const bag = this.indexed(bagPath);
    const path = join(bag.bagPath, ...evidenceFileNames[kind].split('/'));
    const size = (await stat(path).catch(() => null))?.size;
    if (size === undefined) throw new AppError({ kind: 'NotFound', code: 'evidence.fileMissing', params: { file: evidenceFileNames[kind] }, message: `${evidenceFileNames[kind]} is missing from the bag ${bag.bagPath}.` });
    if (size > maxFileBytes) throw new AppError({ kind: 'InvalidInput', code: 'evidence.fileTooLarge', params: { file: evidenceFileNames[kind] }, message: `${evidenceFileNames[kind]} is larger than 60 MB: open it from the archive folder.` });
    const mimeType = kind === 'package' ? 'application/zip' : kind === 'verification' ? 'application/json' : 'application/pdf';
    return { fileName: `${bag.documentId.slice(0, 8)}-${evidenceFileNames[kind].slice(5)}`, mimeType, dataBase64: (await readFile(path)).toString('base64') };
  }

  /** Re-verifies indexed bags from their files alone and records what was found. */
  private timestampOptions() {
    return { anchors: this.deps.timestamps?.anchors() ?? [], tsaConfigured: this.deps.timestamps?.endpoint() != null };
  }

  async verify(bagPaths: readonly string[]): Promise<BagVerification[]> {
    const results: BagVerification[] = [];
    for (const bagPath of bagPaths) {
      const bag = this.indexed(bagPath);
      const result = await verifyBagFolder(bag.bagPath, { anchors: this.deps.settings.anchors(), tool: `SignDock ${this.deps.version}`, timestamps: this.timestampOptions() });
      this.deps.index.recheck(bag.bagPath, result.problems, (this.deps.now?.() ?? new Date()).toISOString());
      results.push(result);
    }
    return results;
  }

  /** Verifies bags again (every indexed bag when none are given) and saves the report for the legal team (PDF + CSV) in the exports folder. */
  async report(bagPaths?: readonly string[]): Promise<{ pdf: string; csv: string; bags: number; problems: number }> {
    const paths = bagPaths ?? this.deps.index.allPaths().sort();
    const results = await this.verify(paths);
    const now = this.deps.now?.() ?? new Date();
    const name = `evidence-report-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.pdf`;
    const folders = bagPaths ? results.map((r) => r.bagPath) : [this.deps.settings.archiveFolder()];
    return writeVerifyReport({ bags: results.map(reportBag), folders, tool: `SignDock ${this.deps.version}`, generatedAt: now }, join(this.deps.exportsFolder, name));
  }

  /** Indexes every bag under a folder (the archive, or one copied from another machine) from the bags alone. */
  async indexFolder(folder: string): Promise<{ folder: string; bags: number; problems: number }> {
    const bags = await findBags(folder);
    let problems = 0;
    for (const bag of bags) {
      const found = await verifyBagFolder(bag, { anchors: this.deps.settings.anchors(), tool: `SignDock ${this.deps.version}`, rerun: false });
      if (!found.stored) continue;
      problems += found.problems.length;
      this.deps.index.put({
        bagPath: bag,
        documentId: found.documentId,
        accountId: null,
        accountName: found.accountName,
        title: found.title,
        documentDate: found.documentDate,
        archivedAt: found.info.find(([label]) => label === 'Bagging-Date')?.[1] ?? found.stored.checkedAt,
        verifiedAt: (this.deps.now?.() ?? new Date()).toISOString(),
        bytes: found.check.bytes,
        report: found.stored,
        problems: found.problems.filter((p) => p.kind !== 'mismatch' && p.kind !== 'refused'),
      });
    }
    return { folder, bags: bags.length, problems };
  }

  /** The index rebuilt from the bags alone: rows of bags gone from disk are dropped, every bag found is indexed. */
  async rebuildIndex(): Promise<{ folder: string; bags: number; problems: number }> {
    for (const path of this.deps.index.allPaths()) if (!(await isCompleteBag(path)) && !(await stat(join(path, 'bagit.txt')).catch(() => null))) this.deps.index.remove(path);
    return this.indexFolder(this.deps.settings.archiveFolder());
  }

  async export(bagPaths: readonly string[], outFile?: string): Promise<ExportResult> {
    const bags = bagPaths.map((path) => this.indexed(path).bagPath);
    const now = this.deps.now?.() ?? new Date();
    const name = `evidence-for-counsel-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;
    let accountName: string | null;
    try {
      accountName = this.deps.accountName(this.deps.selectedAccount());
    } catch {
      accountName = null;
    }
    return exportForCounsel({ bags, outFile: outFile ?? join(this.deps.exportsFolder, name), archiveFolder: this.deps.settings.archiveFolder(), accountName, version: this.deps.version, journal: this.deps.journal, now: () => now });
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
    if (!bag) throw new AppError({ kind: 'NotFound', code: 'evidence.bagNotFound', params: { bag: bagPath }, message: `No archived bag at ${bagPath} is in the index.` });
    return bag;
  }
}

/** Dates as YYYY-MM-DD that exist, and ids or a range, not both: said with the field before anything is planned. */
function checkSelection(selection: ArchiveSelection): void {
  const fields: Record<string, string[]> = {};
  for (const key of ['from', 'to'] as const) {
    const value = selection[key];
    if (value !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) fields[key] = [`A date as YYYY-MM-DD ("${value}" is not one).`];
  }
  if (selection.documentIds && (selection.from || selection.to)) fields.documentIds = ['Give document ids or a date range, not both.'];
  if (selection.from && selection.to && selection.from > selection.to && !fields.from && !fields.to) fields.to = ['The end of the range is before its start.'];
  const problems = Object.entries(fields);
  if (problems.length === 0) return;
  throw new AppError({ kind: 'InvalidInput', code: 'invalidInput', fields, message: `Some details are not right. ${problems.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ')}` });
}
