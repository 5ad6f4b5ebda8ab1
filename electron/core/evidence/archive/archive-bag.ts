import type { X509Certificate } from 'node:crypto';
import { chmod, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvidenceKind } from '../../../../shared/domain/documents';
import type { ServiceClient } from '../../api/service-client';
import { writeFileAtomic } from '../bag/atomic-write';
import { AppError } from '../../../../shared/contract/errors';
import { bagInfoValue, formatBagInfo, readBagInfo, tagManifestName, writeTagFiles, type BagInfo } from '../bag/bagit';
import { memStep } from './mem-log';
import { verifyEvidence } from '../checks/verify-evidence';
import { bagCover, checkBag } from '../bag/bag-check';
import { assemble, verifyBagFolder, type BagVerification } from '../checks/bag-verify';
import { stampBag, type TsaEndpoint } from '../timestamp/bag-timestamp';

/**
 * One document into one bag. Each evidence file streams to a temporary file, hashed while it streams,
 * fsynced and renamed into place (ServiceClient.downloadEvidence); a file already in place is never
 * downloaded again (a resumed job, a second archive of the same document). Then the evidence is
 * verified, `data/verification.json` written (a record of that run, never read back as a verdict), and
 * the tag files last: a bag with its tag manifest is complete. Then the bag is timestamped (when a TSA
 * is set) and checked against itself, so its cache key covers the token. A complete bag is verified
 * again from its bytes, and stamped only when its verdict is not `failed`. Folders are 0700, files 0600.
 */
export const payloadFiles: { kind: EvidenceKind; file: string }[] = [
  { kind: 'zipfile', file: 'data/package.zip' },
  { kind: 'pdf-certificate', file: 'data/certificate.pdf' },
  { kind: 'document', file: 'data/signed.pdf' },
];

export interface BagTarget {
  bag: string;
  documentId: string;
  title: string;
  documentDate: string | null;
  account: { name: string; baseUrl: string } | null;
}

export interface BagDeps {
  client: () => Promise<ServiceClient>;
  anchors: () => X509Certificate[];
  /** The time-stamping authority to ask for a token over the tag manifest; none: not timestamped. */
  tsa?: () => TsaEndpoint | null;
  version: string;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface BagResult {
  /** The finished bag verified from its bytes: its own checks and every evidence check. */
  verification: BagVerification;
  /** Bytes downloaded by this run (files already in place count nothing). */
  downloaded: number;
  /** Files downloaded by this run, by kind. */
  fetched: EvidenceKind[];
  /** The bag was complete already: nothing was downloaded or written. */
  already: boolean;
  bytes: number;
  /** The bag's trusted timestamp after this run (timestamp/README.md): a token added, one there already, no TSA set, or the TSA did not give one yet. */
  timestamp: { state: 'stamped' | 'already' | 'none' | 'not-yet'; detail: string };
}

export async function isCompleteBag(bag: string): Promise<boolean> {
  return (await stat(join(bag, tagManifestName)).catch(() => null))?.isFile() ?? false;
}

export async function buildBag(target: BagTarget, deps: BagDeps): Promise<BagResult> {
  const { bag } = target;
  const tool = `SignDock ${deps.version}`;
  if (await isCompleteBag(bag)) {
    // A bag made before (by this or another run, or copied in): verified again from its bytes, never its stored verdict.
    const verification = await verifyBagFolder(bag, { anchors: deps.anchors(), tool, ...(deps.now ? { now: deps.now } : {}) });
    // A token vouches for the bytes it covers: a bag whose bytes fail is never stamped.
    const timestamp =
      verification.report.verdict === 'failed'
        ? {
            state: 'none' as const,
            detail: 'Not timestamped: the bag failed its verification, and a token never vouches for altered bytes.',
          }
        : await stampBag(bag, deps.tsa?.() ?? null, deps.signal ? { signal: deps.signal } : {});
    // The token file is new in the bag: the verdict's cache key now takes it in (the verdict itself does not depend on it).
    if (timestamp.state === 'stamped') verification.report.covers = verification.check.covers = await bagCover(bag);
    return { verification, downloaded: 0, fetched: [], already: true, bytes: await payloadBytes(bag), timestamp };
  }
  await mkdir(join(bag, 'data'), { recursive: true, mode: 0o700 });
  await claimBag(target);
  await removeLeftovers(bag);
  await removeLeftovers(join(bag, 'data'));
  const hashes = new Map<string, string>();
  let downloaded = 0;
  const fetched: EvidenceKind[] = [];
  for (const { kind, file } of payloadFiles) {
    if (await exists(join(bag, file))) continue;
    const client = await deps.client();
    memStep(`${target.documentId.slice(-4)} download ${kind}`);
    const result = await client.downloadEvidence(target.documentId, kind, join(bag, file), deps.signal ? { signal: deps.signal } : {});
    // Evidence holds signers' personal data: readable by this user only, like the rest of the bag.
    await chmod(join(bag, file), 0o600);
    hashes.set(file, result.sha256);
    downloaded += result.bytes;
    fetched.push(kind);
  }
  memStep(`${target.documentId.slice(-4)} verify`);
  const report = await verifyEvidence(
    { dataFolder: join(bag, 'data'), documentId: target.documentId },
    { anchors: deps.anchors(), tool, ...(deps.now ? { now: deps.now } : {}) },
  );
  await writeFileAtomic(join(bag, 'data', 'verification.json'), `${JSON.stringify(report, null, 2)}\n`);
  memStep(`${target.documentId.slice(-4)} tag files`);
  const info = await bagInfo(target, deps);
  await writeTagFiles(bag, info, [
    ...payloadFiles.map(({ file }) => ({ path: file, ...(hashes.has(file) ? { sha256: hashes.get(file)! } : {}) })),
    { path: 'data/verification.json' },
  ]);
  // Stamped before the final check, so the verification's cache key (covers) takes in the token file.
  const timestamp = await stampBag(bag, deps.tsa?.() ?? null, { fresh: true, ...(deps.signal ? { signal: deps.signal } : {}) });
  // The finished bag checked against itself, with the evidence checks just run on the same bytes.
  const verification = assemble(bag, await checkBag(bag), report, { tool, ...(deps.now ? { now: deps.now } : {}) });
  return { verification, downloaded, fetched, already: false, bytes: await payloadBytes(bag), timestamp };
}

async function bagInfo(target: BagTarget, deps: BagDeps): Promise<BagInfo> {
  const now = deps.now?.() ?? new Date();
  const base = target.account?.baseUrl.replace(/\/+$/, '') ?? null;
  const info: BagInfo = [
    ['Source-Organization', target.account?.name ?? 'unknown account'],
    ['External-Identifier', target.documentId],
    ['External-Description', target.title],
    ['Bagging-Date', now.toISOString().slice(0, 10)],
    ['Bag-Software-Agent', `SignDock ${deps.version}`],
    ['SignDock-Document-Id', target.documentId],
    ['SignDock-Document-Title', target.title],
    ['SignDock-Document-Date', target.documentDate ?? 'unknown'],
    ['SignDock-Account-Name', target.account?.name ?? 'unknown'],
    ['SignDock-Account-Base-URL', base ?? 'unknown'],
  ];
  for (const { kind, file } of payloadFiles) {
    const label = file.slice('data/'.length);
    if (base)
      info.push([`SignDock-Source-URL-${label}`, `${base}/api/v2/documents/${encodeURIComponent(target.documentId)}/download/${kind}`]);
    const written = await stat(join(target.bag, file));
    info.push([`SignDock-Downloaded-${label}`, written.mtime.toISOString()]);
  }
  info.push(['SignDock-Version', deps.version]);
  return info;
}

/**
 * The bag says whose it is from the start (a first bag-info.txt, replaced when the bag is finished), so
 * a folder begun for one document is never filled with another's files (ids that begin alike, same title and day).
 */
async function claimBag(target: BagTarget): Promise<void> {
  const owner = bagInfoValue(await readBagInfo(target.bag), 'SignDock-Document-Id');
  if (owner && owner !== target.documentId) {
    throw new AppError({
      kind: 'Conflict',
      code: 'evidence.bagTaken',
      params: { bag: target.bag },
      message: `The folder ${target.bag} holds the evidence of another document (${owner}); nothing was written to it.`,
    });
  }
  if (!owner)
    await writeFileAtomic(
      join(target.bag, 'bag-info.txt'),
      formatBagInfo([
        ['SignDock-Document-Id', target.documentId],
        ['SignDock-Document-Title', target.title],
      ]),
    );
}

/** Temporary files of downloads a stopped process left behind (never part of the bag). */
async function removeLeftovers(data: string): Promise<void> {
  for (const name of await readdir(data)) {
    if (name.startsWith('.') && name.endsWith('.part')) await unlink(join(data, name)).catch(() => undefined);
  }
}

async function payloadBytes(bag: string): Promise<number> {
  let total = 0;
  for (const file of [...payloadFiles.map((p) => p.file), 'data/verification.json'])
    total += (await stat(join(bag, file)).catch(() => null))?.size ?? 0;
  return total;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}
