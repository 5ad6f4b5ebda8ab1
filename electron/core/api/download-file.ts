import { createHash, randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { DownloadedFile } from '../../../shared/domain/documents';

/**
 * Writes a stream to `destPath` safely: into a temporary file in the same folder, hashing (SHA-256)
 * while it streams, flushed to disk (fsync) and renamed into place only when complete. On any
 * failure the temporary file is removed and `destPath` is left as it was.
 *
 * Errors of the stream itself are rethrown as they are (the caller decides about retries); errors
 * of the disk become `file.writeFailed`.
 */
export async function streamToFile(source: AsyncIterable<Uint8Array>, destPath: string): Promise<DownloadedFile> {
  const folder = dirname(destPath);
  const temp = join(folder, `.${basename(destPath)}.${randomBytes(6).toString('hex')}.part`);
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await disk(destPath, () => open(temp, 'wx'));
  let closed = false;
  try {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      await disk(destPath, () => handle.write(chunk));
    }
    await disk(destPath, () => handle.sync());
    closed = true;
    await disk(destPath, () => handle.close());
    await disk(destPath, () => rename(temp, destPath));
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
  return { path: destPath, bytes, sha256: hash.digest('hex') };
}

/** Makes the rename itself durable; not possible on every platform, so best effort. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a folder for fsync; the file's own fsync already happened.
  }
}

async function disk<T>(destPath: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw writeFailed(destPath, error);
  }
}

function writeFailed(destPath: string, error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOSPC'
      ? 'the disk is full'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'SignDock is not allowed to write there'
        : code === 'ENOENT' || code === 'ENOTDIR'
          ? 'the folder does not exist'
          : 'the file could not be written';
  return new AppError({
    kind: code === 'ENOENT' || code === 'ENOTDIR' ? 'InvalidInput' : 'Internal',
    code: 'file.writeFailed',
    params: { folder: dirname(destPath) },
    message: `Could not save ${basename(destPath)} in ${dirname(destPath)}: ${why}.`,
  });
}
