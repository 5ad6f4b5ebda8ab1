import type { X509Certificate } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BagProblem, Check, VerificationReport } from '../../../../shared/domain/evidence';
import { trustOf, verdictOf } from '../../../../shared/domain/evidence-verdict';
import { entryKind } from '../bag/bag-files';
import { checkBag, type BagCheck } from '../bag/bag-check';
import { bagInfoValue, type BagInfo } from '../bag/bagit';
import { itemSentence, notRun } from './checks';
import { verifyEvidence } from './verify-evidence';
import type { TimestampCheck } from '../../../../shared/domain/timestamp';
import { checkBagTimestamp } from '../timestamp/bag-timestamp';

/**
 * A bag verified from its bytes alone (no database, no network, no key): the bag against itself
 * (only regular files inside it, manifests, Payload-Oxum), then every evidence check on its files as
 * they are now. Works on a bag copied from another machine. `data/verification.json` (written by
 * whoever wrote the bag) is never read for a verdict: the report here is computed, every time.
 */
export interface BagVerification {
  bagPath: string;
  documentId: string;
  title: string;
  documentDate: string | null;
  accountName: string | null;
  info: BagInfo;
  check: BagCheck;
  /** Every check, run now: the bag's own, then the evidence checks. */
  report: VerificationReport;
  problems: BagProblem[];
  /** The trusted timestamp, reported beside the verdict (it does not change it); null when not asked for. */
  timestamp: TimestampCheck | null;
}

/** Values of bag-info.txt shown anywhere are capped: a 5 MB title is not a title. */
export const maxShownValue = 500;
const cap = (value: string | null): string | null =>
  value === null ? null : value.length > maxShownValue ? `${value.slice(0, maxShownValue)}…` : value;

const evidenceIds = ['package.safe', 'signed.inPackage', 'signed.inCertificate', 'signature.cms', 'signed.pdfSignature'] as const;

export interface VerifyBagOptions {
  anchors: readonly X509Certificate[];
  tool: string;
  now?: () => Date;
  /** Check the bag's trusted timestamp too (beside the verdict, never changing it): the TSA anchors, and whether a TSA is set. */
  timestamps?: { anchors: readonly X509Certificate[]; tsaConfigured: boolean };
}

export async function verifyBagFolder(bag: string, options: VerifyBagOptions): Promise<BagVerification> {
  const check = await checkBag(bag);
  const documentId = bagDocumentId(bag, check.info);
  if (!check.dataReadable) {
    // data/ is a link, or not there: nothing behind it is read, and no evidence check can run.
    const evidence = evidenceIds.map((id) => notRun(id, 'bagRefused', 'data'));
    return assemble(
      bag,
      check,
      {
        checks: evidence,
        signatures: [],
        signers: [],
        scope: ["The bag's data/ folder is not a real folder inside the bag: no evidence check was made."],
      },
      options,
      await timestampOf(bag, options),
    );
  }
  const found = await verifyEvidence(
    { dataFolder: join(bag, 'data'), documentId },
    { anchors: options.anchors, tool: options.tool, ...(options.now ? { now: options.now } : {}) },
  );
  return assemble(bag, check, found, options, await timestampOf(bag, options));
}

async function timestampOf(bag: string, options: VerifyBagOptions): Promise<TimestampCheck | null> {
  return options.timestamps ? await checkBagTimestamp(bag, options.timestamps) : null;
}

function bagDocumentId(bag: string, info: BagInfo): string {
  return cap(bagInfoValue(info, 'SignDock-Document-Id') ?? bagInfoValue(info, 'External-Identifier')) ?? basename(bag);
}

/** The bag's own checks and the evidence checks (run on its files) as one verification: verdict, trust, problems. */
export function assemble(
  bag: string,
  check: BagCheck,
  report: Pick<VerificationReport, 'checks' | 'signatures' | 'signers' | 'scope'>,
  options: Pick<VerifyBagOptions, 'tool' | 'now'>,
  timestamp: TimestampCheck | null = null,
): BagVerification {
  const info = check.info;
  const documentId = bagDocumentId(bag, info);
  const evidence = report.checks;
  const problems = [...check.problems, ...evidenceProblems(evidence)];
  const checks = [...check.checks, ...evidence];
  return {
    bagPath: bag,
    documentId,
    title: cap(bagInfoValue(info, 'SignDock-Document-Title') ?? bagInfoValue(info, 'External-Description')) ?? basename(bag),
    documentDate: bagInfoValue(info, 'SignDock-Document-Date')?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0] ?? null,
    accountName: cap(bagInfoValue(info, 'SignDock-Account-Name')),
    info,
    check,
    report: {
      format: 'signdock-verification/1',
      documentId,
      checkedAt: (options.now?.() ?? new Date()).toISOString(),
      tool: options.tool,
      verdict: verdictOf(checks, problems),
      trust: trustOf(report.signatures),
      checks,
      covers: check.covers,
      signatures: report.signatures,
      signers: report.signers,
      scope: report.scope,
    },
    problems,
    timestamp,
  };
}

/** Each failed or incomplete evidence check (each failed file of a folded one) as a problem of the bag, with the file it is about. */
function evidenceProblems(checks: readonly Check[]): BagProblem[] {
  const where = (id: string, file: string | null) =>
    id.startsWith('package.') && file && !file.startsWith('data/') ? `data/package.zip:${file}` : (file ?? 'data');
  return checks
    .filter((c) => c.status === 'failed' || c.status === 'incomplete')
    .flatMap((c) => {
      const kind: BagProblem['kind'] = c.status === 'incomplete' ? 'notRun' : c.id === 'package.safe' ? 'refused' : 'mismatch';
      const items = c.items.filter((i) => i.status === 'failed' || i.status === 'incomplete');
      if (items.length === 0) return [{ kind, path: where(c.id, c.file), detail: `${c.title}: ${c.detail}`, check: c.id }];
      return items.map((i) => ({
        kind: i.status === 'incomplete' ? ('notRun' as const) : kind,
        path: where(c.id, i.file),
        detail: `${c.title}: ${itemSentence(c, i)}.`,
        check: c.id,
      }));
    });
}

/**
 * The bags in a folder: the folder itself when it is a bag, else every bag below it (a few levels
 * down). A link where a bag or folder would be is never followed: it is listed, and refused as a bag.
 */
export async function findBags(folder: string, depth = 4): Promise<string[]> {
  if ((await entryKind(folder)) === 'link') return [folder];
  if ((await entryKind(join(folder, 'bagit.txt'))) !== 'missing') return [folder];
  if (depth === 0) return [];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) out.push(join(folder, entry.name));
    else if (entry.isDirectory()) out.push(...(await findBags(join(folder, entry.name), depth - 1)));
  }
  return out;
}
