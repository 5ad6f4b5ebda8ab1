import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOne } from '../../electron/core/batches/pdf-check';
import { PdfCheckPool } from '../../electron/core/batches/pdf-check-pool';
import { inspectBytes } from '../../electron/core/batches/pdf-inspect';
import { makeStreamBomb } from '../helpers/stream-bomb';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-pdf-bomb-');
const at = (name: string) => join(folder.path, name);
const MiB = 1024 * 1024;

beforeAll(async () => {
  // A 256 KB file whose object stream inflates to 256 MiB: eight times the 32 MB a stream may decode to.
  writeFileSync(at('bomb.pdf'), await makeStreamBomb({ inflatedBytes: 256 * MiB }));
});
afterAll(() => folder.remove());

describe('file check: decoded stream sizes are bounded', () => {
  it('refuses a stream bomb in plain words, through the real worker pool', async () => {
    const pool = new PdfCheckPool({ size: 1 });
    try {
      const result = await checkOne(pool, at('bomb.pdf'));
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual([
        {
          code: 'file.expands',
          params: { file: 'bomb.pdf', maxMb: 32 },
          message:
            '“bomb.pdf” unpacks to more than 32 MB when opened, far more than a document to sign needs — it may be damaged or made to overload the computer. Save a new copy (for example with “Print → Save as PDF”) and add that instead.',
        },
      ]);
      // The pool goes on with the next file.
      const good = await PDFDocument.create();
      good.addPage();
      writeFileSync(at('good.pdf'), await good.save());
      expect(await checkOne(pool, at('good.pdf'))).toMatchObject({ ok: true, pages: 1 });
    } finally {
      await pool.close();
    }
  });

  it('counts every stream of a file: many streams each under the limit are refused together', async () => {
    const bytes = await makeStreamBomb({ inflatedBytes: 900 * 1024, streams: 6 });
    const limits = { perStream: 1 * MiB, perFile: 3 * MiB };
    const inspection = await inspectBytes(bytes, 'many.pdf', limits);
    expect(inspection.problems.map((p) => [p.code, p.params])).toEqual([['file.expands', { file: 'many.pdf', maxMb: 3 }]]);
    // Fewer of the same streams fit, and the file passes.
    const fewer = await inspectBytes(await makeStreamBomb({ inflatedBytes: 900 * 1024, streams: 3 }), 'fewer.pdf', limits);
    expect(fewer).toMatchObject({ problems: [], pages: 1 });
  });

  it('concurrent checks each have their own budget; ordinary PDFs with object streams pass', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 200; i++) doc.addPage([300, 200]).drawText(`page ${i + 1}`, { x: 20, y: 100 });
    const compressed = await doc.save({ useObjectStreams: true });
    const limits = { perStream: 4 * MiB, perFile: 4 * MiB };
    const small = await makeStreamBomb({ inflatedBytes: 3 * MiB });
    const results = await Promise.all([
      inspectBytes(small, 'a.pdf', limits),
      inspectBytes(small, 'b.pdf', limits),
      inspectBytes(compressed, 'object-streams.pdf'),
    ]);
    expect(results.map((r) => r.problems)).toEqual([[], [], []]);
    expect(results[2]!.pages).toBe(200);
  });
});
