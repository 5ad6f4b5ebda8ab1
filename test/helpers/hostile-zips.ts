import { createDeflateRaw, deflateRawSync, crc32 } from 'node:zlib';

/**
 * Hostile evidence packages, built byte by byte (a ZIP library would refuse to write most of them):
 * zip slip (`../`), an absolute path, a backslash path, a symbolic link, a zip bomb, an entry whose
 * declared size lies, and a duplicate name. `npx tsx test/fixtures/hostile/zip/make-hostile-zips.ts DIR`
 * writes them as files for trying by hand.
 */
export interface RawEntry {
  name: string | Buffer;
  data: Buffer;
  /** 0 stored, 8 deflated (default: stored). */
  method?: 0 | 8;
  /** Already-compressed bytes to store for method 8 (else `data` is deflated here). */
  compressed?: Buffer;
  /** The uncompressed size to declare (default: the true one). */
  declaredSize?: number;
  /** Unix mode (e.g. 0o120777 for a symbolic link); default a regular file 0o100644. */
  mode?: number;
}

export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 0;
    const body = method === 8 ? (entry.compressed ?? deflateRawSync(entry.data)) : entry.data;
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x6000, 10);
    local.writeUInt16LE(0x5a21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x6000, 12);
    central.writeUInt16LE(0x5a21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const pdf = Buffer.from('%PDF-1.4\n% a harmless stand-in\n%%EOF\n');
const ok = (name: string): RawEntry => ({ name, data: pdf });

/** Deflated zeros, made in pieces so the test never holds the whole unpacked size. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => (deflate.on('end', resolve), deflate.on('error', reject)));
  const piece = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= piece.length) {
    if (!deflate.write(left >= piece.length ? piece : piece.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

export interface HostileCase {
  name: string;
  reason: string;
  /** The entry the refusal names. */
  entry: string | null;
  build: () => Promise<Buffer>;
}

export const hostileCases: HostileCase[] = [
  { name: 'zip-slip', reason: 'parentPath', entry: '../../escaped.txt', build: async () => rawZip([ok('original.pdf'), { name: '../../escaped.txt', data: Buffer.from('gotcha') }]) },
  { name: 'zip-slip-nested', reason: 'parentPath', entry: 'docs/../../../etc/cron.d/x', build: async () => rawZip([{ name: 'docs/../../../etc/cron.d/x', data: Buffer.from('* * * * * root true') }]) },
  { name: 'absolute-path', reason: 'absolutePath', entry: '/tmp/signdock-absolute.txt', build: async () => rawZip([ok('original.pdf'), { name: '/tmp/signdock-absolute.txt', data: Buffer.from('gotcha') }]) },
  { name: 'windows-drive', reason: 'absolutePath', entry: 'C:/Windows/evil.dll', build: async () => rawZip([{ name: 'C:/Windows/evil.dll', data: Buffer.from('MZ') }]) },
  { name: 'backslash', reason: 'backslash', entry: '..\\..\\evil.txt', build: async () => rawZip([ok('original.pdf'), { name: '..\\..\\evil.txt', data: Buffer.from('gotcha') }]) },
  { name: 'symlink', reason: 'symlink', entry: 'signed.pdf', build: async () => rawZip([ok('original.pdf'), { name: 'signed.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]) },
  { name: 'duplicate', reason: 'duplicate', entry: 'original.pdf', build: async () => rawZip([ok('original.pdf'), { name: 'original.pdf', data: Buffer.from('%PDF-1.4 another') }]) },
  {
    name: 'zip-bomb',
    reason: 'ratio',
    entry: 'signed.pdf',
    build: async () => rawZip([ok('original.pdf'), { name: 'signed.pdf', data: Buffer.alloc(0), method: 8, compressed: await deflatedZeros(64 * 1024 * 1024), declaredSize: 64 * 1024 * 1024 }]),
  },
  {
    name: 'lying-size',
    reason: 'sizeMismatch',
    entry: 'signed.pdf',
    // Declares 100 bytes; inflates to 8 MB (the ratio check sees only the harmless declared size).
    build: async () => rawZip([ok('original.pdf'), { name: 'signed.pdf', data: Buffer.alloc(100), method: 8, compressed: await deflatedZeros(8 * 1024 * 1024), declaredSize: 100 }]),
  },
];
