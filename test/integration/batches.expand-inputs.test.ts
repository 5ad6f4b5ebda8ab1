import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandInputs } from '../../electron/core/batches/expand-inputs';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-expand-');
const at = (...parts: string[]) => join(folder.path, ...parts);
const rel = (path: string) => relative(folder.path, path).split('\\').join('/');

beforeAll(() => {
  const files = [
    'drop/contract 10.pdf',
    'drop/contract 2.pdf',
    'drop/Scan.PDF',
    'drop/photo.png',
    'drop/README',
    'drop/sub/deeper/annex.pdf',
    'drop/sub/table.xlsx',
    'drop/.DS_Store',
    'drop/._contract 2.pdf',
    'drop/.git/HEAD.pdf',
    'loose.pdf',
    'letter.docx',
  ];
  for (const file of files) {
    mkdirSync(join(at(file), '..'), { recursive: true });
    writeFileSync(at(file), '%PDF-1.4\n');
  }
  symlinkSync(at('drop'), at('drop', 'sub', 'loop'), 'dir');
});
afterAll(() => folder.remove());

describe('expandInputs', () => {
  it('takes files and whole folders, PDFs by extension in any case, folders in natural name order', async () => {
    const { pdfs, truncated } = await expandInputs([at('drop'), at('loose.pdf'), at('letter.docx')]);
    expect(pdfs.map(rel)).toEqual([
      'drop/contract 2.pdf',
      'drop/contract 10.pdf',
      'drop/Scan.PDF',
      'drop/sub/deeper/annex.pdf',
      'loose.pdf',
    ]);
    expect(truncated).toBe(false);
  });

  it('lists what it left out, and why', async () => {
    const { skipped } = await expandInputs([at('drop'), at('letter.docx'), at('missing.pdf')]);
    expect(skipped.map((s) => [rel(s.path), s.reason])).toEqual([
      ['drop/._contract 2.pdf', 'hidden'],
      ['drop/.DS_Store', 'hidden'],
      ['drop/.git', 'hidden'],
      ['drop/photo.png', 'notPdf'],
      ['drop/README', 'notPdf'],
      ['drop/sub/table.xlsx', 'notPdf'],
      ['letter.docx', 'notPdf'],
      ['missing.pdf', 'notFound'],
    ]);
    const message = (name: string) => skipped.find((s) => rel(s.path).endsWith(name))!.message;
    expect(message('photo.png')).toBe('“photo.png” was left out: only PDF files can be sent (this is a .png file).');
    expect(message('README')).toBe('“README” was left out: only PDF files can be sent.');
    expect(message('.git')).toBe('“.git” was left out: it is hidden.');
    expect(message('missing.pdf')).toBe('“missing.pdf” was not found.');
    expect(skipped.find((s) => s.reason === 'notPdf')!.code).toBe('input.notPdf');
  });

  it('lists a file once however often it is reached (dropped twice, inside a dropped folder, through a link loop)', async () => {
    const { pdfs } = await expandInputs([at('drop', 'Scan.PDF'), at('drop'), at('drop', 'Scan.PDF')]);
    expect(pdfs.map(rel)).toEqual(['drop/Scan.PDF', 'drop/contract 2.pdf', 'drop/contract 10.pdf', 'drop/sub/deeper/annex.pdf']);
  });

  it('an explicitly chosen hidden PDF is taken; the walk stops at the limit', async () => {
    expect((await expandInputs([at('drop', '._contract 2.pdf')])).pdfs.map(rel)).toEqual(['drop/._contract 2.pdf']);
    const limited = await expandInputs([at('drop')], { limit: 2 });
    expect(limited.pdfs).toHaveLength(2);
    expect(limited.truncated).toBe(true);
    // The first path left out says why, once.
    const tooMany = limited.skipped.filter((entry) => entry.reason === 'tooMany');
    expect(tooMany).toHaveLength(1);
    expect(tooMany[0]!.message).toContain('a batch takes 2 PDFs at a time');
  });
});
