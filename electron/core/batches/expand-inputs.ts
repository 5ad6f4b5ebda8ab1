import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { readFailure } from './pdf-problems';

/**
 * What the user dropped or picked — files and whole folders — as the PDFs to check, by extension in
 * any case, with every other file left out and the reason. Folders are walked recursively in name
 * order; hidden entries inside them (`.git`, `._contract.pdf`, `.DS_Store`) are left out; files or
 * folders reached twice (dropped twice, through a link) are listed once.
 */

export type SkipReason = 'notPdf' | 'hidden' | 'notFound' | 'unreadable' | 'notAFile' | 'tooMany';

export interface SkippedInput {
  path: string;
  reason: SkipReason;
  /** Catalog key `input.<reason>`. */
  code: string;
  message: string;
  params: Record<string, string>;
}

export interface ExpandedInputs {
  /** Absolute paths of the PDFs, in the order given (folders: in name order). */
  pdfs: string[];
  skipped: SkippedInput[];
  /** True when the walk stopped at `limit` PDFs (the first path left out is listed as `tooMany`). */
  truncated: boolean;
}

export interface ExpandOptions {
  /** Most PDFs gathered; 5,000 by default (dropping a whole disk should not hang the app). */
  limit?: number;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export async function expandInputs(paths: string[], options: ExpandOptions = {}): Promise<ExpandedInputs> {
  const limit = options.limit ?? 5_000;
  const out: ExpandedInputs = { pdfs: [], skipped: [], truncated: false };
  const seen = new Set<string>();

  const visit = async (path: string, explicit: boolean): Promise<void> => {
    if (out.pdfs.length >= limit) {
      if (!out.truncated) skip(out, path, 'tooMany', '', limit);
      out.truncated = true;
      return;
    }
    const name = basename(path);
    if (!explicit && name.startsWith('.')) return skip(out, path, 'hidden');
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return skip(out, path, code === 'ENOENT' || code === 'ENOTDIR' ? 'notFound' : 'unreadable', readFailure(error));
    }
    const real = await realpath(path).catch(() => path);
    if (seen.has(real)) return;
    seen.add(real);
    if (info.isFile()) {
      if (extname(name).toLowerCase() === '.pdf') out.pdfs.push(path);
      else skip(out, path, 'notPdf');
      return;
    }
    if (!info.isDirectory()) return skip(out, path, 'notAFile');
    let names: string[];
    try {
      names = await readdir(path);
    } catch (error) {
      return skip(out, path, 'unreadable', readFailure(error));
    }
    for (const child of names.sort(collator.compare)) await visit(join(path, child), false);
  };

  for (const path of paths) await visit(resolve(path), true);
  return out;
}

function skip(out: ExpandedInputs, path: string, reason: SkipReason, why = '', limit = 0): void {
  const name = basename(path);
  const extension = extname(name);
  const message =
    reason === 'notPdf'
      ? `“${name}” was left out: only PDF files can be sent${extension ? ` (this is a ${extension} file)` : ''}.`
      : reason === 'hidden'
        ? `“${name}” was left out: it is hidden.`
        : reason === 'notFound'
          ? `“${name}” was not found.`
          : reason === 'notAFile'
            ? `“${name}” was left out: it is neither a file nor a folder.`
            : reason === 'tooMany'
              ? `“${name}” and what follows were left out: a batch takes ${limit} PDFs at a time. Add them to another batch.`
              : `“${name}” could not be opened: ${why}.`;
  const params: Record<string, string> = { file: name };
  if (extension) params.extension = extension;
  if (why) params.why = why;
  if (limit) params.limit = String(limit);
  out.skipped.push({ path, reason, code: `input.${reason}`, message, params });
}
