import type { X509Certificate } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { SignatureCheck } from '../../../../shared/domain/evidence';
import { failedCheck, parseCms, verifyCms } from './cms-verify';
import { openRegular } from '../bag/bag-files';
import { hashFileRanges } from '../bag/file-hash';
import type { HashAlgorithm } from '../zip/zip-inspect';

/**
 * PDF signatures (`/ByteRange` + `/Contents`) of the signed PDF: each is verified like a `.p7s` over
 * the bytes its ranges cover (streamed from the file), and what lies past the last signature's
 * ranges is said plainly (bytes added after signing are not covered by it). The file is read only as
 * a regular file (`openRegular`).
 */
export interface PdfSignatures {
  checks: SignatureCheck[];
  /** Bytes of the file past the end of the last signature's ranges (0: the last signature covers the whole file). */
  bytesAfterLast: number;
  size: number;
}

export async function verifyPdfSignatures(path: string, label: string, anchors: readonly X509Certificate[]): Promise<PdfSignatures> {
  const handle = await openRegular(path);
  try {
    return await verifyOpen(handle, path, label, anchors);
  } finally {
    await handle.close();
  }
}

async function verifyOpen(handle: FileHandle, path: string, label: string, anchors: readonly X509Certificate[]): Promise<PdfSignatures> {
  const size = (await handle.stat()).size;
  const ranges = await findByteRanges(handle);
  const checks: SignatureCheck[] = [];
  let end = 0;
  for (const [index, range] of ranges.entries()) {
    const [a, b, c, d] = range;
    const file = `${label}#${index + 1}`;
    const signs = `${label} bytes ${a}–${a + b} and ${c}–${c + d} of ${size}`;
    const failed = (problem: string, unreadable = false): SignatureCheck => failedCheck(file, signs, problem, unreadable);
    if (a !== 0 || b < 0 || c < a + b || d < 0 || c + d > size) {
      checks.push(failed('Its byte ranges do not fit the file: it cannot cover what it claims.'));
      continue;
    }
    end = Math.max(end, c + d);
    if (c - (a + b) > 2 * 1024 * 1024) {
      checks.push(failed('Its /Contents is larger than any signature (over 2 MB): not read.', true));
      continue;
    }
    const contents = (await readRange(handle, a + b, c)).toString('latin1');
    const hex = /^<([0-9a-fA-F\s]*)>$/.exec(contents.trim())?.[1]?.replace(/\s/g, '');
    if (!hex) {
      checks.push(failed("The gap between its byte ranges is not the signature's /Contents.", true));
      continue;
    }
    try {
      // /Contents is the CMS padded with zeros to its reserved size: the parser reads the one DER
      // element and ignores the padding. (Stripping trailing zeros cut a CMS whose own last byte is 0x00.)
      const parsed = parseCms(Buffer.from(hex, 'hex'));
      const content = {
        name: signs,
        digest: (algorithm: HashAlgorithm) =>
          digestRanges(
            path,
            [
              [a, a + b],
              [c, c + d],
            ],
            algorithm,
          ),
        bytes: async () =>
          b + d <= 64 * 1024 * 1024 ? Buffer.concat([await readRange(handle, a, a + b), await readRange(handle, c, c + d)]) : null,
      };
      checks.push(...(await verifyCms(file, parsed, content, anchors)));
    } catch (error) {
      checks.push(failed(`The signature could not be read (${error instanceof Error ? error.message : String(error)}).`, true));
    }
  }
  return { checks, bytesAfterLast: ranges.length > 0 ? size - end : 0, size };
}

type Range = [number, number, number, number];

/** Scans the file's bytes (one reused buffer, no text made of them) for `/ByteRange [a b c d]`. */
async function findByteRanges(handle: FileHandle): Promise<Range[]> {
  const found = new Map<string, Range>();
  const chunk = 1024 * 1024;
  const overlap = 256;
  const buffer = Buffer.allocUnsafeSlow(chunk + overlap);
  let carry = 0;
  for (let position = 0; ;) {
    const { bytesRead } = await handle.read(buffer, carry, chunk, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const filled = buffer.subarray(0, carry + bytesRead);
    for (let at = filled.indexOf('/ByteRange'); at !== -1; at = filled.indexOf('/ByteRange', at + 1)) {
      const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
        filled.toString('latin1', at, Math.min(filled.length, at + overlap)),
      );
      if (match) found.set(match.slice(1, 5).join(' '), match.slice(1, 5).map(Number) as Range);
    }
    carry = Math.min(overlap, filled.length);
    filled.copy(buffer, 0, filled.length - carry);
  }
  return [...found.values()].sort((x, y) => x[2] + x[3] - (y[2] + y[3]));
}

async function readRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  if (end <= start) return Buffer.alloc(0);
  const buffer = Buffer.alloc(end - start);
  let at = 0;
  while (at < buffer.length) {
    const { bytesRead } = await handle.read(buffer, at, buffer.length - at, start + at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return buffer.subarray(0, at);
}

async function digestRanges(path: string, ranges: [number, number][], algorithm: HashAlgorithm): Promise<Buffer> {
  return (await hashFileRanges(path, [algorithm], ranges)).digests[algorithm];
}
