import { writeCsv } from '../../../../shared/csv/csv-writer';
import type { BagProblem, Check, Verdict, VerificationReport } from '../../../../shared/domain/evidence';
import { checkWords } from '../../../../shared/domain/evidence-checks';
import {
  problemKindWords as sharedProblemWords,
  problemOutcome,
  trustWords,
  verdictWords,
} from '../../../../shared/domain/evidence-verdict';

/**
 * The report the legal team keeps after a re-verification: a PDF (pdf-lib) and a CSV beside it with
 * the same facts. Each bag with its verdict (passed, failed, incomplete) and its signers' trust, each
 * problem with its path and kind, each check's result in the catalogue's words (a folded check with
 * its files), and in words what the check proves and what it does not. Every check was run on the
 * bytes at the time of the report: nothing is restated from a stored verdict.
 */
export interface ReportBag {
  bagPath: string;
  documentId: string;
  title: string;
  /** Every check, run on the bag's bytes for this report. */
  report: VerificationReport;
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
  "What was checked: that each bag holds only regular files inside itself (links, FIFOs and devices are refused, never followed); every file listed in each bag's manifests (manifest-sha256.txt, tagmanifest-sha256.txt) was read again and its SHA-256 compared with the manifest; files in data/ that no manifest lists were looked for; Payload-Oxum; and the evidence checks (hashes the package lists, the signed PDF's hash in the package and in the certificate, signer signatures and PDF signatures) were run again on the files as they are now.",
  "Verdicts: passed (every required check ran and passed), failed (a check failed), incomplete (a required file is missing or a check could not run: nothing is claimed about it). Signers' trust is reported apart and never changes the verdict.",
  "What a match proves: the files are the same, bit for bit, as when the bag was made (integrity against the bag's manifest), and each package entry is the file the package lists (integrity against the package).",
  'What it does not prove: a hash match does not prove who signed, nor that the signer is who the service says. A valid signature proves the signed content has not changed since it was signed with that certificate\'s key; who holds the key is only as certain as its issuer ("trusted" only when it chains to a trust anchor added in Settings).',
  'The manifests are not signed: someone who changes a file and rewrites the manifests to match would not be detected by the re-hash. Compare with a copy kept elsewhere (for example the SHA-256 list of an export for counsel) to rule that out.',
  'Checks marked "not applicable" had nothing to check; nothing is claimed about them.',
];

export const problemKindWords = Object.fromEntries(Object.entries(sharedProblemWords).map(([kind, words]) => [kind, words.en])) as Record<
  BagProblem['kind'],
  string
>;

/** Text drawn from a bag (titles, paths, details) is capped: a 5 MB title is shown as its first characters. */
export function capText(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

export function reportSummary(input: ReportInput): {
  bags: number;
  bagsWithProblems: number;
  problems: number;
  files: number;
  bytes: number;
} {
  return {
    bags: input.bags.length,
    bagsWithProblems: input.bags.filter((b) => b.report.verdict !== 'passed').length,
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
  rows.push([
    'report',
    input.folders.join(' | '),
    '',
    `${input.tool}, ${input.generatedAt.toISOString()}`,
    summary.bagsWithProblems === 0 ? 'all passed' : 'not all passed',
    '',
    '',
    '',
    `${summary.bags} bags checked, ${summary.bagsWithProblems} failed or incomplete, ${summary.problems} problems, ${summary.files} files (${summary.bytes} bytes) re-hashed`,
  ]);
  for (const bag of input.bags) {
    const verdict = bag.report.verdict;
    const title = capText(bag.title, 500);
    rows.push([
      'bag',
      bag.bagPath,
      bag.documentId,
      title,
      verdict,
      'trust',
      '',
      trustWords[bag.report.trust].en,
      `${bag.files} files re-hashed; checks: ${counts(bag.report.checks)}`,
    ]);
    for (const problem of bag.problems)
      rows.push([
        'problem',
        bag.bagPath,
        bag.documentId,
        title,
        verdict,
        problem.kind,
        capText(problem.path, 500),
        problemOutcome(problem.kind),
        capText(problem.detail),
      ]);
    for (const c of bag.report.checks) {
      const words = checkWords(c, 'en');
      rows.push([
        'check',
        bag.bagPath,
        bag.documentId,
        title,
        verdict,
        c.id,
        capText(c.file ?? '', 500),
        statusWords[c.status],
        capText(`${words.title}: ${words.detail}`),
      ]);
      for (const item of c.items)
        rows.push([
          'item',
          bag.bagPath,
          bag.documentId,
          title,
          verdict,
          c.id,
          capText(item.file, 500),
          statusWords[item.status],
          item.status === 'passed' ? '' : `expected ${item.expected ?? '—'}, found ${item.found ?? '—'}`,
        ]);
    }
  }
  for (const line of reportScope) rows.push(['scope', '', '', '', '', '', '', '', line]);
  return writeCsv(rows, { bom: true });
}

export const statusWords: Record<Check['status'], string> = {
  passed: 'passed',
  failed: 'failed',
  incomplete: 'incomplete (could not run)',
  notApplicable: 'not applicable',
};

export function counts(checks: readonly Check[]): string {
  const n = (status: Check['status']) => checks.filter((c) => c.status === status).length;
  return `${n('passed')} passed, ${n('failed')} failed, ${n('incomplete')} incomplete, ${n('notApplicable')} not applicable`;
}

export function verdictLine(verdict: Verdict): string {
  return `${verdictWords[verdict].en.label}: ${verdictWords[verdict].en.detail}`;
}
