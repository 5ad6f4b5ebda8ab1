import { stat } from 'node:fs/promises';
import type { BagProblem, BagSummary } from '../../../shared/domain/evidence';
import { EvidenceSettingsStore } from '../../core/evidence/archive-folder';
import { findBags, verifyBagFolder } from '../../core/evidence/bag-verify';
import { EvidenceIndex } from '../../core/evidence/evidence-index';
import type { ReportBag } from '../../core/evidence/report-model';
import { reportBag, reportPaths, writeVerifyReport } from '../../core/evidence/verify-report';
import { readVersion } from '../../core/version';
import { call, emit, UsageError, type CliContext } from '../io';
import { parse } from './archive';
import type { TimestampCheck } from '../../../shared/domain/timestamp';
import { timestampLines } from './timestamp-words';

export const verifyUsage = 'verify [<bag-or-archive-folder>...] [--report FILE.pdf]   (default: the archive folder; the report: a PDF and FILE.csv beside it)';

/**
 * `verify`: from the files alone (no network, no key, no database needed: a colleague's copy works),
 * each bag re-hashed against its manifests and every evidence check run again. Lists each problem with
 * its path and kind (modified, missing, unexpected, mismatch, refused); exit 1 on any. `--report FILE.pdf`
 * also writes the report the legal team keeps: that PDF and FILE.csv beside it.
 */
export async function verifyCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { report: { type: 'string' } }, verifyUsage);
  const reportFile = typeof values.report === 'string' ? reportPaths(ctx.path(values.report)).pdf : null;
  const store = new EvidenceSettingsStore(ctx.core.settings, ctx.core.dataFolder);
  const folders = positionals.length > 0 ? positionals.map((p) => ctx.path(p)) : [store.archiveFolder()];
  const bags: string[] = [];
  for (const folder of folders) {
    if (!(await stat(folder).catch(() => null))?.isDirectory()) throw new UsageError(`"${folder}" is not a folder.`);
    const found = await findBags(folder);
    if (found.length === 0) throw new UsageError(`No BagIt bag (a folder with bagit.txt) in "${folder}".`);
    bags.push(...found);
  }
  const index = new EvidenceIndex(ctx.core.db);
  const results: { bagPath: string; documentId: string; title: string; verdict: string | null; problems: BagProblem[]; timestamp: TimestampCheck | null }[] = [];
  const timestamps = { anchors: ctx.core.timestamps.anchors(), tsaConfigured: ctx.core.timestamps.endpoint() !== null };
  const reported: ReportBag[] = [];
  const tool = `SignDock ${readVersion()}`;
  for (const [n, bag] of bags.entries()) {
    if (!ctx.json && bags.length > 1) ctx.err(`\rChecking ${n + 1} of ${bags.length}…`);
    const result = await verifyBagFolder(bag, { anchors: store.anchors(), tool, timestamps });
    reported.push(reportBag(result));
    if (index.get(bag)) index.recheck(bag, result.problems, new Date().toISOString());
    results.push({ bagPath: bag, documentId: result.documentId, title: result.title, verdict: result.report?.verdict ?? null, problems: result.problems, timestamp: result.timestamp });
  }
  if (!ctx.json && bags.length > 1) ctx.err('\n');
  const problems = results.reduce((sum, r) => sum + r.problems.length, 0);
  const report = reportFile ? await writeVerifyReport({ bags: reported, folders, tool, generatedAt: new Date() }, reportFile) : null;
  emit(ctx, { bags: results, problems, ...(report ? { report: { pdf: report.pdf, csv: report.csv } } : {}) }, () =>
    [
      ...results.flatMap((r) => [
        ...(r.problems.length === 0 ? [`ok          ${r.bagPath}`] : r.problems.map((p) => `${p.kind.padEnd(11)} ${r.bagPath}/${p.path}: ${p.detail}`)),
        ...(r.timestamp ? timestampLines(r.timestamp).map((line) => `            ${line}`) : []),
      ]),
      `${results.length} bag${results.length === 1 ? '' : 's'} checked: ${problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'}`}.`,
      ...(report ? [`Report: ${report.pdf} (and ${report.csv})`] : []),
    ].join('\n'),
  );
  // A token that does not verify means the tag manifest or the token changed: a problem, unlike an untrusted TSA.
  return problems > 0 || results.some((r) => r.timestamp?.state === 'failed') ? 1 : 0;
}

export const exportUsage = 'export-legal --ids ID,... --out FILE.zip';

/** `export-legal`: archived documents for counsel, as one serialized bag (ZIP) with a custody record. */
export async function exportLegalCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ids: { type: 'string' }, out: { type: 'string' } }, exportUsage);
  const ids = [...positionals, ...String(values.ids ?? '').split(/[\s,;]+/)].filter(Boolean);
  if (ids.length === 0 || typeof values.out !== 'string') throw new UsageError(`Give --ids and --out.\nUsage: ${exportUsage}`);
  const bagPaths: string[] = [];
  for (const id of ids) {
    const bags = await call<BagSummary[]>(ctx, 'evidence.forDocument', { documentId: id });
    if (!bags[0]) throw new UsageError(`The document ${id} is not archived. Archive it first: archive ${id}`);
    bagPaths.push(bags[0].bagPath);
  }
  const result = await call<{ path: string; documents: number; files: number; bytes: number; summary: string }>(ctx, 'evidence.export', { bagPaths, outFile: ctx.path(values.out) });
  emit(ctx, result, () => `${result.summary}\nExported ${result.documents} document(s), ${result.files} files, to ${result.path}`);
  return 0;
}
