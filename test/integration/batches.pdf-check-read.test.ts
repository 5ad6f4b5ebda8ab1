/**
 * The file check's read (pdf-check-read.ts): a large PDF read without the contents of its large
 * streams must be judged exactly as the whole file is (inspectBytes), with the whole file's size
 * and SHA-256; anything it cannot leave out safely is read whole.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readForCheck } from '../../electron/core/batches/pdf-check-read';
import { inspectBytes, inspectFile } from '../../electron/core/batches/pdf-inspect';
import { maxPdfBytes } from '../../shared/domain/pdf-limits';
import { writeLargePdf } from '../bench/send-pdfs';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-pdf-check-read-');
const at = (name: string) => join(folder.path, name);
const fixturesFolder = fileURLToPath(new URL('../fixtures/pdfs/', import.meta.url));
afterAll(() => folder.remove());

/** The check of the file by parts, beside the check of its whole bytes. */
async function bothWays(path: string) {
  const whole = readFileSync(path);
  return { parts: await inspectFile(path, 'file.pdf', maxPdfBytes), whole: await inspectBytes(whole, 'file.pdf'), bytes: whole };
}

describe('the file check reads a large PDF without its large streams', () => {
  it('leaves out a large stream, with the same size, SHA-256 and verdict as the whole file', async () => {
    writeLargePdf(at('large.pdf'), 'large', 6_000_000);
    const read = await readForCheck(at('large.pdf'), maxPdfBytes);
    expect(read.leftOut).toBe(1);
    expect(read.bytes.byteLength).toBeLessThan(4096);
    const { parts, whole, bytes } = await bothWays(at('large.pdf'));
    expect(parts).toEqual(whole);
    expect(parts).toMatchObject({ size: 6_000_000, pages: 1, problems: [] });
    expect(parts.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('reads the file whole when a stream is not followed by endstream where its length says', async () => {
    writeLargePdf(at('wrong-length.pdf'), 'wrong', 6_000_000);
    const text = readFileSync(at('wrong-length.pdf'));
    const mark = text.indexOf('/Length 59');
    expect(mark).toBeGreaterThan(0);
    text.write('/Length 49', mark, 'latin1');
    writeFileSync(at('wrong-length.pdf'), text);
    expect((await readForCheck(at('wrong-length.pdf'), maxPdfBytes)).leftOut).toBe(0);
    const { parts, whole } = await bothWays(at('wrong-length.pdf'));
    expect(parts).toEqual(whole);
  });

  it('judges a large file cut off inside its large stream as the whole file: incomplete', async () => {
    writeLargePdf(at('cut.pdf'), 'cut', 6_000_000);
    truncateSync(at('cut.pdf'), 5_000_000);
    const { parts, whole } = await bothWays(at('cut.pdf'));
    expect(parts).toEqual(whole);
    expect(parts.problems.map((p) => p.code)).toEqual(['file.truncated']);
  });

  it('judges every fixture as the whole file', async () => {
    for (const name of readdirSync(fixturesFolder)) {
      copyFileSync(join(fixturesFolder, name), at(name));
      const { parts, whole } = await bothWays(at(name));
      expect(parts, name).toEqual(whole);
    }
  });
});
