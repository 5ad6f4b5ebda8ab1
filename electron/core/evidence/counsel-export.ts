import { mkdir, readdir, rm } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { basename, join } from 'node:path';
import type { BagProblem, VerificationReport } from '../../../shared/domain/evidence';
import { BAGIT_TXT, formatBagInfo, formatManifest, type BagInfo, type ManifestLine } from './bagit';
import { checkBag } from './bag-check';
import { bagInfoValue, readBagInfo } from './bagit';
import { readStoredReport } from './bag-verify';
import { StoredZipWriter } from './stored-zip';

/**
 * The export for counsel: the selected bags in one serialized bag (a ZIP whose top folder has the
 * ZIP's name), with a chain-of-custody record in its `bag-info.txt` and `data/custody.json` (what, when,
 * by which account and OS user, from which archive, each file's SHA-256, the documents' journal) and a
 * plain `data/summary.txt`. The recipient checks it with any BagIt validator or `sha256sum -c`.
 */
export interface ExportInput {
  bags: string[];
  outFile: string;
  archiveFolder: string;
  accountName: string | null;
  version: string;
  journal: (documentId: string) => Record<string, unknown>[];
  /** The audit journal's sealed checkpoint at export time (count + head hash + time + HMAC): `custody.json`'s `journal_checkpoint`. */
  journalCheckpoint?: unknown;
  now?: () => Date;
}

export interface ExportResult {
  path: string;
  documents: number;
  files: number;
  bytes: number;
  summary: string;
}

export async function exportForCounsel(input: ExportInput): Promise<ExportResult> {
  const now = input.now?.() ?? new Date();
  const top = basename(input.outFile).replace(/\.zip$/i, '');
  await mkdir(join(input.outFile, '..'), { recursive: true });
  const zip = await StoredZipWriter.create(input.outFile);
  const payload: ManifestLine[] = [];
  const documents: Record<string, unknown>[] = [];
  const summary: string[] = [`Evidence exported by SignDock ${input.version} on ${now.toISOString()}`, `From the archive: ${input.archiveFolder}`, ''];
  let bytes = 0;
  try {
    const used = new Set<string>();
    for (const bag of input.bags) {
      const check = await checkBag(bag);
      const info = await readBagInfo(bag);
      const report = await readStoredReport(bag);
      let name = basename(bag);
      while (used.has(name)) name = `${name}-${used.size}`;
      used.add(name);
      const files: { path: string; sha256: string; bytes: number }[] = [];
      for (const relative of await bagFiles(bag)) {
        const path = `data/bags/${name}/${relative}`;
        const written = await zip.addFile(`${top}/${path}`, join(bag, ...relative.split('/')));
        payload.push({ path, sha256: written.sha256 });
        files.push({ path, sha256: written.sha256, bytes: written.bytes });
        bytes += written.bytes;
      }
      const documentId = bagInfoValue(info, 'SignDock-Document-Id') ?? report?.documentId ?? name;
      const title = bagInfoValue(info, 'SignDock-Document-Title') ?? name;
      documents.push({ documentId, title, bag: `data/bags/${name}`, sourceBag: bag, verdict: report?.verdict ?? null, problemsAtExport: check.problems, files, journal: input.journal(documentId) });
      summary.push(...describe(title, documentId, report, check.problems));
    }
    const user = safeUser();
    const custody = {
      format: 'signdock-custody/1',
      exportedAt: now.toISOString(),
      exportedBy: { osUser: user, host: hostname(), account: input.accountName, tool: `SignDock ${input.version}` },
      fromArchive: input.archiveFolder,
      documents,
      ...(input.journalCheckpoint ? { journal_checkpoint: input.journalCheckpoint } : {}),
    };
    summary.push('', 'A matching hash proves a file is unchanged since it was archived; it does not prove who signed it. Each document\'s verification.json says what was checked and what was not.');
    for (const [path, text] of [['data/custody.json', `${JSON.stringify(custody, null, 2)}\n`], ['data/summary.txt', `${summary.join('\n')}\n`]] as const) {
      const written = await zip.addBuffer(`${top}/${path}`, Buffer.from(text, 'utf8'));
      payload.push({ path, sha256: written.sha256 });
      bytes += written.bytes;
    }
    const bagInfo: BagInfo = [
      ['Source-Organization', input.accountName ?? 'unknown account'],
      ['Bagging-Date', now.toISOString().slice(0, 10)],
      ['Bag-Software-Agent', `SignDock ${input.version}`],
      ['External-Description', `Evidence of ${documents.length} document(s) exported for counsel`],
      ['Payload-Oxum', `${bytes}.${payload.length}`],
      ['SignDock-Exported-At', now.toISOString()],
      ['SignDock-Exported-By-OS-User', user],
      ['SignDock-Exported-On-Host', hostname()],
      ['SignDock-Exported-By-Account', input.accountName ?? 'none'],
      ['SignDock-From-Archive', input.archiveFolder],
      ['SignDock-Custody-Record', 'data/custody.json'],
    ];
    const tags: ManifestLine[] = [];
    for (const [name, text] of [['bagit.txt', BAGIT_TXT], ['bag-info.txt', formatBagInfo(bagInfo)], ['manifest-sha256.txt', formatManifest(payload)]] as const) {
      tags.push({ path: name, sha256: (await zip.addBuffer(`${top}/${name}`, Buffer.from(text, 'utf8'))).sha256 });
    }
    await zip.addBuffer(`${top}/tagmanifest-sha256.txt`, Buffer.from(formatManifest(tags), 'utf8'));
    await zip.close();
  } catch (error) {
    await zip.abort();
    await rm(input.outFile, { force: true });
    throw error;
  }
  return { path: input.outFile, documents: documents.length, files: payload.length, bytes, summary: summary.join('\n') };
}

function describe(title: string, documentId: string, report: VerificationReport | null, problems: BagProblem[]): string[] {
  const lines = [`• ${title} (${documentId})`];
  if (!report) lines.push('  No verification report in the bag.');
  else {
    const counts = { passed: 0, failed: 0, notApplicable: 0 };
    report.checks.forEach((c) => (counts[c.status] += 1));
    lines.push(`  Verification at archive time (${report.checkedAt}): ${report.verdict} — ${counts.passed} passed, ${counts.failed} failed, ${counts.notApplicable} not applicable.`);
    report.checks.filter((c) => c.status === 'failed').forEach((c) => lines.push(`  Failed: ${c.title}: ${c.detail}`));
  }
  lines.push(problems.length === 0 ? '  Re-hashed at export: every file matches the bag\'s manifests.' : `  Re-hashed at export: ${problems.length} problem(s).`);
  problems.forEach((p) => lines.push(`  ${p.kind}: ${p.path}`));
  return lines;
}

/** Every regular file of a bag, relative, with forward slashes (links are not followed). */
async function bagFiles(bag: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(relative ? join(bag, relative) : bag, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && !(entry.name.startsWith('.') && entry.name.endsWith('.part'))) out.push(path);
    }
  };
  await walk('');
  return out;
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
