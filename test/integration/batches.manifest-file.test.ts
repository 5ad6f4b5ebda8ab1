import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandInputs } from '../../electron/core/batches/expand-inputs';
import { readManifestFile } from '../../electron/core/batches/manifest-file';
import { manifestTemplate } from '../../shared/domain/manifest';
import { tempFolder } from '../helpers/temp-folder';

const fixturesFolder = fileURLToPath(new URL('../fixtures/pdfs/', import.meta.url));
const folder = tempFolder('signdock-manifest-');
const at = (...parts: string[]) => join(folder.path, ...parts);

beforeAll(() => {
  mkdirSync(at('drop', 'annexes'), { recursive: true });
  copyFileSync(join(fixturesFolder, 'one-page.pdf'), at('drop', 'Año 2025.pdf'));
  copyFileSync(join(fixturesFolder, 'three-pages.pdf'), at('drop', 'annexes', 'annex.pdf'));
  copyFileSync(join(fixturesFolder, 'one-page.pdf'), at('drop', 'unlisted.pdf'));
});
afterAll(() => folder.remove());

const text = [
  'file;title;signer1_email;signer1_invite',
  'Año 2025.pdf;Contrato “Año 2025”;ana@example.com;email',
  'annex;;bob@example.com;link',
  'forgotten.pdf;;carla@example.com;email',
].join('\r\n');

describe('reading a manifest file', () => {
  it('reads UTF-8 with a BOM, and matches its rows with the dropped files (folders included)', async () => {
    writeFileSync(at('utf8.csv'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    const dropped = await expandInputs([at('drop')]);
    const { manifest, match, encoding } = await readManifestFile(at('utf8.csv'), dropped.pdfs);
    expect(encoding).toBe('utf-8');
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries.map((e) => e.title)).toEqual(['Contrato “Año 2025”', 'annex', 'forgotten']);
    expect(match!.matched.map((m) => [m.entry.row, m.path])).toEqual([
      [2, at('drop', 'Año 2025.pdf')],
      [3, at('drop', 'annexes', 'annex.pdf')],
    ]);
    expect(match!.problems.map((p) => p.message)).toEqual([
      'Row 4, file: “forgotten.pdf” is not among the files added. Add it, or correct the name.',
      '“unlisted.pdf” has no row in the manifest, so nobody would sign it.',
    ]);
  });

  it('reads Excel’s Windows-1252 “CSV” and UTF-16 “Unicode text” the same way', async () => {
    writeFileSync(at('ansi.csv'), Buffer.from(text.replace('“Año 2025”', 'Año 2025'), 'latin1'));
    writeFileSync(at('utf16.csv'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const ansi = await readManifestFile(at('ansi.csv'));
    expect(ansi.encoding).toBe('windows-1252');
    expect(ansi.manifest.entries[0]).toMatchObject({ file: 'Año 2025.pdf', title: 'Contrato Año 2025' });
    const utf16 = await readManifestFile(at('utf16.csv'));
    expect(utf16.encoding).toBe('utf-16le');
    expect(utf16.manifest.entries[0]).toMatchObject({ file: 'Año 2025.pdf', title: 'Contrato “Año 2025”' });
    expect(utf16.match).toBeUndefined();
  });

  it('the saved template reads back', async () => {
    writeFileSync(at('template.csv'), manifestTemplate());
    const { manifest } = await readManifestFile(at('template.csv'));
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries).toHaveLength(1);
  });

  it('the Spanish template, re-saved by a Spanish Excel (Windows-1252, “;”), reads back with its Spanish column names', async () => {
    writeFileSync(at('plantilla.csv'), Buffer.from(manifestTemplate(';', undefined, 'es'), 'latin1'));
    const { manifest, encoding } = await readManifestFile(at('plantilla.csv'));
    expect(encoding).toBe('windows-1252');
    expect(manifest.problems).toEqual([]);
    expect(manifest.entries[0]).toMatchObject({ file: 'contrato-servicio-2025.pdf', title: 'Contrato de servicio 2025' });
    expect(manifest.entries[0]!.signers.map((signer) => signer.invite)).toEqual([['EM'], ['PH']]);
  });

  it('refuses a spreadsheet saved as a workbook, a missing file and an oversized one, saying what to do', async () => {
    copyFileSync(join(fixturesFolder, 'docx-renamed.pdf'), at('book.csv'));
    await expect(readManifestFile(at('book.csv'))).rejects.toMatchObject({
      kind: 'InvalidInput',
      code: 'manifest.notCsv',
      message: '“book.csv” is not a CSV file: it is a Word document (.docx). In the spreadsheet, use “Save as” and choose CSV.',
    });
    await expect(readManifestFile(at('nope.csv'))).rejects.toMatchObject({
      code: 'file.unreadable',
      message: 'The manifest “nope.csv” could not be read: it does not exist (any more).',
    });
    writeFileSync(at('big.csv'), Buffer.alloc(5 * 1024 * 1024 + 1, 0x61));
    await expect(readManifestFile(at('big.csv'))).rejects.toMatchObject({ code: 'manifest.tooLarge' });
  });
});
