import { createHash } from 'node:crypto';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

/**
 * Faulty evidence packages for the `evidence_fault` fault (api/faults.ts), made from the document's
 * real package: its entries are kept and the fault added. Written byte by byte (a ZIP library will not
 * write most of these): a listed hash that is wrong, zip slip (`../`), an absolute path, a symbolic
 * link (unix mode 0120777 in the external attributes), a zip bomb.
 */
export const evidenceFaults = ['hash_mismatch', 'zip_slip', 'absolute_path', 'symlink', 'zip_bomb', 'truncated'] as const;
export type EvidenceFault = (typeof evidenceFaults)[number];

/** The entries each fault adds, as the client should name them. */
export const faultEntries = {
  hash_mismatch: 'original.pdf',
  zip_slip: '../../signdock-sandbox-zip-slip.txt',
  absolute_path: '/tmp/signdock-sandbox-absolute.txt',
  symlink: 'metadata/signer-link.json',
  zip_bomb: 'metadata/zeros.bin',
} as const;

/** The zip bomb's entry unpacks to this many bytes of zeros (about 256 KB packed: a ratio near 1000). */
export const bombBytes = 256 * 1024 * 1024;

export interface RawEntry {
  name: string | Buffer;
  data: Buffer;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** Deflated bytes already made (the bomb); else `data` is deflated here (method 8). */
  deflated?: Buffer;
  /** The uncompressed size to declare (default: the true one). */
  size?: number;
  crc?: number;
  /** Unix mode (0o120777 for a symbolic link); default a regular file 0o100644. */
  mode?: number;
}

/** A ZIP written byte by byte, whatever its names and modes (also used by test/helpers/hostile-zips.ts). */
export function rawZip(entries: RawEntry[], date: Date): Buffer {
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 8;
    const body = method === 0 ? entry.data : (entry.deflated ?? deflateRawSync(entry.data));
    const size = entry.size ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
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
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
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

let bomb: Promise<{ deflated: Buffer; crc: number }> | null = null;

/** Zeros deflated in pieces (never the whole unpacked size in memory), made once per process. */
function bombEntry(): Promise<{ deflated: Buffer; crc: number }> {
  bomb ??= new Promise((resolve, reject) => {
    const deflate = createDeflateRaw({ level: 9 });
    const chunks: Buffer[] = [];
    const piece = Buffer.alloc(1024 * 1024);
    let crc = 0;
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve({ deflated: Buffer.concat(chunks), crc: crc >>> 0 }));
    deflate.on('error', reject);
    let left = bombBytes;
    const write = (): void => {
      while (left > 0) {
        left -= piece.length;
        crc = crc32(piece, crc);
        if (!deflate.write(piece)) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
  return bomb;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The package `zipfile` with `fault` added. Deterministic: entries dated `date`. */
export async function faultyPackage(zipfile: Buffer, fault: Exclude<EvidenceFault, 'truncated'>, date: Date): Promise<Buffer> {
  const zip = await JSZip.loadAsync(zipfile);
  const entries: RawEntry[] = [];
  for (const file of Object.values(zip.files)) if (!file.dir) entries.push({ name: file.name, data: await file.async('nodebuffer') });
  const text = (name: string, change: (value: string) => string) => {
    const entry = entries.find((e) => e.name === name);
    if (entry) entry.data = Buffer.from(change(entry.data.toString('utf8')));
  };
  switch (fault) {
    case 'hash_mismatch': {
      // Both hash lists name a SHA-256 for original.pdf that is not its own.
      const real = sha256(entries.find((e) => e.name === 'original.pdf')?.data ?? '');
      const wrong = sha256(`not the bytes of original.pdf ${real}`);
      text('SHA256SUMS', (value) => value.replace(`${real}  original.pdf`, `${wrong}  original.pdf`));
      text('hashes.json', (value) => value.split(real).join(wrong));
      break;
    }
    case 'zip_slip':
      entries.push({ name: faultEntries.zip_slip, data: Buffer.from('Written outside the folder the package was unpacked in.\n') });
      break;
    case 'absolute_path':
      entries.push({ name: faultEntries.absolute_path, data: Buffer.from('Written to an absolute path.\n') });
      break;
    case 'symlink':
      entries.push({ name: faultEntries.symlink, data: Buffer.from('../../../../../../etc/passwd'), mode: 0o120777 });
      break;
    case 'zip_bomb': {
      const { deflated, crc } = await bombEntry();
      entries.push({ name: faultEntries.zip_bomb, data: Buffer.alloc(0), deflated, crc, size: bombBytes });
      break;
    }
  }
  return rawZip(entries, date);
}
