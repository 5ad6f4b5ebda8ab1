import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFileRanges, sha256File } from '../../electron/core/evidence/bag/file-hash';
import { verifyPdfSignatures } from '../../electron/core/evidence/checks/pdf-signatures';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-file-hash-');
afterAll(() => folder.remove());
const MiB = 1024 * 1024;

describe('hashing files through one reused buffer', () => {
  const bytes = randomBytes(2 * MiB + 12345);
  const path = join(folder.path, 'random.bin');
  writeFileSync(path, bytes);
  const expected = (algorithm: string, data: Buffer) => createHash(algorithm).update(data).digest('hex');

  it('gives each algorithm the same digest as hashing the whole file at once', async () => {
    const { digests, bytes: read } = await hashFileRanges(path, ['sha256', 'sha512', 'sha1', 'md5']);
    expect(read).toBe(bytes.length);
    for (const algorithm of ['sha256', 'sha512', 'sha1', 'md5'] as const)
      expect(digests[algorithm].toString('hex')).toBe(expected(algorithm, bytes));
  });

  it('hashes byte ranges across read boundaries, and an empty file', async () => {
    const ranges: [number, number][] = [
      [0, 10],
      [MiB - 3, MiB + 5],
      [2 * MiB, bytes.length],
    ];
    const { digests, bytes: read } = await hashFileRanges(path, ['sha256'], ranges);
    expect(digests.sha256.toString('hex')).toBe(expected('sha256', Buffer.concat(ranges.map(([a, b]) => bytes.subarray(a, b)))));
    expect(read).toBe(ranges.reduce((sum, [a, b]) => sum + b - a, 0));
    const empty = join(folder.path, 'empty.bin');
    writeFileSync(empty, '');
    expect((await hashFileRanges(empty, ['sha256'])).digests.sha256.toString('hex')).toBe(expected('sha256', Buffer.alloc(0)));
  });
});

describe('the one file hasher of the core', () => {
  const bytes = randomBytes(MiB + 7);
  const path = join(folder.path, 'whole.bin');
  writeFileSync(path, bytes);
  const link = join(folder.path, 'whole-link.bin');
  symlinkSync(path, link);

  it('gives the SHA-256 of a whole file, through a link unless told not to follow one', async () => {
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(await sha256File(path)).toBe(expected);
    expect(await sha256File(link)).toBe(expected);
    expect(await sha256File(path, { noLinks: true })).toBe(expected);
    await expect(sha256File(link, { noLinks: true })).rejects.toThrow(/symbolic link/);
  });

  it('refuses a folder or a FIFO without waiting, and says a missing file is missing', async () => {
    await expect(sha256File(folder.path)).rejects.toMatchObject({ code: 'ENOTFILE' });
    const fifo = join(folder.path, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(sha256File(fifo)).rejects.toMatchObject({ code: 'ENOTFILE' });
    await expect(sha256File(join(folder.path, 'gone.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('PDF signatures found by searching the bytes', () => {
  it('finds a /ByteRange that straddles a 1 MiB read boundary, once', async () => {
    const path = join(folder.path, 'straddle.pdf');
    const marker = Buffer.from('/ByteRange [0 100 300 50]', 'latin1');
    const file = Buffer.alloc(2 * MiB, 0x20);
    marker.copy(file, MiB - 7);
    writeFileSync(path, file);
    const found = await verifyPdfSignatures(path, 'straddle.pdf', []);
    expect(found.checks).toHaveLength(1);
    expect(found.checks[0]!.signs).toBe(`straddle.pdf bytes 0–100 and 300–350 of ${2 * MiB}`);
    expect(found.checks[0]!.valid).toBe(false);
  });
});
