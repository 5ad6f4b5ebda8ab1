import type { X509Certificate } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { basename, join } from 'node:path';
import type { ExportResult } from '../../../../shared/domain/evidence';
import { trustWords, verdictWords } from '../../../../shared/domain/evidence-verdict';
import { BAGIT_TXT, formatBagInfo, formatManifest, type BagInfo, type ManifestLine } from '../bag/bagit';
import { readRegular, walkBag } from '../bag/bag-files';
import type { TimestampCheck } from '../../../../shared/domain/timestamp';
import type { BagVerification } from '../checks/bag-verify';
import { TOKEN_FILE, RENEWAL_FOLDER, tokenFiles } from '../timestamp/bag-timestamp';
import { buildTsaChain, CHAIN_FILE, pemCertificates, type TsaChain } from '../timestamp/tsa-chain';
import { StoredZipWriter } from './stored-zip';
import { verifyText, type ExportedBag } from './verify-instructions';

/**
 * The export for counsel, which proves itself: every bag is verified again from its bytes at export
 * time; a bag that failed or is incomplete is left out and listed with why (unless asked to include
 * it, and then it is marked). The bags go into one serialized bag (a ZIP whose top folder has the
 * ZIP's name) with every regular file of each (timestamp tokens included), a chain-of-custody record
 * in its `bag-info.txt` and `data/custody.json` (the fresh verdicts, each file's SHA-256, the
 * documents' journal), a plain `data/summary.txt`, and `data/VERIFY.txt`: how to check it all with
 * standard tools alone (`sha256sum -c`, `openssl ts -verify`, `pdfsig`), every command runnable as
 * written in the unzipped folder. A timestamped bag's `tsa-chain.pem` is written afresh: its tokens'
 * certificates, those of the bag's own chain file, and the exporter's TSA anchors that issued them.
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
  verify: (bag: string) => Promise<BagVerification>;
  /** The exporter's TSA anchors: the one that issued a bag's TSA certificate goes into its `tsa-chain.pem`. */
  tsaAnchors?: readonly X509Certificate[];
  /** Include bags that failed or are incomplete (marked as such) instead of leaving them out. */
  includeFailed?: boolean;
  now?: () => Date;
}

export async function exportForCounsel(input: ExportInput): Promise<ExportResult> {
  const now = input.now?.() ?? new Date();
  const top = basename(input.outFile).replace(/\.zip$/i, '');
  await mkdir(join(input.outFile, '..'), { recursive: true, mode: 0o700 });
  const zip = await StoredZipWriter.create(input.outFile);
  const payload: ManifestLine[] = [];
  const documents: Record<string, unknown>[] = [];
  const bags: ExportResult['bags'] = [];
  const summary: string[] = [
    `Evidence exported by SignDock ${input.version} on ${now.toISOString()}`,
    `From the archive: ${input.archiveFolder}`,
    'Every bag was verified again from its files at export time.',
    '',
  ];
  let bytes = 0;
  try {
    const used = new Set<string>();
    const chains = new Map<string, TsaChain>();
    for (const bag of input.bags) {
      const verified = await input.verify(bag);
      const { verdict, trust } = verified.report;
      const why = verified.report.checks
        .filter((c) => c.status === 'failed' || c.status === 'incomplete')
        .map((c) => `${c.status}: ${c.title}${c.file ? ` (${c.file})` : ''}: ${c.detail}`);
      const included = verdict === 'passed' || input.includeFailed === true;
      bags.push({ bagPath: bag, documentId: verified.documentId, title: verified.title, verdict, trust, included, why });
      summary.push(...describe(verified, included, why));
      if (!included) continue;
      let name = basename(bag);
      while (used.has(name)) name = `${name}-${used.size}`;
      used.add(name);
      const files: { path: string; sha256: string; bytes: number }[] = [];
      const added = (path: string, written: { sha256: string; bytes: number }) => {
        payload.push({ path, sha256: written.sha256 });
        files.push({ path, sha256: written.sha256, bytes: written.bytes });
        bytes += written.bytes;
      };
      // Every regular file of the bag (tag files, payload, timestamp tokens); links and special files never. Its chain file is written afresh below.
      for (const entry of (await walkBag(bag)).entries) {
        if (entry.kind !== 'file' || (basename(entry.path).startsWith('.') && entry.path.endsWith('.part'))) continue;
        if (entry.path === CHAIN_FILE) continue;
        const path = `data/bags/${name}/${entry.path}`;
        added(path, await zip.addFile(`${top}/${path}`, join(bag, ...entry.path.split('/'))));
      }
      const chain = await exportChain(bag, await tokenFiles(bag), input.tsaAnchors ?? []);
      if (chain.pem) {
        const path = `data/bags/${name}/${CHAIN_FILE}`;
        added(path, await zip.addBuffer(`${top}/${path}`, Buffer.from(chain.pem, 'utf8')));
      }
      chains.set(`data/bags/${name}`, chain);
      documents.push({
        documentId: verified.documentId,
        title: verified.title,
        bag: `data/bags/${name}`,
        sourceBag: bag,
        verdict,
        trust,
        verifiedAt: verified.report.checkedAt,
        covers: verified.report.covers,
        checks: verified.report.checks.map((c) => ({ id: c.id, status: c.status, file: c.file, title: c.title, detail: c.detail })),
        problems: verified.problems,
        timestampTokens: tokenPaths(
          files.map((f) => f.path),
          `data/bags/${name}`,
        ),
        // The bag's trusted timestamp checked now, from its token files (null when not asked for).
        timestamp: verified.timestamp,
        files,
        journal: input.journal(verified.documentId),
      });
    }
    const user = safeUser();
    const exported: ExportedBag[] = documents.map((d) => ({
      bag: String(d.bag),
      tokens: d.timestampTokens as string[],
      timestamp: d.timestamp as TimestampCheck | null,
      chain: chains.get(String(d.bag))?.pem ? { file: `${String(d.bag)}/${CHAIN_FILE}`, roots: chains.get(String(d.bag))!.roots } : null,
    }));
    const custody = {
      format: 'signdock-custody/2',
      exportedAt: now.toISOString(),
      exportedBy: { osUser: user, host: hostname(), account: input.accountName, tool: `SignDock ${input.version}` },
      fromArchive: input.archiveFolder,
      documents,
      ...(input.journalCheckpoint ? { journal_checkpoint: input.journalCheckpoint } : {}),
      leftOut: bags
        .filter((b) => !b.included)
        .map(({ bagPath, documentId, title, verdict, why }) => ({ bagPath, documentId, title, verdict, why })),
    };
    summary.push(
      '',
      'A matching hash proves a file is unchanged since its manifest was written; it does not prove who signed it. VERIFY.txt says how to check this export with standard tools alone.',
    );
    const texts: [string, string][] = [
      ['data/custody.json', `${JSON.stringify(custody, null, 2)}\n`],
      ['data/summary.txt', `${summary.join('\n')}\n`],
      ['data/VERIFY.txt', verifyText(top, exported)],
    ];
    for (const [path, text] of texts) {
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
    for (const [name, text] of [
      ['bagit.txt', BAGIT_TXT],
      ['bag-info.txt', formatBagInfo(bagInfo)],
      ['manifest-sha256.txt', formatManifest(payload)],
    ] as const) {
      tags.push({ path: name, sha256: (await zip.addBuffer(`${top}/${name}`, Buffer.from(text, 'utf8'))).sha256 });
    }
    await zip.addBuffer(`${top}/tagmanifest-sha256.txt`, Buffer.from(formatManifest(tags), 'utf8'));
    await zip.close();
  } catch (error) {
    await zip.abort();
    await rm(input.outFile, { force: true });
    throw error;
  }
  return { path: input.outFile, documents: documents.length, files: payload.length, bytes, summary: summary.join('\n'), bags };
}

function describe(verified: BagVerification, included: boolean, why: string[]): string[] {
  const { verdict, trust } = verified.report;
  const lines = [`• ${verified.title} (${verified.documentId})`];
  lines.push(
    `  Verified at export: ${verdictWords[verdict].en.label} — ${verdictWords[verdict].en.detail} Signers: ${trustWords[trust].en}.`,
  );
  if (verdict !== 'passed') lines.push(included ? '  INCLUDED AS ASKED, although it did not pass:' : '  LEFT OUT of this export:');
  why.slice(0, 20).forEach((line) => lines.push(`  ${line}`));
  return lines;
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The TSA chain for `openssl -CAfile`: the tokens' certificates, the bag's own chain file's, and the exporter's anchors that issued them. */
async function exportChain(bag: string, tokens: readonly string[], anchors: readonly X509Certificate[]): Promise<TsaChain> {
  if (tokens.length === 0) return { pem: '', roots: [] };
  const read = async (file: string) => readRegular(join(bag, ...file.split('/')), 1024 * 1024).catch(() => null);
  const ders = (await Promise.all(tokens.map(read))).filter((der): der is Buffer => der !== null);
  const carried = await read(CHAIN_FILE);
  return buildTsaChain(ders, anchors, carried ? pemCertificates(carried.toString('utf8')) : []);
}

/** The bag's timestamp chain in the export, oldest first: the first token, then each renewal (`timestamps/NNNN.tsr`). */
function tokenPaths(paths: readonly string[], bag: string): string[] {
  if (!paths.includes(`${bag}/${TOKEN_FILE}`)) return [];
  const folder = `${bag}/${RENEWAL_FOLDER}/`;
  const renewals = paths.filter((p) => p.startsWith(folder) && /^\d{4}\.tsr$/.test(p.slice(folder.length))).sort();
  return [`${bag}/${TOKEN_FILE}`, ...renewals];
}
