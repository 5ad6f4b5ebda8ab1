import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPdfBytes } from '../../shared/domain/pdf-limits';
import { checkFiles, checkOne } from '../../electron/core/batches/pdf-check';
import type { FileCheck } from '../../electron/core/batches/pdf-check';
import { PdfCheckPool } from '../../electron/core/batches/pdf-check-pool';
import { tempFolder } from '../helpers/temp-folder';

// Made by test/fixtures/make-pdf-fixtures.ts.
const fixturesFolder = fileURLToPath(new URL('../fixtures/pdfs/', import.meta.url));
const folder = tempFolder('signdock-pdf-check-');
const at = (name: string) => join(folder.path, name);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
let pool: PdfCheckPool;

beforeAll(() => {
  for (const name of readdirSync(fixturesFolder)) copyFileSync(join(fixturesFolder, name), at(name));
  pool = new PdfCheckPool();
});
afterAll(async () => {
  await pool.close();
  folder.remove();
});

/** A file of exactly `bytes` bytes starting with a PDF header, written sparse (instant, no disk used). */
function writeSparseFile(path: string, bytes: number): void {
  writeFileSync(path, '%PDF-1.7\n');
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

const onlyProblem = (result: FileCheck) => {
  expect(result.ok).toBe(false);
  expect(result.problems).toHaveLength(1);
  return result.problems[0]!;
};

describe('file check: good PDFs', () => {
  it('pass with their page count, size, SHA-256 and a title from the file name', async () => {
    const [one, three] = await checkFiles([at('one-page.pdf'), at('three-pages.pdf')], { pool });
    expect(one).toEqual({
      ok: true,
      path: at('one-page.pdf'),
      fileName: 'one-page.pdf',
      size: readFileSync(at('one-page.pdf')).byteLength,
      pages: 1,
      sha256: sha256(at('one-page.pdf')),
      title: 'one page',
      problems: [],
      duplicateOf: null,
    });
    expect(three).toMatchObject({ ok: true, pages: 3, sha256: sha256(at('three-pages.pdf')), title: 'three pages', problems: [] });
  });
});

describe('file check: each bad file is refused with its reason, naming the file', () => {
  const cases: [string, string, RegExp][] = [
    ['png-renamed.pdf', 'file.renamed', /^“png-renamed\.pdf” is not a PDF: it is a PNG image renamed \.pdf\.$/],
    ['docx-renamed.pdf', 'file.renamed', /^“docx-renamed\.pdf” is not a PDF: it is a Word document \(\.docx\) renamed \.pdf\.$/],
    ['encrypted.pdf', 'file.encrypted', /^“encrypted\.pdf” is protected with a password or encryption\./],
    ['empty.pdf', 'file.empty', /^“empty\.pdf” is empty \(0 bytes\)/],
    ['truncated.pdf', 'file.truncated', /^“truncated\.pdf” is incomplete: its end is missing\./],
    ['no-pages.pdf', 'file.noPages', /^“no-pages\.pdf” has no pages\.$/],
  ];
  it.each(cases)('%s → %s', async (name, code, message) => {
    const problem = onlyProblem(await checkOne(pool, at(name)));
    expect(problem.code).toBe(code);
    expect(problem.message).toMatch(message);
    expect(problem.params.file).toBe(name);
  });

  it('a text file that is not a PDF, and a damaged PDF that still has its end', async () => {
    writeFileSync(at('notes.pdf'), 'Meeting notes, not a PDF at all.\n');
    const damaged = Buffer.concat([readFileSync(at('one-page.pdf')).subarray(0, 300), Buffer.from('\n@@garbage@@\n%%EOF\n')]);
    writeFileSync(at('damaged.pdf'), damaged);
    expect(onlyProblem(await checkOne(pool, at('notes.pdf')))).toMatchObject({
      code: 'file.notPdf',
      message: '“notes.pdf” is not a PDF: its content is not a PDF document.',
    });
    expect(onlyProblem(await checkOne(pool, at('damaged.pdf')))).toMatchObject({
      code: 'file.damaged',
      message: '“damaged.pdf” could not be read as a PDF — it may be damaged.',
    });
  });

  it('a file of 50 MB + 1 byte is refused from its size alone, without being read', async () => {
    writeSparseFile(at('huge.pdf'), maxPdfBytes + 1);
    const neverReads = new (class extends PdfCheckPool {
      override inspect(): never {
        throw new Error('the file was handed to a reader');
      }
    })({ size: 1 });
    const result = await checkOne(neverReads, at('huge.pdf'));
    expect(result).toMatchObject({ ok: false, size: maxPdfBytes + 1, pages: null, sha256: null });
    expect(onlyProblem(result)).toEqual({
      code: 'file.tooLarge',
      params: { file: 'huge.pdf', maxMb: 50 },
      message: '“huge.pdf” is larger than 50 MB, the most the service accepts.',
    });
    await neverReads.close();
  });

  it('the size limit is inclusive: exactly the limit is read, one byte more is not', async () => {
    const one = readFileSync(at('one-page.pdf'));
    writeFileSync(at('at-limit.pdf'), one);
    writeFileSync(at('over-limit.pdf'), Buffer.concat([one, Buffer.from('\n')]));
    const [atLimit, overLimit] = await checkFiles([at('at-limit.pdf'), at('over-limit.pdf')], { pool, maxBytes: one.byteLength });
    expect(atLimit).toMatchObject({ ok: true, pages: 1 });
    expect(onlyProblem(overLimit!).code).toBe('file.tooLarge');
  });

  it('a missing file and a folder are reported as unreadable', async () => {
    mkdirSync(at('folder.pdf'), { recursive: true });
    expect(onlyProblem(await checkOne(pool, at('gone.pdf')))).toMatchObject({
      code: 'file.unreadable',
      message: '“gone.pdf” could not be read: it does not exist (any more).',
    });
    expect(onlyProblem(await checkOne(pool, at('folder.pdf'))).message).toBe('“folder.pdf” could not be read: it is a folder, not a file.');
  });
});

describe('file check: a batch', () => {
  it('answers in input order, reports progress for each file, and flags the second copy of the same bytes', async () => {
    copyFileSync(at('three-pages.pdf'), at('copy of three.pdf'));
    const names = ['three-pages.pdf', 'png-renamed.pdf', 'one-page.pdf', 'empty.pdf', 'copy of three.pdf', 'encrypted.pdf'];
    const progress: [number, number, string][] = [];
    const results = await checkFiles(names.map(at), {
      onProgress: ({ done, total, result }) => progress.push([done, total, result.fileName]),
    });
    expect(results.map((r) => r.fileName)).toEqual(names);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false, false, false]);
    expect(progress.map(([done, total]) => `${done}/${total}`)).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    expect(progress.map(([, , name]) => name).sort()).toEqual([...names].sort());
    const copy = results[4]!;
    expect(copy.duplicateOf).toBe(at('three-pages.pdf'));
    expect(onlyProblem(copy)).toMatchObject({
      code: 'file.duplicate',
      message: '“copy of three.pdf” is the same file as “three-pages.pdf” (identical content); each file is sent once.',
    });
    expect(results[0]!.duplicateOf).toBeNull();
  });
});
