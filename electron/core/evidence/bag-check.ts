import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { BagProblem } from '../../../shared/domain/evidence';
import { manifestName, parseManifest, sha256File, tagManifestName, type ManifestLine } from './bagit';

/**
 * Re-hashes a bag against its own manifests, from the files alone (no database, no network): every
 * payload file listed in `manifest-sha256.txt` and every tag file in `tagmanifest-sha256.txt`.
 * Reports each file that changed (`modified`), is gone (`missing`), or is in `data/` without being
 * listed (`unexpected`), and a bag that is not a bag (`invalid`).
 */
export interface BagCheck {
  problems: BagProblem[];
  /** The payload files as found now (listed ones that exist). */
  files: { path: string; bytes: number; sha256: string }[];
  bytes: number;
}

export async function checkBag(bag: string): Promise<BagCheck> {
  const problems: BagProblem[] = [];
  const files: BagCheck['files'] = [];
  const declaration = await readFile(join(bag, 'bagit.txt'), 'utf8').catch(() => null);
  if (declaration === null || !/^BagIt-Version:\s*\d+\.\d+/m.test(declaration)) {
    return { problems: [{ kind: 'invalid', path: 'bagit.txt', detail: 'This folder is not a BagIt bag: bagit.txt is missing or does not say its version.' }], files, bytes: 0 };
  }
  const manifestText = await readFile(join(bag, manifestName), 'utf8').catch(() => null);
  if (manifestText === null) {
    return { problems: [{ kind: 'missing', path: manifestName, detail: 'The bag has no SHA-256 manifest: its files cannot be checked.' }], files, bytes: 0 };
  }
  const manifest = parseManifest(manifestText);
  manifest.bad.forEach((line) => problems.push({ kind: 'invalid', path: manifestName, detail: `A line of the manifest cannot be read: "${line.slice(0, 120)}"` }));
  const listed = new Set<string>();
  let bytes = 0;
  for (const line of manifest.lines) {
    if (!safeBagPath(line.path, true)) {
      problems.push({ kind: 'invalid', path: line.path, detail: 'The manifest names a path outside data/; it was not read.' });
      continue;
    }
    listed.add(line.path);
    const found = await hashIfFile(join(bag, line.path));
    if (!found) problems.push({ kind: 'missing', path: line.path, detail: 'Listed in the manifest, but not in the bag.' });
    else {
      bytes += found.bytes;
      files.push({ path: line.path, bytes: found.bytes, sha256: found.sha256 });
      if (found.sha256 !== line.sha256) problems.push({ kind: 'modified', path: line.path, detail: `Changed since it was archived: SHA-256 expected ${line.sha256}, found ${found.sha256}.` });
    }
  }
  for (const path of await payloadFiles(bag)) {
    if (!listed.has(path)) problems.push({ kind: 'unexpected', path, detail: 'In the bag\'s data folder, but not in its manifest (added after archiving).' });
  }
  problems.push(...(await checkTagManifest(bag)));
  return { problems, files, bytes };
}

async function checkTagManifest(bag: string): Promise<BagProblem[]> {
  const text = await readFile(join(bag, tagManifestName), 'utf8').catch(() => null);
  if (text === null) return [{ kind: 'missing', path: tagManifestName, detail: 'The bag has no tag manifest: it was not finished, or it was removed.' }];
  const problems: BagProblem[] = [];
  const tags: ManifestLine[] = parseManifest(text).lines;
  for (const line of tags) {
    if (!safeBagPath(line.path, false)) {
      problems.push({ kind: 'invalid', path: line.path, detail: 'The tag manifest names a path outside the bag; it was not read.' });
      continue;
    }
    const found = await hashIfFile(join(bag, line.path));
    if (!found) problems.push({ kind: 'missing', path: line.path, detail: 'Listed in the tag manifest, but not in the bag.' });
    else if (found.sha256 !== line.sha256) problems.push({ kind: 'modified', path: line.path, detail: `Changed since it was archived: SHA-256 expected ${line.sha256}, found ${found.sha256}.` });
  }
  return problems;
}

/** A relative path with forward slashes that stays inside the bag (under `data/` for payload). */
function safeBagPath(path: string, payload: boolean): boolean {
  if (path.includes('\\') || path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..')) return false;
  const normal = posix.normalize(path);
  return payload ? normal.startsWith('data/') : !normal.startsWith('../');
}

async function hashIfFile(path: string): Promise<{ sha256: string; bytes: number } | null> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return sha256File(path);
}

/** Every file under `data/`, as bag paths; links are listed (and so reported) but never followed. */
async function payloadFiles(bag: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(join(bag, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else out.push(path);
    }
  };
  await walk('data');
  return out;
}
