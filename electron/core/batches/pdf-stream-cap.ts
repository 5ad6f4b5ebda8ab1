import { AsyncLocalStorage } from 'node:async_hooks';
import { decodePDFRawStream, PDFContext, PDFRawStream } from 'pdf-lib';

/**
 * A bound on what pdf-lib decodes while the file check parses a PDF. Parsing decompresses object
 * streams and cross-reference streams whole, into ArrayBuffers that a worker's heap limit does not
 * count: a 1 MB file can inflate to gigabytes. Every pdf-lib decoder (Flate, LZW, ASCII85, ASCIIHex,
 * RunLength) grows its output through `DecodeStream.prototype.ensureBuffer`; `withStreamCap` wraps
 * that method so that, inside its callback, a stream whose decoded size would pass `perStream`, or a
 * file whose streams together would pass `perFile`, stops with `StreamCapError` before the memory is
 * taken. pdf-lib turns an object that fails to parse into an invalid object and goes on, so
 * `withStreamCap` rejects afterwards whether or not the error reached it.
 *
 * The cap follows the async context (AsyncLocalStorage), so concurrent checks in one thread each
 * have their own; pdf-lib used outside `withStreamCap` is not limited.
 */

export const maxDecodedStreamBytes = 32 * 1024 * 1024;
export const maxDecodedFileBytes = 128 * 1024 * 1024;

export interface StreamCapLimits {
  perStream: number;
  perFile: number;
}

export interface StreamCap {
  readonly limits: StreamCapLimits;
  /** Decoded bytes so far, all streams of the file together. */
  decoded: number;
  /** True once a stream or the file went over its limit. */
  exceeded: boolean;
  /** The limit that was passed first, in bytes; null while none was. */
  limitHit: number | null;
}

export class StreamCapError extends Error {
  /** The limit passed, in bytes. */
  readonly limit: number;

  constructor(limit: number) {
    super(`compressed parts of the file expand past ${limit} bytes`);
    this.name = 'StreamCapError';
    this.limit = limit;
  }
}

/** On each decoder: the buffer size it reached, so only its growth counts into the file's total. */
const reachedKey = Symbol('signdock.decodedLength');

interface DecodeStreamLike {
  ensureBuffer(requested: number): Uint8Array;
  buffer?: Uint8Array;
  minBufferLength?: number;
  [reachedKey]?: number;
}

/**
 * What `ensureBuffer(requested)` allocates: the decoder doubles its buffer from `minBufferLength` until
 * `requested` fits, then fills it up without asking again (Flate asks only when the buffer is full).
 * Counting the allocation, not `requested`, keeps the count an upper bound of the bytes decoded: a
 * stream decoding to 30 MB asks for 16 MB + 1 last and fills a 32 MB buffer.
 */
function allocation(stream: DecodeStreamLike, requested: number): number {
  if (requested <= (stream.buffer?.byteLength ?? 0)) return 0;
  let size = Math.max(1, stream.minBufferLength ?? 512);
  while (size < requested) size *= 2;
  return size;
}

const current = new AsyncLocalStorage<StreamCap>();

/** pdf-lib does not export DecodeStream; its prototype is found through a decoder it returns. */
function decodeStreamPrototype(): DecodeStreamLike {
  const context = PDFContext.create();
  const probe = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: 'RunLengthDecode' }), new Uint8Array(0)));
  let proto: unknown = Object.getPrototypeOf(probe);
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'ensureBuffer')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('pdf-lib has no DecodeStream.ensureBuffer any more: the PDF check cannot bound decoded sizes.');
  return proto as DecodeStreamLike;
}

let installed = false;

function install(): void {
  if (installed) return;
  const proto = decodeStreamPrototype();
  const original = proto.ensureBuffer;
  proto.ensureBuffer = function capped(this: DecodeStreamLike, requested: number): Uint8Array {
    // Called for every decoded byte by some decoders: the common case is one comparison.
    const before = this[reachedKey] ?? 0;
    const cap = requested > before ? current.getStore() : undefined;
    const size = cap ? allocation(this, requested) : 0;
    if (cap && size > before) {
      const growth = size - before;
      if (cap.exceeded || requested > cap.limits.perStream || cap.decoded + growth > cap.limits.perFile) {
        cap.limitHit ??= requested > cap.limits.perStream ? cap.limits.perStream : cap.limits.perFile;
        cap.exceeded = true;
        throw new StreamCapError(cap.limitHit);
      }
      cap.decoded += growth;
      this[reachedKey] = size;
    }
    return original.call(this, requested);
  };
  installed = true;
}

/**
 * Runs `work` (pdf-lib parsing) with decoded stream sizes bounded. When a limit was passed, it
 * rejects with `StreamCapError` whatever `work` did (pdf-lib may have swallowed the first one).
 */
export async function withStreamCap<T>(
  work: () => Promise<T>,
  limits: StreamCapLimits = { perStream: maxDecodedStreamBytes, perFile: maxDecodedFileBytes },
): Promise<T> {
  install();
  const cap: StreamCap = { limits, decoded: 0, exceeded: false, limitHit: null };
  const capped = () => (cap.limitHit === null ? null : new StreamCapError(cap.limitHit));
  let value: T;
  try {
    value = await current.run(cap, work);
  } catch (error) {
    throw capped() ?? error;
  }
  const over = capped();
  if (over) throw over;
  return value;
}
