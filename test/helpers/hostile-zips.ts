import { createDeflateRaw } from 'node:zlib';
import { rawZip as sandboxRawZip } from '../sandbox/evidence/hostile-package';

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

/** Entries as the cases give them (stored unless said), dated 2025-01-01 12:00. */
export function rawZip(entries: RawEntry[]): Buffer {
  return sandboxRawZip(
    entries.map((entry) => ({ name: entry.name, data: entry.data, method: entry.method ?? 0, ...(entry.compressed ? { deflated: entry.compressed } : {}), ...(entry.declaredSize !== undefined ? { size: entry.declaredSize } : {}), ...(entry.mode !== undefined ? { mode: entry.mode } : {}) })),
    new Date('2025-01-01T12:00:00Z'),
  );
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
