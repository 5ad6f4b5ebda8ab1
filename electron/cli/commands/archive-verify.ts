import type { BagProblem, BagSummary, Check, ExportResult, SignerTrust, Verdict } from '../../../shared/domain/evidence';
import { verdictWords } from '../../../shared/domain/evidence-verdict';
import { entryKind } from '../../core/evidence/bag/bag-files';
import { EvidenceSettingsStore } from '../../core/evidence/archive/archive-folder';
import { findBags, verifyBagFolder } from '../../core/evidence/checks/bag-verify';
import { notPassedItems } from '../../core/evidence/checks/checks';
import { EvidenceIndex } from '../../core/evidence/archive/evidence-index';
import type { ReportBag } from '../../core/evidence/reports/report-model';
import { reportBag, reportPaths, writeVerifyReport } from '../../core/evidence/reports/verify-report';
import { readVersion } from '../../core/version';
import { call, emit, UsageError, type CliContext } from '../io';
import { parse } from './archive';
import { badChecks, outcomeLines, shown } from './verdict-lines';
import type { TimestampCheck } from '../../../shared/domain/timestamp';
import { timestampLines } from './timestamp-words';

/** Problems that restate a failed or incomplete evidence check (already said by its check line). */
const evidenceKinds: readonly string[] = ['notRun', 'mismatch', 'refused'];

/** A changed, missing or added file already named under its manifest's check line (`namedFiles`: the first 5 of each). */
function namedUnder(checks: readonly Check[], problem: BagProblem): boolean {
  if (!['modified', 'missing', 'unexpected'].includes(problem.kind)) return false;
  return checks.some(
    (c) =>
      (c.id === 'bag.manifest' || c.id === 'bag.tagManifest') &&
      notPassedItems(c.items)
        .slice(0, 5)
        .some((i) => i.file === problem.path),
  );
}

export const verifyUsage =
  'verify [<bag-or-archive-folder>... | --archive DIR] [--tsa-ca FILE.pem] [--report FILE.pdf | --out FILE.pdf]   (default: the archive folder; --tsa-ca: a CA that vouches for the time-stamping authority, for this run; the report: a PDF and FILE.csv beside it)';

/**
 * `verify`: from the bytes alone (no network, no key, no database needed: a colleague's copy works),
 * each bag checked against itself and every evidence check run again. Each bag's verdict in its own
 * words (passed, FAILED, INCOMPLETE) with its signers' trust beside it, and each check that failed or
 * could not run, then its trusted timestamp; exit 1 when any bag failed or is incomplete, or a timestamp
 * token does not verify (trust, of signers or of the TSA, never changes the exit code).
 * `--report FILE.pdf` (or `--out`) also writes the report the legal team keeps: that PDF and FILE.csv.
 */
export async function verifyCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals: given } = parse(
    args,
    { report: { type: 'string' }, out: { type: 'string' }, archive: { type: 'string', multiple: true } },
    verifyUsage,
  );
  // `--archive DIR` (as the web host's review) is the same as naming the folder.
  const positionals = [...given, ...[values.archive ?? []].flat().filter((p): p is string => typeof p === 'string')];
  const reportArg = typeof values.report === 'string' ? values.report : typeof values.out === 'string' ? values.out : null;
  const reportFile = reportArg !== null ? reportPaths(ctx.path(reportArg)).pdf : null;
  const store = new EvidenceSettingsStore(ctx.core.settings, ctx.core.dataFolder);
  const folders = positionals.length > 0 ? positionals.map((p) => ctx.path(p)) : [store.archiveFolder()];
  const bags: string[] = [];
  for (const folder of folders) {
    const kind = await entryKind(folder);
    if (kind !== 'directory' && kind !== 'link') throw new UsageError(`"${shown(folder, 500)}" is not a folder.`);
    const found = await findBags(folder);
    if (found.length === 0) throw new UsageError(`No BagIt bag (a folder with bagit.txt) in "${shown(folder, 500)}".`);
    bags.push(...found);
  }
  const index = new EvidenceIndex(ctx.core.db);
  const results: {
    bagPath: string;
    documentId: string;
    title: string;
    verdict: Verdict;
    trust: SignerTrust;
    checks: Check[];
    problems: BagProblem[];
    timestamp: TimestampCheck | null;
  }[] = [];
  const timestamps = { anchors: ctx.core.timestamps.anchors(), tsaConfigured: ctx.core.timestamps.endpoint() !== null };
  const reported: ReportBag[] = [];
  const tool = `SignDock ${readVersion()}`;
  for (const [n, bag] of bags.entries()) {
    if (!ctx.json && bags.length > 1) ctx.err(`\rChecking ${n + 1} of ${bags.length}…`);
    const result = await verifyBagFolder(bag, { anchors: store.anchors(), tool, timestamps });
    reported.push(reportBag(result));
    if (index.get(bag)) index.reverified(bag, result.report, result.problems, result.check.bytes);
    results.push({
      bagPath: bag,
      documentId: result.documentId,
      title: result.title,
      verdict: result.report.verdict,
      trust: result.report.trust,
      checks: badChecks(result.report.checks),
      problems: result.problems,
      timestamp: result.timestamp,
    });
  }
  if (!ctx.json && bags.length > 1) ctx.err('\n');
  const problems = results.reduce((sum, r) => sum + r.problems.length, 0);
  const count = (verdict: Verdict) => results.filter((r) => r.verdict === verdict).length;
  const verdicts = { passed: count('passed'), failed: count('failed'), incomplete: count('incomplete') };
  const report = reportFile ? await writeVerifyReport({ bags: reported, folders, tool, generatedAt: new Date() }, reportFile) : null;
  emit(ctx, { bags: results, verdicts, problems, ...(report ? { report: { pdf: report.pdf, csv: report.csv } } : {}) }, () =>
    [
      ...results.flatMap((r) => [
        ...outcomeLines(r.bagPath, r),
        ...r.problems
          .filter((p) => !evidenceKinds.includes(p.kind) && !namedUnder(r.checks, p))
          .slice(0, 20)
          .map((p) => `            ${p.kind}: ${shown(p.path, 300)}: ${shown(p.detail, 300)}`),
        // The TSA's name and a failure's detail come from the token: shown terminal-safe.
        ...(r.timestamp ? timestampLines(r.timestamp).map((line) => `            ${shown(line, 400)}`) : []),
      ]),
      `${results.length} bag${results.length === 1 ? '' : 's'} checked: ${verdicts.passed} passed, ${verdicts.failed} failed, ${verdicts.incomplete} incomplete.`,
      ...(report ? [`Report: ${report.pdf} (and ${report.csv})`] : []),
    ].join('\n'),
  );
  // A token that does not verify means the tag manifest or the token changed: a failure, unlike an untrusted TSA (never changes the exit code).
  return verdicts.failed + verdicts.incomplete > 0 || results.some((r) => r.timestamp?.state === 'failed') ? 1 : 0;
}

export const exportUsage = 'export-legal --ids ID,... --out FILE.zip [--include-failed]';

/**
 * `export-legal`: archived documents for counsel, each bag verified again at export time; bags that
 * failed or are incomplete are left out and named with why (`--include-failed`: included, marked).
 */
export async function exportLegalCommand(ctx: CliContext, args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { ids: { type: 'string' }, out: { type: 'string' }, 'include-failed': { type: 'boolean' } },
    exportUsage,
  );
  const ids = [...positionals, ...String(values.ids ?? '').split(/[\s,;]+/)].filter(Boolean);
  if (ids.length === 0 || typeof values.out !== 'string') throw new UsageError(`Give --ids and --out.\nUsage: ${exportUsage}`);
  const bagPaths: string[] = [];
  for (const id of ids) {
    const bags = await call<BagSummary[]>(ctx, 'evidence.forDocument', { documentId: id });
    if (!bags[0]) throw new UsageError(`The document ${shown(id)} is not archived. Archive it first: archive ${shown(id)}`);
    bagPaths.push(bags[0].bagPath);
  }
  const result = await call<ExportResult>(ctx, 'evidence.export', {
    bagPaths,
    outFile: ctx.path(values.out),
    ...(values['include-failed'] ? { includeFailed: true } : {}),
  });
  const leftOut = result.bags.filter((b) => !b.included);
  emit(ctx, result, () =>
    [
      ...result.bags.map(
        (b) =>
          `${(b.included ? (b.verdict === 'passed' ? 'exported' : 'INCLUDED') : 'LEFT OUT').padEnd(11)} ${shown(b.title)} (${shown(b.documentId)}): ${verdictWords[b.verdict].en.label}${
            b.why.length
              ? `\n${b.why
                  .slice(0, 10)
                  .map((w) => `            ${shown(w, 300)}`)
                  .join('\n')}`
              : ''
          }`,
      ),
      `Exported ${result.documents} document(s), ${result.files} files, to ${result.path}${leftOut.length ? `; ${leftOut.length} left out because they did not pass (see above; --include-failed to include them, marked)` : ''}.`,
      'VERIFY.txt inside says how to check the export with standard tools alone.',
    ].join('\n'),
  );
  return leftOut.length > 0 || result.bags.some((b) => b.verdict !== 'passed') ? 1 : 0;
}
