import { createDeflateRaw } from 'node:zlib';
import { rawZip as sandboxRawZip } from '../sandbox/evidence/hostile-package';
import { craftZip, unicodePathField } from './raw-zip';

/**
 * Hostile evidence packages, built byte by byte (a ZIP library would refuse to write most of them):
 * zip slip (`../`), an absolute path, a backslash path, a symbolic link, a zip bomb, an entry whose
 * declared size lies, a duplicate name; and the packages that show different tools different files
 * (issue 23): a local header naming `../../../tmp/x`, a hidden local entry, case and NFC/NFD twins, a
 * nested `inner.zip` holding a `../` entry, an Info-ZIP Unicode Path field naming another file, and
 * their kin (a lying data descriptor, local CRC or flags, overlapping entries, a gap, a wrong CRC-32,
 * ZIPs nested too deep). `npx tsx test/fixtures/hostile/zip/make-hostile-zips.ts DIR` writes them as
 * files for trying by hand; `tools-table.ts` beside it runs other tools on them.
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
    entries.map((entry) => ({
      name: entry.name,
      data: entry.data,
      method: entry.method ?? 0,
      ...(entry.compressed ? { deflated: entry.compressed } : {}),
      ...(entry.declaredSize !== undefined ? { size: entry.declaredSize } : {}),
      ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
    })),
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
    if (!deflate.write(left >= piece.length ? piece : piece.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
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
  /** The words the refusal must say (beyond its reason). */
  words?: RegExp;
  /** What the case is, for the README's table. */
  about?: string;
  build: () => Promise<Buffer>;
}

export const hostileCases: HostileCase[] = [
  {
    name: 'zip-slip',
    reason: 'parentPath',
    entry: '../../escaped.txt',
    build: async () => rawZip([ok('original.pdf'), { name: '../../escaped.txt', data: Buffer.from('gotcha') }]),
  },
  {
    name: 'zip-slip-nested',
    reason: 'parentPath',
    entry: 'docs/../../../etc/cron.d/x',
    build: async () => rawZip([{ name: 'docs/../../../etc/cron.d/x', data: Buffer.from('* * * * * root true') }]),
  },
  {
    name: 'absolute-path',
    reason: 'absolutePath',
    entry: '/tmp/signdock-absolute.txt',
    build: async () => rawZip([ok('original.pdf'), { name: '/tmp/signdock-absolute.txt', data: Buffer.from('gotcha') }]),
  },
  {
    name: 'windows-drive',
    reason: 'absolutePath',
    entry: 'C:/Windows/evil.dll',
    build: async () => rawZip([{ name: 'C:/Windows/evil.dll', data: Buffer.from('MZ') }]),
  },
  {
    name: 'backslash',
    reason: 'backslash',
    entry: '..\\..\\evil.txt',
    build: async () => rawZip([ok('original.pdf'), { name: '..\\..\\evil.txt', data: Buffer.from('gotcha') }]),
  },
  {
    name: 'symlink',
    reason: 'symlink',
    entry: 'signed.pdf',
    build: async () => rawZip([ok('original.pdf'), { name: 'signed.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
  },
  {
    name: 'duplicate',
    reason: 'duplicate',
    entry: 'original.pdf',
    build: async () => rawZip([ok('original.pdf'), { name: 'original.pdf', data: Buffer.from('%PDF-1.4 another') }]),
  },
  {
    name: 'zip-bomb',
    reason: 'ratio',
    entry: 'signed.pdf',
    build: async () =>
      rawZip([
        ok('original.pdf'),
        {
          name: 'signed.pdf',
          data: Buffer.alloc(0),
          method: 8,
          compressed: await deflatedZeros(64 * 1024 * 1024),
          declaredSize: 64 * 1024 * 1024,
        },
      ]),
  },
  {
    name: 'lying-size',
    reason: 'sizeMismatch',
    entry: 'signed.pdf',
    // Declares 100 bytes; inflates to 8 MB (the ratio check sees only the harmless declared size).
    build: async () =>
      rawZip([
        ok('original.pdf'),
        { name: 'signed.pdf', data: Buffer.alloc(100), method: 8, compressed: await deflatedZeros(8 * 1024 * 1024), declaredSize: 100 },
      ]),
  },
  ...strictReaderCases(),
];

/** Issue 23: packages whose local headers, layout or names tell another story than the directory. */
function strictReaderCases(): HostileCase[] {
  const genuine = Buffer.from('%PDF-1.4\n% the genuine signed document\n%%EOF\n');
  const forged = Buffer.from('%PDF-1.4\n% a forged document\n%%EOF\n');
  const nfc = 'firmado-r\u00e9sum\u00e9.pdf';
  const nfd = nfc.normalize('NFD');
  const zip = (build: () => Buffer) => async () => Promise.resolve(build());
  return [
    {
      name: 'local-name-slip',
      about: 'local header names `../../../tmp/x`, directory `signed.pdf`',
      reason: 'localHeader',
      entry: 'signed.pdf',
      words: /"signed\.pdf" is named "\.\.\/\.\.\/\.\.\/tmp\/x" in its local header/,
      build: zip(() => craftZip([ok('original.pdf'), { name: 'signed.pdf', localName: '../../../tmp/x', data: genuine }])),
    },
    {
      name: 'hidden-local-entry',
      about: 'a local entry `evil.sh` the directory does not list',
      reason: 'hiddenEntry',
      entry: 'evil.sh',
      words: /entry "evil\.sh" \(at byte \d+, after the entry "original\.pdf"\) that its central directory does not list/,
      build: zip(() =>
        craftZip([
          ok('original.pdf'),
          { name: 'evil.sh', data: Buffer.from('#!/bin/sh\nrm -rf ~\n'), hidden: true },
          { name: 'signed.pdf', data: genuine },
        ]),
      ),
    },
    {
      name: 'case-twins',
      about: '`signed.pdf`, `SIGNED.PDF`, `Signed.pdf`',
      reason: 'nameCollision',
      entry: 'SIGNED.PDF',
      words: /"signed\.pdf" and "SIGNED\.PDF" differ only in letter case/,
      build: zip(() =>
        craftZip([
          { name: 'signed.pdf', data: genuine },
          { name: 'SIGNED.PDF', data: forged },
          { name: 'Signed.pdf', data: forged },
        ]),
      ),
    },
    {
      name: 'nfc-nfd-twins',
      about: '`résumé` written NFC and NFD',
      reason: 'nameCollision',
      entry: nfd,
      words: /Unicode form \(NFC\/NFD\)/,
      build: zip(() =>
        craftZip([
          { name: nfc, data: genuine },
          { name: nfd, data: forged },
        ]),
      ),
    },
    {
      name: 'nested-zip-slip',
      about: '`inner.zip` (deflated) holding `../evil.txt`',
      reason: 'parentPath',
      entry: 'inner.zip!/../evil.txt',
      words: /^Inside "inner\.zip", a ZIP in the package: The entry "\.\.\/evil\.txt" climbs out of its folder/,
      build: zip(() =>
        craftZip([
          ok('original.pdf'),
          { name: 'inner.zip', method: 8, data: craftZip([{ name: '../evil.txt', data: Buffer.from('gotcha') }]) },
        ]),
      ),
    },
    {
      name: 'unicode-path-twin',
      about: '0x7075 field: `signed.pdf` (forged) says `unused.pdf`, `genuine.pdf` says `signed.pdf`',
      reason: 'unicodePath',
      entry: 'signed.pdf',
      words: /"signed\.pdf" carries a second name, "unused\.pdf", in an Info-ZIP Unicode Path field in the package's directory/,
      build: zip(() =>
        craftZip([
          {
            name: 'signed.pdf',
            data: forged,
            centralExtra: unicodePathField('signed.pdf', 'unused.pdf'),
            localExtra: unicodePathField('signed.pdf', 'unused.pdf'),
          },
          {
            name: 'genuine.pdf',
            data: genuine,
            centralExtra: unicodePathField('genuine.pdf', 'signed.pdf'),
            localExtra: unicodePathField('genuine.pdf', 'signed.pdf'),
          },
        ]),
      ),
    },
    {
      name: 'local-unicode-path',
      about: '0x7075 field in the local header only, naming `../../x.pdf`',
      reason: 'unicodePath',
      entry: 'signed.pdf',
      words: /second name, "\.\.\/\.\.\/x\.pdf", in an Info-ZIP Unicode Path field in its local header/,
      build: zip(() => craftZip([{ name: 'signed.pdf', data: genuine, localExtra: unicodePathField('signed.pdf', '../../x.pdf') }])),
    },
    {
      name: 'descriptor-lies',
      about: 'bit 3; the data descriptor gives another CRC-32',
      reason: 'dataDescriptor',
      entry: 'signed.pdf',
      words: /followed by a data descriptor \(CRC-32 0xdeadbeef, .*\) that disagrees with the directory/,
      build: zip(() => craftZip([{ name: 'signed.pdf', data: genuine, descriptor: 'signed', descriptorCrc: 0xdeadbeef }])),
    },
    {
      name: 'local-crc-differs',
      about: 'local header CRC-32 differs from the directory',
      reason: 'localHeader',
      entry: 'signed.pdf',
      words: /has CRC-32 0x00c0ffee in its local header and 0x[0-9a-f]{8} in the directory/,
      build: zip(() => craftZip([{ name: 'signed.pdf', data: genuine, localCrc: 0xc0ffee }])),
    },
    {
      name: 'local-flags-differ',
      about: 'local header flags differ (no UTF-8 bit)',
      reason: 'localHeader',
      entry: 'signed.pdf',
      words: /other flags in its local header \(0x00000000\) than in the directory \(0x00000800\)/,
      build: zip(() => craftZip([{ name: 'signed.pdf', data: genuine, localFlags: 0 }])),
    },
    {
      name: 'overlapping-entries',
      about: 'two directory records share one local entry',
      reason: 'overlap',
      entry: 'copy.pdf',
      words: /"copy\.pdf" starts inside "signed\.pdf": two entries share bytes/,
      build: zip(() =>
        craftZip([
          { name: 'signed.pdf', data: genuine },
          { name: 'copy.pdf', data: genuine, sameLocalAs: 0 },
        ]),
      ),
    },
    {
      name: 'gap-between-entries',
      about: '64 bytes between two entries, in no entry',
      reason: 'gap',
      entry: 'original.pdf',
      words: /^64 bytes after the entry "original\.pdf" \(at byte \d+\) belong to no entry/,
      build: zip(() => craftZip([ok('original.pdf'), { name: 'signed.pdf', data: genuine, before: Buffer.alloc(64, 0x41) }])),
    },
    {
      name: 'crc-mismatch',
      about: 'both headers give a CRC-32 the bytes do not have',
      reason: 'crcMismatch',
      entry: 'signed.pdf',
      words: /does not match its CRC-32 \(the package says 0x12345678, its bytes give 0x[0-9a-f]{8}\)/,
      build: zip(() => craftZip([ok('original.pdf'), { name: 'signed.pdf', data: genuine, crc: 0x12345678 }])),
    },
    {
      name: 'nested-too-deep',
      about: '`a.zip` ⊃ `b.zip` ⊃ `c.zip` ⊃ `x.txt`',
      reason: 'nestedTooDeep',
      entry: 'a.zip!/b.zip!/c.zip',
      words: /Inside "a\.zip!\/b\.zip", a ZIP in the package: The entry "c\.zip" is a ZIP nested more than 2 levels deep/,
      build: zip(() =>
        craftZip([
          {
            name: 'a.zip',
            data: craftZip([
              { name: 'b.zip', data: craftZip([{ name: 'c.zip', data: craftZip([{ name: 'x.txt', data: Buffer.from('deep') }]) }]) },
            ]),
          },
        ]),
      ),
    },
    {
      name: 'file-and-folder',
      about: '`docs` is a file and `Docs/a.pdf` is in a folder',
      reason: 'nameCollision',
      entry: 'Docs/a.pdf',
      words: /"Docs\/a\.pdf" sits in a folder that is also the file "docs"/,
      build: zip(() =>
        craftZip([
          { name: 'docs', data: genuine },
          { name: 'Docs/a.pdf', data: forged },
        ]),
      ),
    },
  ];
}
