import { createHash } from 'node:crypto';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { readForCheck, type CheckRead } from './pdf-check-read';
import { fileProblems, hasPdfEnd, hasPdfHeader, readFailure, sniffType } from './pdf-problems';
import type { FileProblem } from './pdf-problems';
import { StreamCapError, withStreamCap } from './pdf-stream-cap';
import type { StreamCapLimits } from './pdf-stream-cap';

/**
 * Reads and parses one file. Runs inside the check worker (pdf-check-worker.ts): parsing an
 * untrusted PDF can take long or a lot of memory, and the worker can be stopped; never call this
 * on the main thread except in tests.
 */

export interface Inspection {
  size: number | null;
  pages: number | null;
  sha256: string | null;
  problems: FileProblem[];
}

/** pdf-lib (1.17) refuses an encrypted PDF with a plain `Error` whose message says so. */
const encryptedMessage = /\bis encrypted\b/i;

/** Reads the file (without the contents of its large streams: pdf-check-read.ts) and checks it. */
export async function inspectFile(path: string, fileName: string, maxBytes: number): Promise<Inspection> {
  let read: CheckRead;
  try {
    read = await readForCheck(path, maxBytes);
  } catch (error) {
    return { size: null, pages: null, sha256: null, problems: [fileProblems.unreadable(fileName, readFailure(error))] };
  }
  // The size was checked before reading; check again in case the file grew in between.
  if (read.size > maxBytes) {
    return { size: read.size, pages: null, sha256: null, problems: [fileProblems.tooLarge(fileName, maxBytes)] };
  }
  return inspectRead(read, fileName);
}

/** `limits` bounds what parsing may decompress (pdf-stream-cap.ts); 32 MB a stream, 128 MB a file by default. */
export async function inspectBytes(bytes: Uint8Array, fileName: string, limits?: StreamCapLimits): Promise<Inspection> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return inspectRead({ size: bytes.byteLength, sha256, bytes, ended: hasPdfEnd(bytes), leftOut: 0 }, fileName, limits);
}

async function inspectRead(read: CheckRead, fileName: string, limits?: StreamCapLimits): Promise<Inspection> {
  const { size, sha256, bytes } = read;
  const found = (problem: FileProblem, pages: number | null = null): Inspection => ({ size, pages, sha256, problems: [problem] });
  if (size === 0) return found(fileProblems.empty(fileName));
  if (!hasPdfHeader(bytes)) return found(fileProblems.notPdf(fileName, sniffType(bytes)));

  let document: PDFDocument;
  try {
    document = await withStreamCap(
      () =>
        PDFDocument.load(bytes, {
          ignoreEncryption: true,
          updateMetadata: false,
          parseSpeed: ParseSpeeds.Fastest,
        }),
      limits,
    );
  } catch (error) {
    if (error instanceof StreamCapError) return found(fileProblems.expands(fileName, error.limit));
    const message = error instanceof Error ? error.message : String(error);
    if (encryptedMessage.test(message)) return found(fileProblems.encrypted(fileName));
    return found(read.ended ? fileProblems.damaged(fileName, message) : fileProblems.truncated(fileName));
  }
  if (document.isEncrypted) return found(fileProblems.encrypted(fileName));

  let pages: number;
  try {
    pages = document.getPageCount();
  } catch (error) {
    return found(fileProblems.damaged(fileName, error instanceof Error ? error.message : String(error)));
  }
  if (!read.ended) return found(fileProblems.truncated(fileName), pages);
  if (pages < 1) return found(fileProblems.noPages(fileName), pages);
  return { size, pages, sha256, problems: [] };
}
