import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { hasPdfEnd, hasPdfHeader } from './pdf-problems';

/**
 * A file read for the check (pdf-inspect.ts) without holding it whole: pdf-lib parses the whole file
 * it is given and copies every stream's contents, so a 50 MB PDF cost the check's worker about twice
 * its size. The check reads the file once in chunks (its SHA-256 and size from that pass), noting the
 * contents of large streams, then gives pdf-lib the file without them: loading never decodes such
 * contents (only object streams and cross-reference streams, which are always kept), so what the check
 * finds (a PDF, encrypted or not, its pages) is the same. pdf-lib reads objects one after the other, not
 * by their offsets, and finds each shortened stream's `endstream` at once.
 *
 * A stream's contents are left out only where pdf-lib would take exactly them: its dictionary is plain
 * (`<< … >>` right after `N G obj`), its /Length a number, not an object stream or cross-reference
 * stream, and `endstream` follows its contents (checked on the second read). After a stream whose length
 * is not a plain number (pdf-lib then looks for `endstream`), nothing more is left out; when anything
 * does not hold, or the file changed between the reads, the file is read whole, as before.
 */

export interface CheckRead {
  size: number;
  sha256: string;
  /** The file, less the contents of the streams left out (the whole file when none were). */
  bytes: Uint8Array;
  /** Whether `%%EOF` is in the file's last 1,024 bytes (see `hasPdfEnd`). */
  ended: boolean;
  /** Streams whose contents were left out. */
  leftOut: number;
}

/** Files smaller than this are read whole. */
const compactFromBytes = 4 * 1024 * 1024;
/** Streams whose contents are at least this long are left out. */
const leaveOutBytes = 256 * 1024;
const chunkBytes = 1024 * 1024;
/** How far before `stream` its dictionary is looked for. */
const dictWindow = 4096;

/** Reads `path` for the check; a file over `maxBytes` is not read (`bytes` empty, `sha256` ''). */
export async function readForCheck(path: string, maxBytes: number): Promise<CheckRead> {
  const handle = await open(path, 'r');
  try {
    const before = await handle.stat();
    if (before.size > maxBytes) return { size: before.size, sha256: '', bytes: new Uint8Array(0), ended: false, leftOut: 0 };
    if (before.size >= compactFromBytes) {
      const compact = await readCompact(handle, before.size);
      const after = await handle.stat();
      if (compact && after.size === before.size && after.mtimeMs === before.mtimeMs) return compact;
    }
    const bytes = await handle.readFile();
    return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'), bytes, ended: hasPdfEnd(bytes), leftOut: 0 };
  } finally {
    await handle.close();
  }
}

/** Contents to leave out, [start, end) in the file. */
type Range = [number, number];

/** The two reads; null when the file must be read whole after all. */
async function readCompact(handle: FileHandle, size: number): Promise<CheckRead | null> {
  const hash = createHash('sha256');
  // The end of the previous chunk stays before the next, so a dictionary or keyword across them is seen.
  const buffer = Buffer.allocUnsafe(dictWindow + chunkBytes);
  const ranges: Range[] = [];
  let kept = 0;
  let skipUntil = 0;
  let stop = false;
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(buffer, kept, Math.min(chunkBytes, size - read), read);
    if (bytesRead === 0) return null;
    hash.update(buffer.subarray(kept, kept + bytesRead));
    if (read === 0 && !hasPdfHeader(buffer.subarray(0, bytesRead))) return null;
    const window = buffer.subarray(0, kept + bytesRead);
    const base = read - kept;
    for (
      let at = window.indexOf('stream', Math.max(0, kept - 5), 'latin1');
      at >= 0 && !stop;
      at = window.indexOf('stream', at + 6, 'latin1')
    ) {
      if (base + at < skipUntil || (at >= 3 && window.toString('latin1', at - 3, at) === 'end')) continue;
      const found = streamAt(window, at, base);
      if (!found) stop = true;
      else {
        skipUntil = found.end;
        if (found.leaveOut) ranges.push([found.start, found.end]);
      }
    }
    read += bytesRead;
    const next = Math.min(dictWindow, window.byteLength);
    window.copy(buffer, 0, window.byteLength - next, window.byteLength);
    kept = next;
  }
  if (ranges.length === 0) return null;
  return assemble(handle, size, ranges, hash.digest('hex'), Buffer.from(buffer.subarray(0, kept)));
}

/**
 * The stream whose keyword is at `at` in `window` (file offset `base + at`): where its contents start
 * and end, and whether to leave them out; null when it is not plainly `N G obj << … >> stream` or its
 * length is not a plain number.
 */
function streamAt(window: Buffer, at: number, base: number): { start: number; end: number; leaveOut: boolean } | null {
  const before = window.toString('latin1', Math.max(0, at - dictWindow), at);
  const objAt = before.lastIndexOf('obj');
  if (objAt < 0 || before.slice(Math.max(0, objAt - 3), objAt) === 'end') return null;
  const header = /\d+\s+\d+\s+obj\s*(<<[\s\S]*>>)\s*$/.exec(before.slice(Math.max(0, objAt - 24)));
  const dict = header?.[1];
  if (!dict || /stream|obj/.test(dict)) return null;
  const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dict);
  if (!length || length[2]) return null;
  const eol = /^( \r\n|\r\n|\r|\n)?/.exec(window.toString('latin1', at + 6, at + 9))?.[1] ?? '';
  const start = base + at + 6 + eol.length;
  const contents = Number(length[1]);
  const special = /\/Type\s*\/(ObjStm|XRef)\b/.test(dict);
  return { start, end: start + contents, leaveOut: contents >= leaveOutBytes && !special };
}

/** The second read: everything but the ranges, each followed by `endstream` as pdf-lib expects. */
async function assemble(handle: FileHandle, size: number, ranges: Range[], sha256: string, tail: Buffer): Promise<CheckRead | null> {
  const kept: Range[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    if (start < from || end > size) return null;
    kept.push([from, start]);
    from = end;
  }
  kept.push([from, size]);
  const total = kept.reduce((sum, [start, end]) => sum + (end - start), 0);
  const bytes = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const [index, [start, end]] of kept.entries()) {
    const { bytesRead } = await handle.read(bytes, offset, end - start, start);
    if (bytesRead !== end - start) return null;
    if (index > 0 && !/^\s*endstream/.test(bytes.toString('latin1', offset, offset + Math.min(64, end - start)))) return null;
    offset += bytesRead;
  }
  return { size, sha256, bytes, ended: hasPdfEnd(tail), leftOut: ranges.length };
}
