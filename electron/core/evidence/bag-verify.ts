import type { X509Certificate } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { verificationReportSchema, type BagProblem, type VerificationReport } from '../../../shared/domain/evidence';
import { checkBag, type BagCheck } from './bag-check';
import { bagInfoValue, readBagInfo, type BagInfo } from './bagit';
import { verifyEvidence } from './verify-evidence';
import type { TimestampCheck } from '../../../shared/domain/timestamp';
import { checkBagTimestamp } from './timestamp/bag-timestamp';

/**
 * Verification of a bag from its files alone (no database, no network, no key): re-hash against its
 * manifests, then every evidence check again on the files as they are now. Works on a bag copied from
 * another machine. Problems: modified, missing, unexpected (re-hash); mismatch (a listed hash or a
 * signature that does not match); refused (a hostile package).
 */
export interface BagVerification {
  bagPath: string;
  documentId: string;
  title: string;
  documentDate: string | null;
  accountName: string | null;
  info: BagInfo;
  check: BagCheck;
  /** The checks run again now; null when the payload is not there to check. */
  report: VerificationReport | null;
  /** The report written at archive time (data/verification.json), when readable. */
  stored: VerificationReport | null;
  problems: BagProblem[];
  /** The trusted timestamp, reported beside the verdict (it does not change it); null when not asked for. */
  timestamp: TimestampCheck | null;
}

export async function verifyBagFolder(bag: string, options: { anchors: readonly X509Certificate[]; tool: string; rerun?: boolean; timestamps?: { anchors: readonly X509Certificate[]; tsaConfigured: boolean } }): Promise<BagVerification> {
  const check = await checkBag(bag);
  const info = await readBagInfo(bag);
  const stored = await readStoredReport(bag);
  const documentId = bagInfoValue(info, 'SignDock-Document-Id') ?? bagInfoValue(info, 'External-Identifier') ?? stored?.documentId ?? basename(bag);
  const payload = await stat(join(bag, 'data', 'package.zip')).catch(() => null);
  const report = options.rerun === false || !payload ? null : await verifyEvidence({ dataFolder: join(bag, 'data'), documentId }, { anchors: options.anchors, tool: options.tool });
  const problems = [...check.problems];
  for (const failed of (report ?? stored)?.checks.filter((c) => c.status === 'failed') ?? []) {
    const where = failed.id.startsWith('package.') && failed.file ? `data/package.zip:${failed.file}` : (failed.file ?? 'data');
    const path = where.startsWith('data/') || where.startsWith('signed.pdf') ? where : `data/${where}`;
    problems.push({ kind: failed.id === 'package.safe' ? 'refused' : 'mismatch', path, detail: `${failed.title}: ${failed.detail}` });
  }
  return {
    bagPath: bag,
    documentId,
    title: bagInfoValue(info, 'SignDock-Document-Title') ?? bagInfoValue(info, 'External-Description') ?? basename(bag),
    documentDate: bagInfoValue(info, 'SignDock-Document-Date')?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0] ?? null,
    accountName: bagInfoValue(info, 'SignDock-Account-Name'),
    info,
    check,
    report,
    stored,
    problems,
    timestamp: options.timestamps ? await checkBagTimestamp(bag, options.timestamps) : null,
  };
}

export async function readStoredReport(bag: string): Promise<VerificationReport | null> {
  try {
    return verificationReportSchema.parse(JSON.parse(await readFile(join(bag, 'data', 'verification.json'), 'utf8')));
  } catch {
    return null;
  }
}

/** The bags in a folder: the folder itself when it is a bag, else every bag below it (a few levels down). */
export async function findBags(folder: string, depth = 4): Promise<string[]> {
  if (await isBag(folder)) return [folder];
  if (depth === 0) return [];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) out.push(...(await findBags(join(folder, entry.name), depth - 1)));
  }
  return out;
}

async function isBag(folder: string): Promise<boolean> {
  return (await stat(join(folder, 'bagit.txt')).catch(() => null))?.isFile() ?? false;
}
