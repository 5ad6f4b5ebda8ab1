import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { openRegular } from './bag-files';
import type { HashAlgorithm } from '../zip/zip-inspect';

/**
 * Hashes a file (or byte ranges of it) with one or more algorithms, reading into one buffer that is
 * reused for every read: no chunk per read left for the garbage collector, so hashing a 50 MB file
 * costs one 1 MB buffer, whatever the file's size. Only a regular file is read (never through a link,
 * never waiting on a FIFO: `openRegular`), or read from a handle the caller opened (and closes).
 */
const chunkBytes = 1024 * 1024;

export async function hashFileRanges<A extends HashAlgorithm>(
  file: string | FileHandle,
  algorithms: readonly A[],
  ranges?: readonly [number, number][],
): Promise<{ digests: Record<A, Buffer>; bytes: number }> {
  const hashes = [...new Set(algorithms)].map((algorithm) => [algorithm, createHash(algorithm)] as const);
  const handle = typeof file === 'string' ? await openRegular(file) : file;
  const buffer = Buffer.allocUnsafeSlow(chunkBytes);
  let bytes = 0;
  try {
    for (const [start, end] of ranges ?? [[0, Infinity] as [number, number]]) {
      let at = start;
      while (at < end) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(chunkBytes, end - at), at);
        if (bytesRead === 0) break;
        const view = buffer.subarray(0, bytesRead);
        for (const [, hash] of hashes) hash.update(view);
        at += bytesRead;
        bytes += bytesRead;
      }
    }
  } finally {
    if (typeof file === 'string') await handle.close();
  }
  return { digests: Object.fromEntries(hashes.map(([algorithm, hash]) => [algorithm, hash.digest()])) as Record<A, Buffer>, bytes };
}

/**
 * The SHA-256 (hex) of a whole file: the one file hasher of the core (a PDF checked before sending, again
 * just before it is sent, a bag's tag files). Never waits on a FIFO and refuses anything but a regular file
 * (`code: 'ENOTFILE'`). A link is followed, as for a file a person dropped; `noLinks` opens it as a bag's
 * files are opened (`openRegular`: never through a link).
 */
export async function sha256File(path: string, options: { noLinks?: boolean } = {}): Promise<string> {
  const handle = options.noLinks ? await openRegular(path) : await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTFILE' });
    return (await hashFileRanges(handle, ['sha256'])).digests.sha256.toString('hex');
  } finally {
    await handle.close();
  }
}
