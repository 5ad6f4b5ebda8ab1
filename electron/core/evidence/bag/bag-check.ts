import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { BagProblem, Check, CheckItem } from '../../../../shared/domain/evidence';
import {
  bagFilePath,
  handleInside,
  safeBagPath,
  kindWords,
  NotRegularFile,
  openRegular,
  readRegular,
  readRegularHead,
  realBag,
  walkBag,
  type BagEntry,
} from './bag-files';
import { bagInfoValue, manifestName, parseBagInfo, parseManifest, tagManifestName, type BagInfo, type ManifestLine } from './bagit';
import { check, folded, notRun } from '../checks/checks';
import { hashFileRanges } from './file-hash';

/**
 * A bag checked against itself, from its bytes alone (no database, no network): only regular files
 * inside it (`bag.files`), every payload file against `manifest-sha256.txt` (`bag.manifest`, one
 * folded line), the tag files against `tagmanifest-sha256.txt` (`bag.tagManifest`), and Payload-Oxum
 * (`bag.oxum`). Links, FIFOs, sockets and devices are listed and never followed or read; a manifest
 * path outside `data/` is a problem, never a read or a stat.
 */
export interface BagCheck {
  checks: Check[];
  problems: BagProblem[];
  /** The payload files as found now (listed ones that are regular files inside the bag). */
  files: { path: string; bytes: number; sha256: string }[];
  bytes: number;
  info: BagInfo;
  /** `data/` is a real folder inside the bag: the evidence checks may read it. */
  dataReadable: boolean;
  /**
   * The cache key of this verification (`bagCover`): SHA-256 over the tag manifest, the payload manifest
   * and every entry of the bag as found (path, kind, size, modification time); null when a manifest is missing.
   */
  covers: string | null;
}

const maxManifestBytes = 16 * 1024 * 1024;
/** bag-info.txt is a few labels: one over 1 MB is not read (its Payload-Oxum cannot be checked). */
const maxBagInfoBytes = 1024 * 1024;

export async function checkBag(bag: string): Promise<BagCheck> {
  const result: BagCheck = { checks: [], problems: [], files: [], bytes: 0, info: [], dataReadable: false, covers: null };
  const bagReal = await realBag(bag);
  if (!bagReal) {
    result.problems.push({
      kind: 'notRegular',
      path: '.',
      detail: 'The bag folder is not a real folder (a link, or missing): nothing in it was followed or read.',
    });
    result.checks.push(
      check('bag.files', 'failed', {
        params: { count: 1 },
        items: [{ file: '.', status: 'failed', expected: 'a folder', found: 'a link or missing' }],
      }),
    );
    for (const id of ['bag.manifest', 'bag.tagManifest'] as const) result.checks.push(notRun(id, 'bagRefused'));
    return result;
  }
  const { entries, truncated } = await walkBag(bag);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  result.checks.push(filesCheck(entries, truncated, result.problems));
  result.dataReadable = (await bagFilePath(bag, 'data/x', true)) !== null;
  const info = await readInfo(bag);
  result.info = info.labels;

  const manifestBytes = await readTag(bag, manifestName);
  const tagBytes = await readTag(bag, tagManifestName);
  result.covers = coverOf(manifestBytes, tagBytes, entries);

  if (!manifestBytes) {
    result.problems.push({
      kind: 'missing',
      path: manifestName,
      detail: 'The bag has no SHA-256 payload manifest: its files cannot be checked.',
    });
    result.checks.push(check('bag.manifest', 'incomplete', { file: manifestName, params: { case: 'noManifest', reason: 'noManifest' } }));
  } else {
    const manifest = parseManifest(manifestBytes.toString('utf8'));
    const items = await hashListed(bag, bagReal, manifest.lines, byPath, true, result);
    manifest.bad.forEach((line) => {
      items.push({ file: manifestName, status: 'failed', expected: 'a line "<sha256>  <path>"', found: line.slice(0, 120) });
      result.problems.push({
        kind: 'invalid',
        path: manifestName,
        detail: `A line of the manifest cannot be read: "${line.slice(0, 120)}"`,
      });
    });
    const listed = new Set(manifest.lines.map((line) => line.path));
    for (const entry of entries) {
      if (entry.kind !== 'file' || !entry.path.startsWith('data/') || listed.has(entry.path)) continue;
      items.push({ file: entry.path, status: 'failed', expected: 'listed in the manifest', found: 'not listed' });
      result.problems.push({
        kind: 'unexpected',
        path: entry.path,
        detail: "In the bag's data folder, but not in its manifest (added after archiving).",
      });
    }
    result.checks.push(folded('bag.manifest', items, { file: manifestName }));
  }

  if (!tagBytes) {
    result.problems.push({
      kind: 'missing',
      path: tagManifestName,
      detail: 'The bag has no tag manifest: it was not finished, or it was removed.',
    });
    result.checks.push(notRun('bag.tagManifest', 'noTagManifest', tagManifestName));
  } else {
    const items = await hashListed(bag, bagReal, parseManifest(tagBytes.toString('utf8')).lines, byPath, false, result);
    result.checks.push(
      items.some((i) => i.status === 'incomplete') && !items.some((i) => i.status === 'failed')
        ? notRun('bag.tagManifest', 'tagFileMissing', tagManifestName)
        : folded('bag.tagManifest', items, { file: tagManifestName }),
    );
  }
  if (info.whole) result.checks.push(oxumCheck(info.labels, entries, result.problems));
  else {
    result.problems.push({
      kind: 'notRun',
      path: 'bag-info.txt',
      detail: 'bag-info.txt is missing, not a regular file, or over 1 MB (only its first 1 MB was read): its Payload-Oxum was not checked.',
    });
    result.checks.push(notRun('bag.oxum', 'unreadable', 'bag-info.txt', { case: 'unreadable' }));
  }
  return result;
}

function filesCheck(entries: BagEntry[], truncated: boolean, problems: BagProblem[]): Check {
  const odd = entries.filter((entry) => entry.kind !== 'file');
  for (const entry of odd)
    problems.push({
      kind: 'notRegular',
      path: entry.path,
      detail: `${kindWords[entry.kind]}, not a regular file: refused, never followed or read.`,
    });
  if (truncated)
    problems.push({ kind: 'invalid', path: '.', detail: 'The bag holds more than 20,000 entries: the rest were not looked at.' });
  if (odd.length === 0 && !truncated) return check('bag.files', 'passed', { params: { count: entries.length } });
  const items: CheckItem[] = odd.map((entry) => ({
    file: entry.path,
    status: 'failed',
    expected: 'a regular file',
    found: kindWords[entry.kind],
  }));
  return check('bag.files', 'failed', { params: { count: odd.length + (truncated ? 1 : 0) }, items });
}

/** Each listed file hashed when it is a regular file inside the bag; a path outside is a problem, never looked up. */
async function hashListed(
  bag: string,
  bagReal: string,
  lines: ManifestLine[],
  byPath: Map<string, BagEntry>,
  payload: boolean,
  result: BagCheck,
): Promise<CheckItem[]> {
  const items: CheckItem[] = [];
  const manifest = payload ? manifestName : tagManifestName;
  for (const line of lines) {
    if (!safeBagPath(line.path, payload) || (!payload && line.path.startsWith('data/'))) {
      items.push({
        file: line.path,
        status: 'failed',
        expected: payload ? 'a path under data/' : 'a tag file of the bag',
        found: line.path,
      });
      result.problems.push({
        kind: 'invalid',
        path: line.path,
        detail: `${manifest} names a path outside ${payload ? 'data/' : 'the bag'}; it was not read.`,
      });
      continue;
    }
    const path = await bagFilePath(bag, line.path, payload);
    if (!path) {
      // A folder on its way is a link (already a problem of bag.files): nothing behind it is read.
      items.push({ file: line.path, status: 'failed', expected: 'a regular file inside the bag', found: 'behind a link or special file' });
      continue;
    }
    const entry = byPath.get(line.path);
    if (!entry) {
      items.push({ file: line.path, status: 'incomplete', expected: line.sha256, found: null });
      result.problems.push({ kind: 'missing', path: line.path, detail: `Listed in ${manifest}, but not in the bag.` });
      continue;
    }
    if (entry.kind !== 'file') {
      items.push({ file: line.path, status: 'failed', expected: 'a regular file', found: kindWords[entry.kind] });
      continue;
    }
    const found = await hashInside(path, bagReal);
    if (!found) {
      items.push({ file: line.path, status: 'failed', expected: 'a regular file inside the bag', found: 'not one when opened' });
      result.problems.push({ kind: 'notRegular', path: line.path, detail: 'Not a regular file inside the bag when opened: not read.' });
      continue;
    }
    if (payload) {
      result.files.push({ path: line.path, bytes: found.bytes, sha256: found.sha256 });
      result.bytes += found.bytes;
    }
    const same = found.sha256 === line.sha256;
    items.push({ file: line.path, status: same ? 'passed' : 'failed', expected: line.sha256, found: found.sha256 });
    if (!same)
      result.problems.push({
        kind: 'modified',
        path: line.path,
        detail: `Changed since it was archived: SHA-256 expected ${line.sha256}, found ${found.sha256}.`,
      });
  }
  return items;
}

/** SHA-256 of a regular file whose open descriptor lies inside the bag; null otherwise. */
async function hashInside(path: string, bagReal: string): Promise<{ sha256: string; bytes: number } | null> {
  let handle;
  try {
    handle = await openRegular(path);
  } catch (error) {
    if (error instanceof NotRegularFile) return null;
    throw error;
  }
  try {
    if (!(await handleInside(handle, path, bagReal))) return null;
    const { digests, bytes } = await hashFileRanges(handle, ['sha256']);
    return { sha256: digests.sha256.toString('hex'), bytes };
  } finally {
    await handle.close();
  }
}

/**
 * Payload-Oxum against the payload as found: fewer files than it says is an incomplete bag (something
 * is missing: said by the manifest line too); as many files or more, in other bytes, is a payload that
 * was checked and changed (a file changed size, or was added): failed.
 */
function oxumCheck(info: BagInfo, entries: BagEntry[], problems: BagProblem[]): Check {
  const payload = entries.filter((entry) => entry.kind === 'file' && entry.path.startsWith('data/'));
  const found = `${payload.reduce((sum, entry) => sum + entry.bytes, 0)}.${payload.length}`;
  const stated = bagInfoValue(info, 'Payload-Oxum');
  if (stated === null) return check('bag.oxum', 'notApplicable', { params: { found } });
  const expected = stated.trim().slice(0, 60);
  if (expected === found) return check('bag.oxum', 'passed', { file: 'bag-info.txt', params: { expected, found } });
  const statedFiles = /^\d+\.(\d+)$/.exec(expected)?.[1];
  const changed = statedFiles !== undefined && payload.length >= Number(statedFiles);
  const why = !changed
    ? 'fewer files than it says: the bag is not complete'
    : payload.length === Number(statedFiles)
      ? 'as many files, in other bytes: a file changed size since the bag was made'
      : 'more files than it says: files were added since the bag was made';
  problems.push({
    kind: 'oxum',
    path: 'bag-info.txt',
    detail: `Payload-Oxum says ${expected} (bytes.files); the payload holds ${found}: ${why}.`,
    check: 'bag.oxum',
  });
  const params = { expected, found, ...(changed ? { case: payload.length === Number(statedFiles) ? 'size' : 'added' } : {}) };
  return check('bag.oxum', changed ? 'failed' : 'incomplete', { file: 'bag-info.txt', expected, found, params });
}

/** A tag file of the bag as a regular file (bounded); null when missing, not regular, or too large. */
async function readTag(bag: string, name: string): Promise<Buffer | null> {
  return readRegular(join(bag, name), maxManifestBytes).catch((error: unknown) =>
    error instanceof NotRegularFile ? null : Promise.reject(error),
  );
}

/** bag-info.txt's labels from its first 1 MB; `whole` false when it is missing, not a regular file, or larger. */
async function readInfo(bag: string): Promise<{ labels: BagInfo; whole: boolean }> {
  const head = await readRegularHead(join(bag, 'bag-info.txt'), maxBagInfoBytes).catch(() => null);
  return head ? { labels: parseBagInfo(head.bytes.toString('utf8')), whole: head.whole } : { labels: [], whole: false };
}

function coverOf(manifest: Buffer | null, tags: Buffer | null, entries: readonly BagEntry[]): string | null {
  if (!manifest || !tags) return null;
  const hash = createHash('sha256').update(tags).update('\0').update(manifest);
  for (const entry of entries) hash.update(`\0${entry.path}\t${entry.kind}\t${entry.bytes}\t${entry.mtimeMs}`);
  return hash.digest('hex');
}

/**
 * What a verification of this bag would cover now (`BagCheck.covers`), without hashing the payload: a
 * stored verdict is shown only while this is unchanged (a file replaced by a link, touched, added or
 * removed, or a manifest rewritten, changes it).
 */
export async function bagCover(bag: string): Promise<string | null> {
  if (!(await realBag(bag))) return null;
  const { entries } = await walkBag(bag);
  return coverOf(await readTag(bag, manifestName), await readTag(bag, tagManifestName), entries);
}
