import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { checkLayout } from './zip-layout';
import type { CentralRecord, ReadAt } from './zip-local-headers';
import { entryName, NameRegister } from './zip-names';
import { defaultNestedDepth, fromInside, looksLikeZip, overBudget, TempCopy, tooDeep, type Nesting } from './zip-nested';
import { ZipRefused } from './zip-refusal';

export { ZipRefused, type Refusal } from './zip-refusal';

/**
 * Reads an evidence package (ZIP) without extracting anything, as the strictest reader would: its
 * central directory is checked first (names: zip-names.ts), then each local header against it and
 * every byte before the directory accounted for (zip-layout.ts, zip-local-headers.ts); entries are
 * then streamed only to be hashed or read into bounded memory, each checked against its CRC-32 and
 * size, and a ZIP inside is inspected by the same rules (zip-nested.ts). A package that could do harm
 * if someone extracted it, or that shows different tools different files, is refused with the reason
 * and the entry. Uses yauzl: it streams from the file and never holds the archive.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Declared uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed / compressed, for entries larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** How deep ZIPs inside ZIPs are inspected (default 2); a deeper one is refused. */
  maxNestedDepth?: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 1024 ** 3,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntryInfo {
  name: string;
  size: number;
  compressedSize: number;
  directory: boolean;
}

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha384' | 'sha512';

/** An open package whose directory and layout passed the checks. Close it when done. */
export class InspectedZip {
  /** Nested ZIPs inspected so far, named from the package (`a.zip`, `a.zip!/b.zip`). */
  readonly nested: string[] = [];
  private readonly crcChecked = new Set<string>();

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly raw: Map<string, yauzl.Entry>,
    readonly entries: ZipEntryInfo[],
    private readonly limits: ZipLimits,
    private readonly nesting: Nesting,
  ) {}

  static async open(path: string, limits: ZipLimits = defaultZipLimits, nesting?: Nesting): Promise<InspectedZip> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch (error) {
      throw new ZipRefused({ reason: 'unreadable', entry: null, detail: `The package is not a readable ZIP file (${message(error)}).` });
    }
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw new ZipRefused({
          reason: 'tooManyEntries',
          entry: null,
          detail: `The package has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.`,
        });
      }
      const raw = new Map<string, yauzl.Entry>();
      const entries: ZipEntryInfo[] = [];
      const records: CentralRecord[] = [];
      const names = new NameRegister();
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        const name = entryName(entry.fileNameRaw, entry.generalPurposeBitFlag, entry.extraFieldRaw);
        names.add(name);
        checkEntry(entry, name, limits);
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          throw new ZipRefused({
            reason: 'tooLarge',
            entry: name,
            detail: `The package would unpack to more than ${limits.maxTotalBytes} bytes.`,
          });
        }
        raw.set(name, entry);
        entries.push({ name, size: entry.uncompressedSize, compressedSize: entry.compressedSize, directory: name.endsWith('/') });
        records.push(centralRecord(entry, name));
      }
      await withReader(path, (read) => checkLayout(read, zip.fileSize, records));
      return new InspectedZip(
        zip,
        raw,
        entries,
        limits,
        nesting ?? { depth: 0, maxDepth: limits.maxNestedDepth ?? defaultNestedDepth, budget: { left: limits.maxTotalBytes } },
      );
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

  /**
   * Streams one entry through `sink`; a stream longer or shorter than its declared size, or whose
   * CRC-32 differs, is refused. The first time a ZIP entry is read, it is inspected as a nested ZIP.
   */
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
    let crc = 0;
    let head: Buffer | null = this.crcChecked.has(name) ? null : Buffer.alloc(0);
    let copy: TempCopy | null = null;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.byteLength;
        crc = crc32(chunk, crc);
        if (this.nesting.depth > 0 && (this.nesting.budget.left -= chunk.byteLength) < 0) throw overBudget(name, this.limits.maxTotalBytes);
        sink(chunk);
        if (head) {
          // The first 4 bytes decide whether the entry is a ZIP (the chunks are held until 4 bytes have come).
          head = Buffer.concat([head, chunk]);
          if (head.length >= 4) {
            if (looksLikeZip(head)) copy = await this.startCopy(name, head);
            head = null;
          }
        } else if (copy) {
          await copy.write(chunk);
        }
      }
    } catch (error) {
      await copy?.remove();
      if (error instanceof ZipRefused) throw error;
      const text = message(error);
      const lying = /too many bytes|not enough bytes|expected \d+/i.test(text);
      throw new ZipRefused({
        reason: lying ? 'sizeMismatch' : 'unreadable',
        entry: name,
        detail: lying
          ? `The entry "${name}" holds a different number of bytes than the package says (${text}).`
          : `The entry "${name}" could not be read (${text}).`,
      });
    }
    if (crc >>> 0 !== entry.crc32) {
      await copy?.remove();
      const hex = (value: number) => `0x${value.toString(16).padStart(8, '0')}`;
      throw new ZipRefused({
        reason: 'crcMismatch',
        entry: name,
        detail: `The entry "${name}" does not match its CRC-32 (the package says ${hex(entry.crc32)}, its bytes give ${hex(crc >>> 0)}): it was damaged or altered.`,
      });
    }
    this.crcChecked.add(name);
    if (copy) await copy.finish((path) => this.inspectNested(name, path));
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

  /** What the inspection established, in words (once every file was read). */
  summary(): string {
    const files = this.files();
    const all = files.every((file) => this.crcChecked.has(file.name));
    const nested = this.nested.length > 0 ? ` ZIPs inside, inspected the same way: ${this.nested.join(', ')}.` : '';
    return `${files.length} entries read without extracting anything: each local header agrees with the central directory and every byte is accounted for${all ? ', every CRC-32 matches' : ''}; no absolute or ".." paths, backslashes, links, names that collide, second (Unicode) names, or oversized entries.${nested}`;
  }

  close(): void {
    this.zip.close();
  }

  private async startCopy(name: string, head: Buffer): Promise<TempCopy> {
    if (this.nesting.depth >= this.nesting.maxDepth) throw tooDeep(name, this.nesting.maxDepth);
    const copy = await TempCopy.create();
    await copy.write(head);
    return copy;
  }

  /** The nested ZIP `name`, copied at `path`: opened and every file streamed, by the same rules. */
  private async inspectNested(name: string, path: string): Promise<void> {
    let inner: InspectedZip | null = null;
    try {
      inner = await InspectedZip.open(path, this.limits, { ...this.nesting, depth: this.nesting.depth + 1 });
      for (const file of inner.files()) await inner.read(file.name, () => undefined);
      this.nested.push(name, ...inner.nested.map((deeper) => `${name}!/${deeper}`));
    } catch (error) {
      if (error instanceof ZipRefused) throw fromInside(name, error.refusal);
      throw error;
    } finally {
      inner?.close();
    }
  }
}

function centralRecord(entry: yauzl.Entry, name: string): CentralRecord {
  return {
    name,
    raw: entry.fileNameRaw,
    flags: entry.generalPurposeBitFlag,
    method: entry.compressionMethod,
    crc32: entry.crc32,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
    offset: entry.relativeOffsetOfLocalHeader,
    recordBytes: 46 + entry.fileNameRaw.length + entry.extraFieldRaw.length + entry.fileCommentRaw.length,
  };
}

/** Plain reads at known offsets from a second handle on the file (only headers are read this way). */
async function withReader<T>(path: string, use: (read: ReadAt) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    return await use(async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

function checkEntry(entry: yauzl.Entry, name: string, limits: ZipLimits): void {
  const unix = entry.versionMadeBy >> 8 === 3;
  const type = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (unix && type === 0o120000)
    throw new ZipRefused({
      reason: 'symlink',
      entry: name,
      detail: `The entry "${name}" is a symbolic link: extracting it could point outside its folder.`,
    });
  if (unix && type !== 0 && type !== 0o100000 && type !== 0o040000)
    throw new ZipRefused({ reason: 'specialFile', entry: name, detail: `The entry "${name}" is not a regular file or folder.` });
  if (entry.isEncrypted())
    throw new ZipRefused({ reason: 'encrypted', entry: name, detail: `The entry "${name}" is encrypted: it cannot be inspected.` });
  if (entry.uncompressedSize > limits.maxEntryBytes)
    throw new ZipRefused({
      reason: 'tooLarge',
      entry: name,
      detail: `The entry "${name}" would unpack to ${entry.uncompressedSize} bytes; at most ${limits.maxEntryBytes} are accepted.`,
    });
  if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
    const ratio = Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize));
    throw new ZipRefused({
      reason: 'ratio',
      entry: name,
      detail: `The entry "${name}" unpacks ${ratio} times larger than it is stored (a zip bomb); at most ${limits.maxRatio} times is accepted.`,
    });
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
