import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import { matchManifest, parseManifest } from '../../../shared/domain/manifest';
import type { Manifest, ManifestMatch } from '../../../shared/domain/manifest';
import { readFailure } from './pdf-problems';
import { sniffType } from './pdf-problems';

/**
 * Reads a manifest CSV from disk (parsing is pure: shared/domain/manifest.ts). Text encodings as
 * spreadsheets save them: UTF-8 with or without BOM, UTF-16 ("Unicode text", with a BOM; also without one), and, when
 * the bytes are not UTF-8, Windows-1252 (Excel's "CSV" on Windows).
 */

export const maxManifestBytes = 5 * 1024 * 1024;

export interface ManifestFile {
  manifest: Manifest;
  /** Present when the dropped files were given: rows ↔ files. */
  match?: ManifestMatch;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

export async function readManifestFile(path: string, droppedPaths?: string[]): Promise<ManifestFile> {
  const name = basename(path);
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    if (info.size > maxManifestBytes) {
      throw refusal('manifest.tooLarge', name, `“${name}” is too large for a manifest (more than 5 MB).`);
    }
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError({
      kind: 'InvalidInput',
      code: 'file.unreadable',
      params: { file: name, why: readFailure(error) },
      message: `The manifest “${name}” could not be read: ${readFailure(error)}.`,
    });
  }
  const { text, encoding } = decodeText(bytes);
  if (text === null) {
    const type = sniffType(bytes);
    const what = type ? `it is ${type.name}` : 'it is not text';
    throw refusal(
      'manifest.notCsv',
      name,
      `“${name}” is not a CSV file: ${what}. In the spreadsheet, use “Save as” and choose CSV.`,
      type?.tag,
    );
  }
  const manifest = parseManifest(text);
  return droppedPaths
    ? { manifest, match: matchManifest(manifest.entries, droppedPaths, manifest.rejected), encoding }
    : { manifest, encoding };
}

/** Text of a manifest file, or null when the bytes are not text. */
export function decodeText(bytes: Uint8Array): { text: string | null; encoding: ManifestFile['encoding'] } {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : utf16WithoutBom(bytes);
  if (utf16) return { text: clean(new TextDecoder(utf16).decode(bytes)), encoding: utf16 };
  try {
    return { text: clean(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), encoding: 'utf-8' };
  } catch {
    return { text: clean(windows1252(bytes)), encoding: 'windows-1252' };
  }
}

/**
 * UTF-16 saved without a byte-order mark: a CSV's header is ASCII, so one byte of each of its first
 * pairs is 0 — the second (little-endian) or the first (big-endian) — and the other is not.
 */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(64, Math.floor(bytes.length / 2));
  if (pairs < 2) return null;
  let le = 0;
  let be = 0;
  for (let i = 0; i < pairs; i++) {
    const [first, second] = [bytes[2 * i]!, bytes[2 * i + 1]!];
    if (first !== 0 && second === 0) le++;
    if (first === 0 && second !== 0) be++;
  }
  return le === pairs ? 'utf-16le' : be === pairs ? 'utf-16be' : null;
}

/**
 * Windows-1252 (Excel's "CSV" on Windows): Latin-1 but for 0x80–0x9F, where it has € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ
 * Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. Decoded here: Node's TextDecoder('windows-1252') decodes those bytes as
 * Latin-1 control characters (nodejs/node#56542, Node 20.18.3+ and 22.13+), so smart quotes and €
 * vanished from titles.
 */
const cp1252High = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';
function windows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => cp1252High[c.charCodeAt(0) - 0x80]!);
}

/** Text with a NUL byte, or many control characters besides tab and line ends, is some binary format. */
function clean(text: string): string | null {
  if (text.includes('\0')) return null;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
  }
  return controls > 8 && controls > text.length / 100 ? null : text;
}

function refusal(code: string, file: string, message: string, type?: string): AppError {
  return new AppError({ kind: 'InvalidInput', code, params: type ? { file, type } : { file }, message });
}
