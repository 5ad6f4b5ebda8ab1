import yauzl from 'yauzl';
import { entryName, shown } from './zip-names';
import { ZipRefused } from './zip-refusal';

/**
 * One entry's local header (and data descriptor) read at its known offset and held against its
 * central-directory record. Tools that read a ZIP as a stream (Java's ZipInputStream, unzip tools in
 * pipes, many "extract" libraries) trust the local header, not the directory: a name, flags, method,
 * CRC-32 or size that differs between the two shows each tool another package, so it is refused.
 * With general-purpose bit 3 the local CRC and sizes may be zero; the data descriptor after the data
 * (with or without its signature, 32- or 64-bit sizes) must then agree with the directory.
 */

/** Reads up to `length` bytes at `position` (fewer only at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

export interface CentralRecord {
  /** The decoded, checked name. */
  name: string;
  raw: Buffer;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where its local header starts. */
  offset: number;
  /** Its record's length in the central directory (46 bytes + name + extra + comment). */
  recordBytes: number;
}

const localSignature = 0x04034b50;
const descriptorSignature = 0x08074b50;
const hex = (value: number) => `0x${value.toString(16).padStart(8, '0')}`;

/** Checks the entry's local header and descriptor; returns where the entry ends (after data and descriptor). */
export async function localEntryEnd(read: ReadAt, record: CentralRecord, directoryAt: number, nextStart: number): Promise<number> {
  const { name, offset } = record;
  const refuse = (detail: string, reason: 'localHeader' | 'dataDescriptor' = 'localHeader') =>
    new ZipRefused({ reason, entry: name, detail: `The entry "${name}" ${detail}` });
  const head = offset + 30 <= directoryAt ? await read(offset, 30) : Buffer.alloc(0);
  if (head.length < 30 || head.readUInt32LE(0) !== localSignature)
    throw refuse(`has no local header where the directory says it starts (byte ${offset}).`);
  const flags = head.readUInt16LE(6);
  const method = head.readUInt16LE(8);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  const rest = await read(offset + 30, nameLength + extraLength);
  if (rest.length < nameLength + extraLength) throw refuse('has a local header cut short by the end of the file.');
  const localRaw = rest.subarray(0, nameLength);
  const localExtra = rest.subarray(nameLength);
  if (!localRaw.equals(record.raw)) {
    const local = shown(localRaw.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1'));
    throw refuse(
      `is named "${local}" in its local header: tools that read a ZIP as a stream (such as Java's ZipInputStream) would write that name instead.`,
    );
  }
  if (flags !== record.flags)
    throw refuse(
      `has other flags in its local header (${hex(flags)}) than in the directory (${hex(record.flags)}): tools would disagree on how to read it.`,
    );
  if (method !== record.method)
    throw refuse(
      `is stored with compression method ${method} in its local header and ${record.method} in the directory: tools would unpack different bytes.`,
    );
  entryName(localRaw, flags, localExtra, 'its local header');

  const sizes = localSizes(head, localExtra);
  const local = { crc: head.readUInt32LE(14), ...sizes };
  const central = { crc: record.crc32, compressed: record.compressedSize, uncompressed: record.uncompressedSize };
  const dataEnd = offset + 30 + nameLength + extraLength + record.compressedSize;
  const differs = (key: keyof typeof local) => local[key] !== central[key];
  if ((flags & 0x08) === 0) {
    if (differs('crc'))
      throw refuse(
        `has CRC-32 ${hex(local.crc)} in its local header and ${hex(central.crc)} in the directory: tools would check it against different values.`,
      );
    if (differs('compressed') || differs('uncompressed'))
      throw refuse(
        `has other sizes in its local header (${local.compressed} bytes packed, ${local.uncompressed} unpacked) than in the directory (${central.compressed}, ${central.uncompressed}): tools would read different bytes.`,
      );
    return dataEnd;
  }
  // Bit 3: the local values are zero (or already right), and the descriptor after the data holds them.
  for (const key of ['crc', 'compressed', 'uncompressed'] as const) {
    if (local[key] !== 0 && differs(key))
      throw refuse(
        `has a ${key === 'crc' ? 'CRC-32' : `${key} size`} in its local header (${local[key]}) that is neither zero nor the directory's (${central[key]}).`,
      );
  }
  const found = await descriptorEnds(read, dataEnd, directoryAt);
  const agreeing = found.filter(
    (d) => d.crc === central.crc && d.compressed === central.compressed && d.uncompressed === central.uncompressed,
  );
  const end = agreeing.find((d) => d.end === nextStart) ?? agreeing[0];
  if (end) return end.end;
  const first = found[0];
  throw refuse(
    first
      ? `is followed by a data descriptor (CRC-32 ${hex(first.crc)}, ${first.compressed} bytes packed, ${first.uncompressed} unpacked) that disagrees with the directory (${hex(central.crc)}, ${central.compressed}, ${central.uncompressed}): tools that read a ZIP as a stream would use other values.`
      : 'says a data descriptor follows its data, and none is there.',
    'dataDescriptor',
  );
}

/** The local sizes, from the ZIP64 extra field when the header says 0xFFFFFFFF. */
function localSizes(head: Buffer, extra: Buffer): { compressed: number; uncompressed: number } {
  let compressed = head.readUInt32LE(18);
  let uncompressed = head.readUInt32LE(22);
  if (compressed !== 0xffffffff && uncompressed !== 0xffffffff) return { compressed, uncompressed };
  const zip64 = yauzl.parseExtraFields(extra).find((field) => field.id === 0x0001)?.data;
  let at = 0;
  if (zip64 && uncompressed === 0xffffffff && zip64.length >= at + 8) {
    uncompressed = Number(zip64.readBigUInt64LE(at));
    at += 8;
  }
  if (zip64 && compressed === 0xffffffff && zip64.length >= at + 8) compressed = Number(zip64.readBigUInt64LE(at));
  return { compressed, uncompressed };
}

interface Descriptor {
  crc: number;
  compressed: number;
  uncompressed: number;
  end: number;
}

/** Every way the bytes after the data read as a descriptor: with or without its signature, 32- or 64-bit sizes. */
async function descriptorEnds(read: ReadAt, at: number, directoryAt: number): Promise<Descriptor[]> {
  const bytes = await read(at, Math.max(0, Math.min(24, directoryAt - at)));
  const found: Descriptor[] = [];
  for (const signed of [true, false]) {
    for (const wide of [false, true]) {
      const start = signed ? 4 : 0;
      const length = start + (wide ? 20 : 12);
      if (bytes.length < length || (signed && bytes.readUInt32LE(0) !== descriptorSignature)) continue;
      const size = (i: number) => (wide ? Number(bytes.readBigUInt64LE(start + 4 + i * 8)) : bytes.readUInt32LE(start + 4 + i * 4));
      found.push({ crc: bytes.readUInt32LE(start), compressed: size(0), uncompressed: size(1), end: at + length });
    }
  }
  return found;
}
