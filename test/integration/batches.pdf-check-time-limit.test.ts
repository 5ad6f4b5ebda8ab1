import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOne } from '../../electron/core/batches/pdf-check';
import { PdfCheckPool } from '../../electron/core/batches/pdf-check-pool';
import { tempFolder } from '../helpers/temp-folder';

const fixturesFolder = fileURLToPath(new URL('../fixtures/pdfs/', import.meta.url));
const folder = tempFolder('signdock-pdf-limit-');
const at = (name: string) => join(folder.path, name);

/** Counts main-thread timer ticks and the longest gap between two of them while `work` runs. */
async function whileTicking<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number; maxGapMs: number; elapsedMs: number }> {
  let ticks = 0;
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks++;
  }, 10);
  const start = performance.now();
  try {
    const value = await work();
    return { value, ticks, maxGapMs: Math.max(maxGapMs, performance.now() - last), elapsedMs: performance.now() - start };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A valid PDF of `pages` pages written as plain text: pdf-lib parses it in about a second per
 * 15,000 pages, a slow file for the time limit with nothing broken in it.
 */
function slowPdf(pages: number): Buffer {
  const parts = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (text: string) => {
    offsets.push(length);
    parts.push(text);
    length += text.length;
  };
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  add(`2 0 obj\n<< /Type /Pages /Count ${pages} /Kids [${kids}] >>\nendobj\n`);
  for (let i = 0; i < pages; i++) add(`${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n`);
  parts.push('xref\n', `0 ${pages + 3}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`));
  parts.push(`trailer\n<< /Size ${pages + 3} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/** A worker speaking the check protocol that never answers: it spins forever on each file. */
const spinningWorker = `import { parentPort } from 'node:worker_threads';
parentPort.on('message', () => { for (;;) {} });
parentPort.postMessage({ type: 'ready' });
`;

/** A worker that eats memory until it dies. */
const greedyWorker = `import { parentPort } from 'node:worker_threads';
parentPort.on('message', () => { const all = []; for (;;) all.push(new Array(1e5).fill({ x: Math.random() })); });
parentPort.postMessage({ type: 'ready' });
`;

beforeAll(() => {
  writeFileSync(at('spin.mjs'), spinningWorker);
  writeFileSync(at('greedy.mjs'), greedyWorker);
  writeFileSync(at('slow.pdf'), slowPdf(25_000));
  copyFileSync(join(fixturesFolder, 'one-page.pdf'), at('one-page.pdf'));
});
afterAll(() => folder.remove());

describe('file check time limit', () => {
  it('stops a reader that never finishes, while the main thread keeps ticking', async () => {
    const pool = new PdfCheckPool({ size: 1, timeLimitMs: 1_500, workerEntry: { url: pathToFileURL(at('spin.mjs')) } });
    try {
      const { value, ticks, maxGapMs, elapsedMs } = await whileTicking(() => checkOne(pool, at('one-page.pdf')));
      expect(value.ok).toBe(false);
      expect(value.problems).toEqual([
        {
          code: 'file.tooSlow',
          params: { file: 'one-page.pdf', seconds: 1.5 },
          message: '“one-page.pdf” took too long to read (more than 1.5 s) — it may be damaged.',
        },
      ]);
      expect(elapsedMs).toBeGreaterThanOrEqual(1_500);
      expect(ticks).toBeGreaterThan(20);
      // Had the spinning happened on this thread, one gap would last the whole 1.5 s.
      expect(maxGapMs).toBeLessThan(750);
    } finally {
      await pool.close();
    }
  });

  it('stops a real PDF that takes too long to parse, and the next file is read by a fresh worker', async () => {
    const pool = new PdfCheckPool({ size: 1, timeLimitMs: 60_000 });
    let limited: PdfCheckPool | undefined;
    try {
      await checkOne(pool, at('one-page.pdf')); // worker started
      const full = await whileTicking(() => checkOne(pool, at('slow.pdf')));
      expect(full.value).toMatchObject({ ok: true, pages: 25_000 });
      expect(full.maxGapMs).toBeLessThan(full.elapsedMs / 2);

      // The limit is a quarter of what this machine took for the whole parse: valid, yet too slow for it.
      limited = new PdfCheckPool({ size: 1, timeLimitMs: Math.max(20, Math.floor(full.elapsedMs / 4)) });
      await checkOne(limited, at('one-page.pdf')); // worker started

      const cut = await checkOne(limited, at('slow.pdf'));
      expect(cut.problems.map((p) => p.code)).toEqual(['file.tooSlow']);
      expect(cut.sha256).toBeNull();
      expect(await checkOne(limited, at('one-page.pdf'))).toMatchObject({ ok: true, pages: 1 });
    } finally {
      await Promise.all([pool.close(), limited?.close()]);
    }
  });

  it('a reader that runs out of memory reports the file as damaged; the pool goes on', async () => {
    const pool = new PdfCheckPool({ size: 1, maxHeapMb: 32, workerEntry: { url: pathToFileURL(at('greedy.mjs')) } });
    try {
      const result = await checkOne(pool, at('one-page.pdf'));
      expect(result.problems.map((p) => p.code)).toEqual(['file.damaged']);
      expect(result.problems[0]!.message).toBe('“one-page.pdf” could not be read as a PDF — it may be damaged.');
      expect((await checkOne(pool, at('one-page.pdf'))).problems.map((p) => p.code)).toEqual(['file.damaged']);
    } finally {
      await pool.close();
    }
  });

  it('hostile structures are refused quickly: a page tree that contains itself, arrays nested 100,000 deep', async () => {
    const pdf = (objects: string[]) =>
      `%PDF-1.4\n${objects.map((body, i) => `${i + 1} 0 obj\n${body}\nendobj\n`).join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`;
    writeFileSync(at('cycle.pdf'), pdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Count 1 /Kids [2 0 R] >>']));
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    writeFileSync(
      at('deep.pdf'),
      pdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /X ${deep} >>`,
      ]),
    );
    const pool = new PdfCheckPool({ size: 2 });
    try {
      const [cycle, nested] = await Promise.all([checkOne(pool, at('cycle.pdf')), checkOne(pool, at('deep.pdf'))]);
      expect(cycle.problems.map((p) => p.code)).toEqual(['file.damaged']);
      expect(nested.ok).toBe(false);
      expect(['file.damaged', 'file.noPages']).toContain(nested.problems[0]!.code);
    } finally {
      await pool.close();
    }
  });
});
