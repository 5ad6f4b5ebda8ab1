import { stat } from 'node:fs/promises';
import { readRegular } from './bag-files';
import { sha256File } from './file-hash';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';
import { plainLine } from '../../../../shared/domain/text-controls';

/**
 * RFC 8493 BagIt: the tag files of a bag. `bagit.txt` (version and encoding), `bag-info.txt` (labels,
 * one per line), `manifest-sha256.txt` (every payload file under `data/`) and `tagmanifest-sha256.txt`
 * (the tag files), written in that order: a bag with its tag manifest is complete.
 */

export const BAGIT_TXT = 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n';
export const manifestName = 'manifest-sha256.txt';
export const tagManifestName = 'tagmanifest-sha256.txt';

export type BagInfo = [label: string, value: string][];

/** A path as a manifest line holds it: CR, LF and % percent-encoded (RFC 8493 §2.1.3). */
export function encodePath(path: string): string {
  return path.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function decodePath(path: string): string {
  return path.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

/** One label per line; a value is one plain line (no control or bidirectional character from a title survives). */
export function formatBagInfo(info: BagInfo): string {
  return info.map(([label, value]) => `${label}: ${plainLine(value)}\n`).join('');
}

export function parseBagInfo(text: string): BagInfo {
  const info: BagInfo = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && info.length > 0) {
      const last = info[info.length - 1]!;
      last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) info.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return info;
}

export function bagInfoValue(info: BagInfo, label: string): string | null {
  return info.find(([name]) => name.toLowerCase() === label.toLowerCase())?.[1] ?? null;
}

export interface ManifestLine {
  sha256: string;
  path: string;
}

export function parseManifest(text: string): { lines: ManifestLine[]; bad: string[] } {
  const lines: ManifestLine[] = [];
  const bad: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const match = /^([0-9a-fA-F]{64})[ \t]+\*?(.+)$/.exec(raw);
    if (match) lines.push({ sha256: match[1]!.toLowerCase(), path: decodePath(match[2]!) });
    else bad.push(raw);
  }
  return { lines, bad };
}

export function formatManifest(lines: readonly ManifestLine[]): string {
  return [...lines]
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .map((line) => `${line.sha256}  ${encodePath(line.path)}\n`)
    .join('');
}

/**
 * Writes the tag files of a bag whose payload is in place: `payload` are paths under `data/` with their
 * SHA-256 (hashed as they were written, or again here when not given). The tag manifest comes last.
 */
export async function writeTagFiles(bag: string, info: BagInfo, payload: { path: string; sha256?: string }[]): Promise<ManifestLine[]> {
  const lines: ManifestLine[] = [];
  let octets = 0;
  for (const file of payload) {
    const measured = await stat(join(bag, file.path));
    octets += measured.size;
    lines.push({ path: file.path, sha256: file.sha256 ?? (await sha256File(join(bag, file.path), { noLinks: true })) });
  }
  const withOxum: BagInfo = [...info.filter(([label]) => label !== 'Payload-Oxum'), ['Payload-Oxum', `${octets}.${payload.length}`]];
  await writeFileAtomic(join(bag, 'bagit.txt'), BAGIT_TXT);
  await writeFileAtomic(join(bag, 'bag-info.txt'), formatBagInfo(withOxum));
  await writeFileAtomic(join(bag, manifestName), formatManifest(lines));
  const tags: ManifestLine[] = [];
  for (const name of ['bagit.txt', 'bag-info.txt', manifestName])
    tags.push({ path: name, sha256: await sha256File(join(bag, name), { noLinks: true }) });
  await writeFileAtomic(join(bag, tagManifestName), formatManifest(tags));
  return lines;
}

/** bag-info.txt as a regular file of at most 16 MB (a link, a FIFO or a larger file reads as empty). */
export async function readBagInfo(bag: string): Promise<BagInfo> {
  const bytes = await readRegular(join(bag, 'bag-info.txt'), 16 * 1024 * 1024).catch(() => null);
  return bytes ? parseBagInfo(bytes.toString('utf8')) : [];
}
