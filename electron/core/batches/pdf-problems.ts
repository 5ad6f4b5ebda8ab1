/**
 * What the file check can find wrong with a file, in plain words that name the file. Each problem
 * has a catalog key (`file.notPdf`, …) and params so the UI can say it in its own language; the
 * English `message` is for logs, the CLI and the fallback.
 */

export interface FileProblem {
  code: string;
  message: string;
  params: Record<string, string | number>;
}

/** The result of checking one file. `ok` is true when there are no problems. */
export interface FileCheck {
  ok: boolean;
  path: string;
  fileName: string;
  /** Bytes on disk; null when the file could not be looked at. */
  size: number | null;
  /** Page count; null unless the PDF was read. */
  pages: number | null;
  /** Lower-case hex SHA-256 of the bytes read; null when they were not read. */
  sha256: string | null;
  /** Default document title, from the file name. */
  title: string;
  problems: FileProblem[];
  /** Path of an earlier file of the same batch with the same bytes, else null. */
  duplicateOf: string | null;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const fileProblems = {
  unreadable: (file: string, why: string): FileProblem => ({
    code: 'file.unreadable',
    params: { file, why },
    message: `“${file}” could not be read: ${why}.`,
  }),
  empty: (file: string): FileProblem => ({
    code: 'file.empty',
    params: { file },
    message: `“${file}” is empty (0 bytes), so there is nothing to sign.`,
  }),
  tooLarge: (file: string, maxBytes: number): FileProblem => ({
    code: 'file.tooLarge',
    params: { file, maxMb: megabytes(maxBytes) },
    message: `“${file}” is larger than ${megabytes(maxBytes)} MB, the most the service accepts.`,
  }),
  notPdf: (file: string, actual: SniffedType | null): FileProblem =>
    actual === null
      ? { code: 'file.notPdf', params: { file }, message: `“${file}” is not a PDF: its content is not a PDF document.` }
      : {
          code: 'file.renamed',
          params: { file, type: actual.tag },
          message: `“${file}” is not a PDF: it is ${actual.name}${extensionOf(file) ? ` renamed ${extensionOf(file)}` : ''}.`,
        },
  encrypted: (file: string): FileProblem => ({
    code: 'file.encrypted',
    params: { file },
    message: `“${file}” is protected with a password or encryption. Save an unprotected copy (for example with “Print → Save as PDF”) and add that instead.`,
  }),
  truncated: (file: string): FileProblem => ({
    code: 'file.truncated',
    params: { file },
    message: `“${file}” is incomplete: its end is missing. It may have been cut off while downloading or copying; get the file again.`,
  }),
  damaged: (file: string, detail: string): FileProblem => ({
    code: 'file.damaged',
    params: { file, detail },
    message: `“${file}” could not be read as a PDF — it may be damaged.`,
  }),
  noPages: (file: string): FileProblem => ({
    code: 'file.noPages',
    params: { file },
    message: `“${file}” has no pages.`,
  }),
  tooSlow: (file: string, seconds: number): FileProblem => ({
    code: 'file.tooSlow',
    params: { file, seconds },
    message: `“${file}” took too long to read (more than ${seconds} s) — it may be damaged.`,
  }),
  expands: (file: string, maxBytes: number): FileProblem => ({
    code: 'file.expands',
    params: { file, maxMb: megabytes(maxBytes) },
    message: `“${file}” unpacks to more than ${megabytes(maxBytes)} MB when opened, far more than a document to sign needs — it may be damaged or made to overload the computer. Save a new copy (for example with “Print → Save as PDF”) and add that instead.`,
  }),
  duplicate: (file: string, other: string): FileProblem => ({
    code: 'file.duplicate',
    params: { file, other },
    message: `“${file}” is the same file as “${other}” (identical content); each file is sent once.`,
  }),
};

function extensionOf(file: string): string {
  const match = /\.[^.]+$/.exec(file);
  return match ? match[0] : '';
}

/** A format recognised by its first bytes: a short tag for translations and an English noun. */
export interface SniffedType {
  tag: string;
  name: string;
}

const startsWith = (bytes: Uint8Array, prefix: number[] | string, at = 0): boolean => {
  const codes = typeof prefix === 'string' ? [...prefix].map((c) => c.charCodeAt(0)) : prefix;
  return bytes.length >= at + codes.length && codes.every((code, i) => bytes[at + i] === code);
};

const contains = (bytes: Uint8Array, text: string): boolean =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, 'latin1');

/** True when the bytes start with the PDF header. */
export const hasPdfHeader = (bytes: Uint8Array): boolean => startsWith(bytes, '%PDF-');

/** True when `%%EOF` appears in the last 1,024 bytes, where readers look for it. */
export const hasPdfEnd = (bytes: Uint8Array): boolean => contains(bytes.subarray(Math.max(0, bytes.length - 1024)), '%%EOF');

/** What a file that is not a PDF really is, from its magic bytes; null when unrecognised. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { tag: 'PNG', name: 'a PNG image' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { tag: 'JPEG', name: 'a JPEG image' };
  if (startsWith(bytes, 'GIF8')) return { tag: 'GIF', name: 'a GIF image' };
  if (startsWith(bytes, 'II*\0') || startsWith(bytes, 'MM\0*')) return { tag: 'TIFF', name: 'a TIFF image' };
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return { tag: 'WEBP', name: 'a WebP image' };
  if (startsWith(bytes, 'ftyphei', 4) || startsWith(bytes, 'ftypmif1', 4)) return { tag: 'HEIC', name: 'an HEIC photo' };
  if (startsWith(bytes, 'PK\x03\x04')) {
    if (contains(bytes, 'word/')) return { tag: 'DOCX', name: 'a Word document (.docx)' };
    if (contains(bytes, 'xl/')) return { tag: 'XLSX', name: 'an Excel workbook (.xlsx)' };
    if (contains(bytes, 'ppt/')) return { tag: 'PPTX', name: 'a PowerPoint presentation (.pptx)' };
    if (contains(bytes, 'application/vnd.oasis.opendocument')) return { tag: 'ODF', name: 'an OpenDocument file' };
    return { tag: 'ZIP', name: 'a ZIP archive' };
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { tag: 'OLE', name: 'an older Office document (.doc, .xls or .ppt)' };
  }
  if (startsWith(bytes, '{\\rtf')) return { tag: 'RTF', name: 'an RTF document' };
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return { tag: 'HTML', name: 'a web page (HTML)' };
  return null;
}

/** Why a file could not be read, in plain words. */
export function readFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT'
    ? 'it does not exist (any more)'
    : code === 'EACCES' || code === 'EPERM'
      ? 'SignDock is not allowed to read it'
      : code === 'EISDIR'
        ? 'it is a folder, not a file'
        : code === 'ENOTFILE'
          ? 'it is not a regular file'
          : code === 'EBUSY'
            ? 'another program is using it'
            : 'it could not be opened';
}
