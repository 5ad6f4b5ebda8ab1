import { writeCsv } from '../../../shared/csv/csv-writer';
import type { BagProblem, Check, VerificationReport } from '../../../shared/domain/evidence';

/**
 * The report the legal team keeps after a re-verification: a PDF (pdf-lib) and a CSV beside it with
 * the same facts. Each bag, each problem with its path and kind (modified, missing, unexpected,
 * mismatch, refused), each check's result, and in words what the check proves and what it does not.
 * It never claims more than it checked: a bag whose checks were not run says so.
 */
export interface ReportBag {
  bagPath: string;
  documentId: string;
  title: string;
  /** The checks as run now (or, when not run, as stored at archive time: `rerun` false). */
  report: VerificationReport | null;
  rerun: boolean;
  /** Files re-hashed against the manifests, and their bytes. */
  files: number;
  bytes: number;
  problems: BagProblem[];
}

export interface ReportInput {
  bags: ReportBag[];
  /** The folders (or bags) that were checked. */
  folders: string[];
  tool: string;
  generatedAt: Date;
}

/** What a re-verification proves and what it does not, in the report's words (English: it travels with the archive). */
export const reportScope: readonly string[] = [
  'What was checked: every file listed in each bag\'s manifests (manifest-sha256.txt, tagmanifest-sha256.txt) was read again and its SHA-256 compared with the manifest; files in data/ that no manifest lists were looked for; and the evidence checks (hashes the package lists, the signed PDF\'s hash in the package and in the certificate, signer signatures and PDF signatures) were run again on the files as they are now.',
  'What a match proves: the files are the same, bit for bit, as when the bag was made (integrity against the bag\'s manifest), and each package entry is the file the package lists (integrity against the package).',
  'What it does not prove: a hash match does not prove who signed, nor that the signer is who the service says. A valid signature proves the signed content has not changed since it was signed with that certificate\'s key; who holds the key is only as certain as its issuer ("trusted" only when it chains to a trust anchor added in Settings).',
  'The manifests are not signed: someone who changes a file and rewrites the manifests to match would not be detected by the re-hash. Compare with a copy kept elsewhere (for example the SHA-256 list of an export for counsel) to rule that out.',
  'Checks marked "not applicable" were not made; nothing is claimed about them.',
];

export const problemKindWords: Record<BagProblem['kind'], string> = {
  modified: 'modified: changed since it was archived',
  missing: 'missing: listed in the manifest, not in the bag',
  unexpected: 'unexpected: in the bag, not in its manifest',
  mismatch: 'mismatch: a listed hash or a signature does not match',
  refused: 'refused: the package is unsafe to read',
  invalid: 'invalid: not a well-formed bag',
};

export function reportSummary(input: ReportInput): { bags: number; bagsWithProblems: number; problems: number; files: number; bytes: number } {
  return {
    bags: input.bags.length,
    bagsWithProblems: input.bags.filter((b) => b.problems.length > 0).length,
    problems: input.bags.reduce((sum, b) => sum + b.problems.length, 0),
    files: input.bags.reduce((sum, b) => sum + b.files, 0),
    bytes: input.bags.reduce((sum, b) => sum + b.bytes, 0),
  };
}

export const csvHeader = ['record', 'bag', 'document_id', 'title', 'verdict', 'kind', 'path', 'status', 'detail'] as const;

/** One row per bag, per problem and per check, then the scope lines: the same facts as the PDF. */
export function reportCsv(input: ReportInput): string {
  const summary = reportSummary(input);
  const rows: string[][] = [[...csvHeader]];
  rows.push(['report', input.folders.join(' | '), '', `${input.tool}, ${input.generatedAt.toISOString()}`, summary.problems === 0 ? 'no problems' : 'problems', '', '', '', `${summary.bags} bags checked, ${summary.bagsWithProblems} with problems, ${summary.problems} problems, ${summary.files} files (${summary.bytes} bytes) re-hashed`]);
  for (const bag of input.bags) {
    const verdict = bagVerdict(bag);
    rows.push(['bag', bag.bagPath, bag.documentId, bag.title, verdict, '', '', bag.rerun ? 'checked now' : 'checks not run now', bag.report ? `${bag.files} files re-hashed; checks: ${counts(bag.report.checks)}` : `${bag.files} files re-hashed; no verification report`]);
    for (const problem of bag.problems) rows.push(['problem', bag.bagPath, bag.documentId, bag.title, verdict, problem.kind, problem.path, 'failed', problem.detail]);
    for (const c of bag.report?.checks ?? []) rows.push(['check', bag.bagPath, bag.documentId, bag.title, verdict, c.id, c.file ?? '', statusWords[c.status], `${c.title}: ${c.detail}`]);
  }
  for (const line of reportScope) rows.push(['scope', '', '', '', '', '', '', '', line]);
  return writeCsv(rows, { bom: true });
}

export const statusWords: Record<Check['status'], string> = { passed: 'passed', failed: 'failed', notApplicable: 'not applicable' };

export function counts(checks: readonly Check[]): string {
  const n = (status: Check['status']) => checks.filter((c) => c.status === status).length;
  return `${n('passed')} passed, ${n('failed')} failed, ${n('notApplicable')} not applicable`;
}

export function bagVerdict(bag: ReportBag): string {
  if (bag.problems.some((p) => p.kind === 'refused') || bag.report?.verdict === 'refused') return 'refused';
  return bag.problems.length > 0 || bag.report?.verdict === 'failed' ? 'problems found' : 'verified';
}

