import { localEntryEnd, type CentralRecord, type ReadAt } from './zip-local-headers';
import { shown } from './zip-names';
import { ZipRefused } from './zip-refusal';

/**
 * Every byte of a package accounted for: the entries (local header, name, extra field, data, data
 * descriptor), laid end to end in the order of their offsets, fill everything before the central
 * directory; the directory holds exactly its records. A hidden local entry (one the directory does not
 * list, but a streaming extractor would write), a gap, or two entries sharing bytes (how overlapping
 * "zip bombs" and two-faced packages are made) is refused. Only headers are read, at known offsets.
 */

const endSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndSignature = 0x06064b50;
const localSignature = 0x04034b50;

export interface DirectoryEnd {
  /** Where the central directory starts, and its length, as the end record says. */
  at: number;
  size: number;
  /** Where the records after the directory start (the ZIP64 end record, else the end record). */
  endsAt: number;
}

/** The end of central directory record (and the ZIP64 one when there is one), found as yauzl finds it. */
export async function readDirectoryEnd(read: ReadAt, fileSize: number): Promise<DirectoryEnd> {
  const from = Math.max(0, fileSize - (22 + 0xffff + 20));
  const tail = await read(from, fileSize - from);
  let i = tail.length - 22;
  while (i >= 0 && tail.readUInt32LE(i) !== endSignature) i -= 1;
  if (i < 0)
    throw new ZipRefused({
      reason: 'unreadable',
      entry: null,
      detail: 'The package has no end of central directory record: it is not a ZIP file, or it is cut short.',
    });
  const end = { at: tail.readUInt32LE(i + 16), size: tail.readUInt32LE(i + 12), endsAt: from + i };
  if (i < 20 || tail.readUInt32LE(i - 20) !== zip64LocatorSignature) return end;
  const locatorAt = from + i - 20;
  const recordAt = Number(tail.readBigUInt64LE(i - 20 + 8));
  const record = recordAt + 56 <= locatorAt ? await read(recordAt, 56) : Buffer.alloc(0);
  if (record.length < 56 || record.readUInt32LE(0) !== zip64EndSignature) {
    throw new ZipRefused({
      reason: 'unreadable',
      entry: null,
      detail: "The package's ZIP64 end record is missing where its locator points.",
    });
  }
  if (recordAt + 12 + Number(record.readBigUInt64LE(4)) !== locatorAt) {
    throw new ZipRefused({
      reason: 'gap',
      entry: null,
      detail: "Bytes between the package's ZIP64 end record and its locator belong to no record: something is hidden in the package.",
    });
  }
  return { at: Number(record.readBigUInt64LE(48)), size: Number(record.readBigUInt64LE(40)), endsAt: recordAt };
}

/** Refuses the package unless its entries and directory account for every byte, in agreement. */
export async function checkLayout(read: ReadAt, fileSize: number, records: readonly CentralRecord[]): Promise<void> {
  const directory = await readDirectoryEnd(read, fileSize);
  const listed = records.reduce((sum, record) => sum + record.recordBytes, 0);
  if (directory.size !== listed || directory.at + directory.size !== directory.endsAt) {
    throw new ZipRefused({
      reason: 'gap',
      entry: null,
      detail: `The package's central directory spans ${directory.endsAt - directory.at} bytes (its end record says ${directory.size}) but its ${records.length} records take ${listed}: the rest belongs to no entry.`,
    });
  }
  const ordered = [...records].sort((a, b) => a.offset - b.offset);
  let cursor = 0;
  let previous: string | null = null;
  for (const [index, record] of ordered.entries()) {
    if (record.offset > cursor) await unaccounted(read, cursor, record.offset, previous);
    if (record.offset < cursor) throw overlap(record.name, previous);
    const next = ordered[index + 1]?.offset ?? directory.at;
    cursor = await localEntryEnd(read, record, directory.at, next);
    previous = record.name;
  }
  if (cursor > directory.at) {
    throw new ZipRefused({
      reason: 'overlap',
      entry: previous,
      detail: `The entry "${previous}" runs into the package's central directory: the two share bytes.`,
    });
  }
  if (cursor < directory.at) await unaccounted(read, cursor, directory.at, previous);
}

function overlap(name: string, previous: string | null): ZipRefused {
  return new ZipRefused({
    reason: 'overlap',
    entry: name,
    detail: `The entry "${name}" starts inside ${previous === null ? 'another entry' : `"${previous}"`}: two entries share bytes (how overlapping zip bombs and packages that show each tool other files are made).`,
  });
}

/** Bytes between entries: a hidden local entry (named) or a plain gap. */
async function unaccounted(read: ReadAt, from: number, to: number, previous: string | null): Promise<never> {
  const where = previous === null ? 'before the first entry' : `after the entry "${previous}"`;
  const head = await read(from, Math.min(30, to - from));
  if (head.length === 30 && head.readUInt32LE(0) === localSignature) {
    const nameLength = head.readUInt16LE(26);
    const name = shown(
      (await read(from + 30, Math.min(nameLength, to - from - 30))).toString((head.readUInt16LE(6) & 0x800) !== 0 ? 'utf8' : 'latin1'),
    );
    throw new ZipRefused({
      reason: 'hiddenEntry',
      entry: name,
      detail: `The package holds an entry "${name}" (at byte ${from}, ${where}) that its central directory does not list: tools that read a ZIP as a stream would extract it, unseen by those that read the directory.`,
    });
  }
  throw new ZipRefused({
    reason: 'gap',
    entry: previous,
    detail: `${to - from} bytes ${where} (at byte ${from}) belong to no entry: something is hidden in the package.`,
  });
}
