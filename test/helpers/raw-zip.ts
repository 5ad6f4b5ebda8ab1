import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP written byte by byte where the local header and the central directory can say different
 * things (a ZIP library writes neither of these): another local name, other flags, CRC or sizes, a data
 * descriptor (with or without its signature) that may lie, extra fields (Info-ZIP Unicode Path) in
 * either header, a local entry the directory does not list, bytes between entries, two directory
 * records sharing one local entry. With no knob set it writes a valid ZIP.
 */
export interface CraftedEntry {
  name: string | Buffer;
  data: Buffer;
  /** 0 stored (default), 8 deflated. */
  method?: 0 | 8;
  /** The name in the local header (default: the same bytes). */
  localName?: string | Buffer;
  localExtra?: Buffer;
  centralExtra?: Buffer;
  /** Flags written in the local header (default: as the directory's). */
  localFlags?: number;
  /** The CRC-32 both headers declare (default: the true one). */
  crc?: number;
  /** The CRC-32 only the local header declares. */
  localCrc?: number;
  /** Bit 3: local CRC and sizes zero, a data descriptor after the data ('signed' starts with PK\7\8). */
  descriptor?: 'signed' | 'unsigned';
  /** The CRC-32 the descriptor declares (default: the true one). */
  descriptorCrc?: number;
  /** Written as a local entry only: the central directory does not list it. */
  hidden?: boolean;
  /** Bytes written just before this entry's local header, in no entry. */
  before?: Buffer;
  /** Listed in the directory at the local header of the entry at this index (overlapping entries). */
  sameLocalAs?: number;
}

const dosTime = (12 << 11) | (0 << 5);
const dosDate = ((2025 - 1980) << 9) | (1 << 5) | 1;
const bytesOf = (name: string | Buffer) => (Buffer.isBuffer(name) ? name : Buffer.from(name, 'utf8'));

/** An Info-ZIP Unicode Path extra field (0x7075) giving `unicode` for the plain name `plain` (its CRC right). */
export function unicodePathField(plain: string | Buffer, unicode: string): Buffer {
  const name = Buffer.from(unicode, 'utf8');
  const field = Buffer.alloc(4 + 5 + name.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + name.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(bytesOf(plain)) >>> 0, 5);
  name.copy(field, 9);
  return field;
}

export function craftZip(entries: CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  const push = (bytes: Buffer) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  let listed = 0;
  for (const entry of entries) {
    if (entry.before) push(entry.before);
    const name = bytesOf(entry.name);
    const method = entry.method ?? 0;
    const body = method === 0 ? entry.data : deflateRawSync(entry.data);
    const trueCrc = crc32(entry.data) >>> 0;
    const crc = entry.crc ?? trueCrc;
    const flags = 0x0800 | (entry.descriptor ? 0x08 : 0);
    const localName = entry.localName !== undefined ? bytesOf(entry.localName) : name;
    const localExtra = entry.localExtra ?? Buffer.alloc(0);
    const at = entry.sameLocalAs !== undefined ? offsets[entry.sameLocalAs]! : offset;
    offsets.push(at);
    if (entry.sameLocalAs === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(entry.localFlags ?? flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(dosTime, 10);
      local.writeUInt16LE(dosDate, 12);
      if (!entry.descriptor) {
        local.writeUInt32LE(entry.localCrc ?? crc, 14);
        local.writeUInt32LE(body.length, 18);
        local.writeUInt32LE(entry.data.length, 22);
      }
      local.writeUInt16LE(localName.length, 26);
      local.writeUInt16LE(localExtra.length, 28);
      push(Buffer.concat([local, localName, localExtra, body]));
      if (entry.descriptor) {
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.descriptorCrc ?? crc, 4);
        descriptor.writeUInt32LE(body.length, 8);
        descriptor.writeUInt32LE(entry.data.length, 12);
        push(entry.descriptor === 'signed' ? descriptor : descriptor.subarray(4));
      }
    }
    if (entry.hidden) continue;
    const centralExtra = entry.centralExtra ?? Buffer.alloc(0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(at, 42);
    centrals.push(central, name, centralExtra);
    listed += 1;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
