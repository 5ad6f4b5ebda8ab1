import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { titleFromFileName } from '../../../shared/domain/manifest';
import { maxPdfBytes } from '../../../shared/domain/pdf-limits';
import { PdfCheckPool } from './pdf-check-pool';
import type { PdfCheckPoolOptions } from './pdf-check-pool';
import { readFailure } from './pdf-problems';
import type { Inspection } from './pdf-inspect';
import { fileProblems } from './pdf-problems';
import type { FileCheck, FileProblem } from './pdf-problems';

/**
 * The check every file passes before it joins a batch: a real PDF (by its bytes, not its name),
 * readable by pdf-lib, not encrypted, with pages, not empty, within the service's 50 MB. The size is
 * checked before anything is read; reading and parsing happen in worker threads (pdf-check-pool.ts).
 */

export type { FileCheck, FileProblem } from './pdf-problems';

export interface CheckProgress {
  done: number;
  total: number;
  /** The file just checked. */
  result: FileCheck;
}

export interface CheckFilesOptions extends PdfCheckPoolOptions {
  onProgress?: (progress: CheckProgress) => void;
  /** Largest file accepted; the service's 50 MB by default. */
  maxBytes?: number;
  /** A pool to reuse (left open); otherwise one is made for this call and closed after it. */
  pool?: PdfCheckPool;
}

/** Checks files (two at a time by default) and returns their results in input order. */
export async function checkFiles(paths: string[], options: CheckFilesOptions = {}): Promise<FileCheck[]> {
  const pool = options.pool ?? new PdfCheckPool(options);
  const maxBytes = options.maxBytes ?? maxPdfBytes;
  let done = 0;
  try {
    const results = await Promise.all(
      paths.map(async (path) => {
        const result = await checkOne(pool, path, maxBytes);
        done += 1;
        options.onProgress?.({ done, total: paths.length, result });
        return result;
      }),
    );
    return flagDuplicates(results);
  } finally {
    if (!options.pool) await pool.close();
  }
}

/** Checks one file with the given pool. */
export async function checkOne(pool: PdfCheckPool, path: string, maxBytes = maxPdfBytes): Promise<FileCheck> {
  const fileName = basename(path);
  const base = { path, fileName, title: titleFromFileName(fileName), duplicateOf: null };
  const conclude = (inspection: Inspection): FileCheck => ({ ...base, ...inspection, ok: inspection.problems.length === 0 });

  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: info.isDirectory() ? 'EISDIR' : 'ENOTFILE' });
    size = info.size;
  } catch (error) {
    return conclude({ size: null, pages: null, sha256: null, problems: [fileProblems.unreadable(fileName, readFailure(error))] });
  }
  const before = { size, pages: null, sha256: null };
  if (size === 0) return conclude({ ...before, problems: [fileProblems.empty(fileName)] });
  if (size > maxBytes) return conclude({ ...before, problems: [fileProblems.tooLarge(fileName, maxBytes)] });

  const inspection = await pool.inspect(path, fileName, maxBytes, size);
  return conclude({ ...inspection, size: inspection.size ?? size });
}

/** Marks every file whose bytes equal an earlier file's as "the same file as" that one. */
export function flagDuplicates(results: FileCheck[]): FileCheck[] {
  const firsts = earlierCopies(results);
  return results.map((result, index) => {
    const first = firsts[index];
    if (!first) return result;
    return { ...result, ok: false, problems: [...result.problems, sameFileProblem(result, first)], duplicateOf: first.path };
  });
}

interface HashedFile {
  path: string;
  fileName: string;
  sha256: string | null;
}

/**
 * For each file, the copy of it that is kept (the original) when it is not that one, else null. Of
 * files with the same bytes the original is the first (input order), unless it is named like a copy
 * ("X (copy).pdf", "X (copia).pdf", "X - Copy.pdf", "X (1).pdf") and another is not: a folder's name
 * order puts "X (copia).pdf" before "X.pdf". Files without a hash, and those `skip` says (a batch's
 * excluded or cancelled rows), are never a copy nor the original of one.
 */
export function earlierCopies<T extends HashedFile>(files: readonly T[], skip: (file: T) => boolean = () => false): (T | null)[] {
  const original = new Map<string, T>();
  files.forEach((file) => {
    if (!file.sha256 || skip(file)) return;
    const kept = original.get(file.sha256);
    if (!kept || (namedLikeCopy(kept.fileName) && !namedLikeCopy(file.fileName))) original.set(file.sha256, file);
  });
  return files.map((file) => {
    if (!file.sha256 || skip(file)) return null;
    const kept = original.get(file.sha256)!;
    return kept === file ? null : kept;
  });
}

const copySuffix = /(\s*[-–]\s*|\s+)(\(|\[)?(copy|copia|copie|kopie|\d{1,3})(\s+\d{1,3})?(\)|\])?$/i;

/** "X (copy)", "X - Copy", "X copy 2", "X (copia)", "X (1)": how file managers and browsers name a copy. */
export function namedLikeCopy(fileName: string): boolean {
  const stem = fileName.replace(/\.pdf$/i, '');
  const match = copySuffix.exec(stem);
  if (!match) return false;
  // A bare number is a copy only in brackets ("X (1)"), not "Invoice 2026".
  return !/^\d/.test(match[3]!) || match[2] !== undefined;
}

/** "“b.pdf” is the same file as “a.pdf”" (the earlier file's path when both have the same name). */
export function sameFileProblem(file: HashedFile, first: Omit<HashedFile, 'sha256'>): FileProblem {
  return fileProblems.duplicate(file.fileName, first.fileName === file.fileName ? first.path : first.fileName);
}
