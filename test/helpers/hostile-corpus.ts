// The hostile-input corpus (test/fixtures/hostile/) as the tests read it: expected.json, typed, and where each input's bytes are.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePdf, type PdfGenerator, type WebhookGenerator } from './hostile-generators';

export const corpusFolder = fileURLToPath(new URL('../fixtures/hostile/', import.meta.url));

export interface PdfCase {
  file: string;
  /** Made at test time by generators.ts; otherwise committed under pdfs/. */
  generate?: PdfGenerator;
  /** The problem's catalog key; null when the file is accepted. */
  code: string | null;
  /** A fragment of the plain-language message (which also names the file). */
  message?: string;
  /** Pages counted, for an accepted file. */
  pages?: number;
}

export interface ExpectedProblem {
  code: string;
  /** Spreadsheet row (1 = header), or null for the whole manifest or a file without a row. */
  row: number | null;
  /** Column named, or null. */
  field: string | null;
  message: string;
}

export interface ManifestCase {
  file: string;
  generate?: 'tenThousandRows';
  /** 'refused': the import is refused as a whole with `code` (InvalidInput); 'read': it is applied. */
  outcome: 'refused' | 'read';
  code?: string;
  message?: string;
  /** The message differs when the manifest came as content (the web host): no sniffed type. */
  contentMessage?: string;
  /** Every problem listed after the import, in order (read only); with `problemCount`, some of them. */
  problems?: ExpectedProblem[];
  /** How many problems, when too many to list. */
  problemCount?: number;
  /** Titles of the batch's rows after the import, by file name (rows not listed keep what they had). */
  titles?: Record<string, string>;
  /** Signers' e-mail addresses by file name after the import. */
  emails?: Record<string, string[]>;
}

export interface WebhookCase {
  file: string;
  generate?: WebhookGenerator;
  contentType?: string;
  status: number;
  /** Refused: the counter that goes up and the answer's `detail`. */
  refused?: string;
  detail?: string;
  /** Stored: the inbox row's state once the worker is idle, and its error. */
  inbox?: { state: 'ignored' | 'failed' | 'done'; lastError?: string | null; kind?: string };
}

export interface Corpus {
  pdfs: PdfCase[];
  manifests: ManifestCase[];
  webhooks: WebhookCase[];
}

export function loadCorpus(): Corpus {
  const raw = JSON.parse(readFileSync(join(corpusFolder, 'expected.json'), 'utf8')) as Partial<Corpus>;
  return { pdfs: raw.pdfs ?? [], manifests: raw.manifests ?? [], webhooks: raw.webhooks ?? [] };
}

/** Puts the PDF case's file into `folder` (copied, or generated); returns its path. */
export async function placePdf(item: PdfCase, folder: string): Promise<string> {
  const path = join(folder, item.file);
  if (item.generate) await generatePdf(item.generate, path);
  else copyFileSync(join(corpusFolder, 'pdfs', item.file), path);
  return path;
}

/** The committed bytes of a manifest or webhook body. */
export const corpusBytes = (group: 'manifests' | 'webhooks', file: string): Buffer => readFileSync(join(corpusFolder, group, file));
