import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Reads an evidence package (ZIP) without extracting anything: its central directory is checked
 * first, then entries are streamed only to be hashed or read into bounded memory. A package that
 * could do harm if someone extracted it (absolute or `..` paths, backslashes, symlinks, special files,
 * duplicate names, too many entries or bytes, an absurd compression ratio, sizes that lie) is refused
 * with the reason and the entry. Uses yauzl: it streams from the file and never holds the archive.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Declared uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed / compressed, for entries larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 1024 ** 3,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export const refusalReasons = ['absolutePath', 'parentPath', 'backslash', 'badName', 'symlink', 'specialFile', 'duplicate', 'tooManyEntries', 'tooLarge', 'ratio', 'sizeMismatch', 'encrypted', 'unreadable'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export interface Refusal {
  reason: RefusalReason;
  entry: string | null;
  detail: string;
}

export interface ZipEntryInfo {
  name: string;
  size: number;
  compressedSize: number;
  directory: boolean;
}

export class ZipRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha384' | 'sha512';

/** An open package whose directory passed the checks. Close it when done. */
export class InspectedZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly raw: Map<string, yauzl.Entry>,
    readonly entries: ZipEntryInfo[],
  ) {}

  static async open(path: string, limits: ZipLimits = defaultZipLimits): Promise<InspectedZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: false });
    } catch (error) {
      throw new ZipRefused({ reason: 'unreadable', entry: null, detail: `The package is not a readable ZIP file (${message(error)}).` });
    }
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw new ZipRefused({ reason: 'tooManyEntries', entry: null, detail: `The package has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.` });
      }
      const raw = new Map<string, yauzl.Entry>();
      const entries: ZipEntryInfo[] = [];
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        const name = checkedName(entry);
        if (raw.has(name)) throw new ZipRefused({ reason: 'duplicate', entry: name, detail: `The entry "${name}" appears twice in the package.` });
        checkEntry(entry, name, limits);
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          throw new ZipRefused({ reason: 'tooLarge', entry: name, detail: `The package would unpack to more than ${limits.maxTotalBytes} bytes.` });
        }
        raw.set(name, entry);
        entries.push({ name, size: entry.uncompressedSize, compressedSize: entry.compressedSize, directory: name.endsWith('/') });
      }
      return new InspectedZip(zip, raw, entries);
    } catch (error) {
      zip.close();
      if (error instanceof ZipRefused) throw error;
      throw new ZipRefused({ reason: 'unreadable', entry: null, detail: `The package's directory could not be read (${message(error)}).` });
    }
  }

  files(): ZipEntryInfo[] {
    return this.entries.filter((entry) => !entry.directory);
  }

  has(name: string): boolean {
    return this.raw.has(name) && !name.endsWith('/');
  }

  /** Streams one entry through `sink`; a stream longer or shorter than its declared size is refused. */
  async read(name: string, sink: (chunk: Buffer) => void): Promise<number> {
    const entry = this.raw.get(name);
    if (!entry) throw new Error(`No entry ${name}`);
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new ZipRefused({ reason: 'unreadable', entry: name, detail: `The entry "${name}" could not be read (${message(error)}).` });
    }
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.byteLength;
        sink(chunk);
      }
    } catch (error) {
      const text = message(error);
      const lying = /too many bytes|not enough bytes|expected \d+/i.test(text);
      throw new ZipRefused({
        reason: lying ? 'sizeMismatch' : 'unreadable',
        entry: name,
        detail: lying ? `The entry "${name}" holds a different number of bytes than the package says (${text}).` : `The entry "${name}" could not be read (${text}).`,
      });
    }
    return bytes;
  }

  async hash(name: string, algorithms: readonly HashAlgorithm[]): Promise<Record<HashAlgorithm, string>> {
    const hashes = [...new Set(algorithms)].map((algorithm) => [algorithm, createHash(algorithm)] as const);
    await this.read(name, (chunk) => hashes.forEach(([, hash]) => hash.update(chunk)));
    return Object.fromEntries(hashes.map(([algorithm, hash]) => [algorithm, hash.digest('hex')])) as Record<HashAlgorithm, string>;
  }

  /** The whole entry in memory, only when it is at most `max` bytes (declared); else null. */
  async bytes(name: string, max: number): Promise<Buffer | null> {
    const entry = this.raw.get(name);
    if (!entry || entry.uncompressedSize > max) return null;
    const chunks: Buffer[] = [];
    await this.read(name, (chunk) => chunks.push(chunk));
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

/** The names other tools would use for this entry: the raw name (UTF-8 or not) and the Info-ZIP Unicode path. */
function checkedName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  const plain = raw.toString(utf8 ? 'utf8' : 'latin1');
  const unicode = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, yauzl.parseExtraFields(entry.extraFieldRaw), true);
  for (const name of new Set([plain, unicode])) checkName(name);
  return unicode;
}

/** C0 control characters (a regex literal holding them trips the linter). */
const controls = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(31)}]`, 'g');

function checkName(name: string): void {
  const shown = name.replace(controls, '?');
  if (name.length === 0 || name !== shown) throw new ZipRefused({ reason: 'badName', entry: shown, detail: `An entry has an empty name or control characters in it ("${shown}").` });
  if (name.includes('\\')) throw new ZipRefused({ reason: 'backslash', entry: shown, detail: `The entry "${shown}" has a backslash in its name: on Windows it could land in another folder.` });
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw new ZipRefused({ reason: 'absolutePath', entry: shown, detail: `The entry "${shown}" has an absolute path: extracting it would write outside its folder.` });
  if (name.split('/').includes('..')) throw new ZipRefused({ reason: 'parentPath', entry: shown, detail: `The entry "${shown}" climbs out of its folder with "..": extracting it would write elsewhere (zip slip).` });
}

function checkEntry(entry: yauzl.Entry, name: string, limits: ZipLimits): void {
  const unix = entry.versionMadeBy >> 8 === 3;
  const type = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (unix && type === 0o120000) throw new ZipRefused({ reason: 'symlink', entry: name, detail: `The entry "${name}" is a symbolic link: extracting it could point outside its folder.` });
  if (unix && type !== 0 && type !== 0o100000 && type !== 0o040000) throw new ZipRefused({ reason: 'specialFile', entry: name, detail: `The entry "${name}" is not a regular file or folder.` });
  if (entry.isEncrypted()) throw new ZipRefused({ reason: 'encrypted', entry: name, detail: `The entry "${name}" is encrypted: it cannot be inspected.` });
  if (entry.uncompressedSize > limits.maxEntryBytes) throw new ZipRefused({ reason: 'tooLarge', entry: name, detail: `The entry "${name}" would unpack to ${entry.uncompressedSize} bytes; at most ${limits.maxEntryBytes} are accepted.` });
  if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
    const ratio = Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize));
    throw new ZipRefused({ reason: 'ratio', entry: name, detail: `The entry "${name}" unpacks ${ratio} times larger than it is stored (a zip bomb); at most ${limits.maxRatio} times is accepted.` });
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
