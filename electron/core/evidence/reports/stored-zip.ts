import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { openRegular } from '../bag/bag-files';
import { crc32 } from 'node:zlib';

/**
 * A ZIP writer for the export for counsel: entries stored (not compressed: PDFs and ZIPs are already
 * compressed), streamed from disk, each hashed (SHA-256) while written; the local header's CRC and
 * sizes are filled in afterwards, so any unzip tool reads it. No ZIP64: at most 4 GB in all.
 */
const limit = 0xffffffff;

export class StoredZipWriter {
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string): Promise<StoredZipWriter> {
    return new StoredZipWriter(await open(path, 'wx', 0o600));
  }

  async addFile(name: string, source: string): Promise<{ sha256: string; bytes: number }> {
    // A regular file only, never through a link (openRegular); the stream closes the handle at its end.
    const handle = await openRegular(source);
    return this.add(name, handle.createReadStream({ highWaterMark: 1024 * 1024 }));
  }

  async addBuffer(name: string, bytes: Buffer): Promise<{ sha256: string; bytes: number }> {
    return this.add(name, [bytes]);
  }

  private async add(name: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<{ sha256: string; bytes: number }> {
    const nameBytes = Buffer.from(name, 'utf8');
    const headerAt = this.offset;
    const { time, date } = dosTime(new Date());
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(Buffer.concat([header, nameBytes]));
    const hash = createHash('sha256');
    let crc = 0;
    let size = 0;
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      hash.update(chunk);
      crc = crc32(chunk, crc);
      size += chunk.byteLength;
      await this.write(chunk);
    }
    if (size > limit || this.offset > limit) throw new Error('The export is larger than 4 GB; export fewer documents at a time.');
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(crc >>> 0, 0);
    sizes.writeUInt32LE(size, 4);
    sizes.writeUInt32LE(size, 8);
    await this.handle.write(sizes, 0, 12, headerAt + 14);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    sizes.copy(entry, 16);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE((0o100600 << 16) >>> 0, 38); // a regular file, 0600: unzip restores it readable by its owner only
    entry.writeUInt32LE(headerAt, 42);
    this.central.push(entry, nameBytes);
    this.count += 1;
    return { sha256: hash.digest('hex'), bytes: size };
  }

  async close(): Promise<void> {
    const start = this.offset;
    for (const part of this.central) await this.write(part);
    if (this.count > 0xffff || this.offset > limit) throw new Error('The export has too many files for a ZIP without ZIP64.');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    await this.handle.sync();
    await this.handle.close();
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.offset + done);
      done += bytesWritten;
    }
    this.offset += bytes.length;
  }
}

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((Math.max(1980, date.getFullYear()) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}
