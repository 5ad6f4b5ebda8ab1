import { constants } from 'node:fs';
import { lstat, open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import { join, posix, sep } from 'node:path';

/**
 * A bag holds only regular files inside itself. Every file of a bag is opened here: without following
 * a link (`O_NOFOLLOW`), without waiting on a FIFO (`O_NONBLOCK`), and refused unless the open handle
 * is a regular file; a path is checked as a relative path that stays inside the bag before anything
 * is looked up, and each folder on the way is checked not to be a link. Reads are bounded.
 */
export type EntryKind = 'file' | 'directory' | 'link' | 'fifo' | 'socket' | 'device' | 'missing';

export class NotRegularFile extends Error {
  constructor(
    readonly path: string,
    readonly kind: EntryKind,
  ) {
    super(kind === 'missing' ? `${path} is missing` : `${path} is not a regular file (${kindWords[kind]}): it was not followed or read`);
  }
}

export const kindWords: Record<EntryKind, string> = {
  file: 'a regular file',
  directory: 'a folder',
  link: 'a symbolic link',
  fifo: 'a FIFO',
  socket: 'a socket',
  device: 'a device',
  missing: 'missing',
};

const openFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** What is at a path, without following a link. */
export async function entryKind(path: string): Promise<EntryKind> {
  const info = await lstat(path).catch(() => null);
  if (!info) return 'missing';
  if (info.isSymbolicLink()) return 'link';
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'directory';
  if (info.isFIFO()) return 'fifo';
  if (info.isSocket()) return 'socket';
  return 'device';
}

/** Opens a regular file for reading, never through a link and never blocking on a FIFO; throws `NotRegularFile` otherwise. */
export async function openRegular(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, openFlags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new NotRegularFile(path, 'missing');
    if (code === 'ELOOP' || code === 'EMLINK') throw new NotRegularFile(path, 'link');
    if (code === 'ENXIO') throw new NotRegularFile(path, 'socket');
    throw error;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new NotRegularFile(path, info.isFIFO() ? 'fifo' : info.isDirectory() ? 'directory' : info.isSocket() ? 'socket' : 'device');
  }
  return handle;
}

/** A regular file whole when it holds at most `maxBytes` (null when it is larger). */
export async function readRegular(path: string, maxBytes: number): Promise<Buffer | null> {
  const head = await readRegularHead(path, maxBytes);
  return head.whole ? head.bytes : null;
}

/** The first `maxBytes` of a regular file, and whether that is all of it. */
export async function readRegularHead(path: string, maxBytes: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const handle = await openRegular(path);
  try {
    const size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    let at = 0;
    while (at < buffer.length) {
      const { bytesRead } = await handle.read(buffer, at, buffer.length - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return { bytes: buffer.subarray(0, at), whole: size <= maxBytes };
  } finally {
    await handle.close();
  }
}

/** A manifest's path: relative, forward slashes, no `..`, no drive, and under `data/` for a payload file. */
export function safeBagPath(path: string, payload: boolean): boolean {
  if (
    path === '' ||
    path.includes('\\') ||
    path.includes('\0') ||
    path.startsWith('/') ||
    /^[a-zA-Z]:/.test(path) ||
    path.split('/').some((part) => part === '..' || part === '.' || part === '')
  )
    return false;
  const normal = posix.normalize(path);
  return payload ? normal.startsWith('data/') : !normal.startsWith('../');
}

/**
 * A file of the bag by its bag path, resolved only when the path is safe and every folder on the way
 * (the bag itself included) is a real folder, not a link. Null otherwise: nothing outside is touched.
 */
export async function bagFilePath(bag: string, relative: string, payload: boolean): Promise<string | null> {
  if (!safeBagPath(relative, payload)) return null;
  const parts = relative.split('/');
  let at = bag;
  for (const part of ['', ...parts.slice(0, -1)]) {
    at = part ? join(at, part) : at;
    if ((await entryKind(at)) !== 'directory') return null;
  }
  return join(bag, ...parts);
}

/** The bag folder's real path when it is a real folder (not a link); null otherwise. */
export async function realBag(bag: string): Promise<string | null> {
  if ((await entryKind(bag)) !== 'directory') return null;
  return realpath(bag).catch(() => null);
}

/** Whether an open file's real path lies inside the bag's real path (Linux: the descriptor's own path). */
export async function handleInside(handle: FileHandle, path: string, bagReal: string): Promise<boolean> {
  const real = await realpath(process.platform === 'linux' ? `/proc/self/fd/${handle.fd}` : path).catch(() => null);
  return real !== null && real.startsWith(bagReal + sep);
}

export interface BagEntry {
  /** Bag path with forward slashes. */
  path: string;
  kind: EntryKind;
  bytes: number;
  /** Last modification time (ms), for the cache key of a verification (`bagCover`). */
  mtimeMs: number;
}

/** Every entry of the bag (never following a link), at most `limit`; folders are walked, not listed. */
export async function walkBag(bag: string, limit = 20_000): Promise<{ entries: BagEntry[]; truncated: boolean }> {
  const entries: BagEntry[] = [];
  let truncated = false;
  const walk = async (relative: string): Promise<void> => {
    const found = await readdir(relative ? join(bag, relative) : bag).catch(() => [] as string[]);
    for (const name of found.sort()) {
      if (entries.length >= limit) {
        truncated = true;
        return;
      }
      const path = relative ? `${relative}/${name}` : name;
      const info = await lstat(join(bag, path)).catch(() => null);
      if (!info) continue;
      const kind: EntryKind = info.isSymbolicLink()
        ? 'link'
        : info.isFile()
          ? 'file'
          : info.isDirectory()
            ? 'directory'
            : info.isFIFO()
              ? 'fifo'
              : info.isSocket()
                ? 'socket'
                : 'device';
      if (kind === 'directory') await walk(path);
      else entries.push({ path, kind, bytes: kind === 'file' ? info.size : 0, mtimeMs: info.mtimeMs });
    }
  };
  await walk('');
  return { entries, truncated };
}
