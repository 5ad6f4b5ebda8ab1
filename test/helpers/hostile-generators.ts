// Generators of the hostile inputs too big or too dangerous to commit: each is made at test time, in
// a temporary folder, from a few lines here. test/fixtures/hostile/expected.json names them under "generate".
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { makeStreamBomb } from './stream-bomb';

const MiB = 1024 * 1024;

/**
 * A PDF made of the given object texts (numbered 1, 2, … by the caller), with a correct
 * cross-reference table and trailer whose /Root is object 1. For hand-made page-tree loops.
 */
export function rawPdf(objects: string[]): Buffer {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(text.length);
    text += object;
  }
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/**
 * CSV as a spreadsheet user might write it, with NO formula neutralising (unlike SignDock's own
 * writer): a cell is quoted only when it holds the delimiter, a quote or a line break.
 */
export function manifestCsv(rows: readonly (readonly string[])[], delimiter: ',' | ';' = ','): string {
  const cell = (value: string) => (value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => row.map(cell).join(delimiter)).join('\r\n') + '\r\n';
}

/** A file of exactly `bytes` bytes (sparse, zeros): the size check must refuse it before reading. */
function sparseFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

/** A one-page-per-N PDF with `pages` pages (blank, small): large page trees must be read in bounded time. */
async function manyPages(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save({ useObjectStreams: true });
}

/**
 * A manifest of `rows` rows under the header: row r names `file-<r>.pdf` (or the file `named` puts on
 * that row), titled `Document <r>`, signed by `signer<r>@example.com`.
 */
export function manyRowsManifest(rows: number, named: Record<string, number> = {}): string {
  const fileOnRow = new Map(Object.entries(named).map(([file, row]) => [row, file]));
  const lines = ['file,title,signer1_email,signer1_invite'];
  for (let r = 2; r <= rows + 1; r++) lines.push(`${fileOnRow.get(r) ?? `file-${r}.pdf`},Document ${r},signer${r}@example.com,email`);
  return lines.join('\r\n') + '\r\n';
}

/** The 10,000-row manifest of the corpus: the batch's three files on its first, middle and last rows. */
export const tenThousandRows = (): string =>
  manyRowsManifest(10_000, { 'contract-001.pdf': 2, 'contract-002.pdf': 5001, 'contract-003.pdf': 10_001 });

/** `{"notification_action":"XX","nested":[[[…1…]]]}` with `depth` levels of arrays. */
export function deeplyNestedBody(depth: number, kind = 'XX'): string {
  return `{"notification_action":"${kind}","nested":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
}

/** A JSON object of exactly `bytes` bytes (an unknown kind and a long padding string). */
export function paddedBody(bytes: number, kind = 'XX'): string {
  const head = `{"notification_action":"${kind}","padding":"`;
  const tail = '"}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

/** Top-level arrays nested `depth` deep: not an object, however it parses. */
export function nestedArrayBody(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

export type PdfGenerator = 'overLimit' | 'streamBomb' | 'manyStreams' | 'thousandsOfPages';

/** Writes the generated PDF `name` to `path`. */
export async function generatePdf(generator: PdfGenerator, path: string): Promise<void> {
  switch (generator) {
    case 'overLimit':
      return sparseFile(path, 50 * MiB + 1);
    case 'streamBomb':
      // 256 KB on disk; one object stream inflates to 256 MiB (eight times the 32 MB a stream may decode to).
      return writeFileSync(path, await makeStreamBomb({ inflatedBytes: 256 * MiB }));
    case 'manyStreams':
      // Five streams of 30 MiB each: every one under the per-stream cap, 150 MiB together (over 128 MB a file).
      return writeFileSync(path, await makeStreamBomb({ inflatedBytes: 30 * MiB, streams: 5 }));
    case 'thousandsOfPages':
      return writeFileSync(path, await manyPages(5000));
  }
}

export type WebhookGenerator = 'overLimit' | 'atLimit' | 'deeplyNested' | 'deeplyNestedArray';

/** The generated webhook bodies, sized against the listener's 256 KiB cap. */
export function generateWebhookBody(generator: WebhookGenerator): string {
  const cap = 256 * 1024;
  switch (generator) {
    case 'overLimit':
      return paddedBody(cap + 1);
    case 'atLimit':
      return paddedBody(cap);
    case 'deeplyNested':
      return deeplyNestedBody(100_000); // 200 KB: 100,000 levels of arrays inside the object
    case 'deeplyNestedArray':
      return nestedArrayBody(120_000); // 240 KB of [[[…]]]: JSON, but not an object
  }
}
