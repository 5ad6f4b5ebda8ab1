import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { makeStreamBomb } from '../helpers/stream-bomb';
import { tempFolder } from '../helpers/temp-folder';
import type { Bench, Figure } from './bench';
import { runMeasured } from './send-process';

const MB = 1_000_000;
const budgetMb = 300;
const script = fileURLToPath(new URL('./preflight-check.ts', import.meta.url));

interface Checked {
  file: string;
  ok: boolean;
  codes: string[];
}

/** Checks `paths` in a child process; its peak resident memory (VmHWM) and what the check said. */
async function measure(paths: string[]): Promise<{ peakBytes: number; results: Checked[]; seconds: number }> {
  const run = await runMeasured(script, paths);
  if (run.code !== 0) throw new Error(`The check process failed (${run.code ?? run.signal}): ${run.stderr.slice(-2000)}`);
  return { peakBytes: run.peakBytes, results: JSON.parse(run.stdout) as Checked[], seconds: run.seconds };
}

/**
 * The file check's memory with hostile input (issue 15, finding 4): a 1 MB PDF whose object stream
 * inflates to 1 GiB, alone and two at once (the pool checks two files at a time). Baseline: the same
 * process checking ordinary PDFs, as many at once. Without a bound on decoded sizes, the process reached about 2 GB.
 */
export const preflightBench: Bench = {
  name: 'preflight',
  description: 'peak memory of the PDF check on a stream bomb (1 MB inflating to 1 GiB) vs an ordinary PDF',
  async run(log) {
    const folder = tempFolder('signdock-bench-preflight-');
    try {
      const at = (name: string) => join(folder.path, name);
      const GiB = 1024 * 1024 * 1024;
      // Two different bombs (a byte apart), so that the second is not just flagged as a copy of the first.
      const bomb = await makeStreamBomb({ inflatedBytes: GiB });
      writeFileSync(at('bomb-1.pdf'), bomb);
      writeFileSync(at('bomb-2.pdf'), await makeStreamBomb({ inflatedBytes: GiB - 1 }));
      for (const n of [1, 2]) {
        const doc = await PDFDocument.create();
        for (let i = 0; i < 20; i++) doc.addPage().drawText(`Ordinary file ${n}, page ${i + 1}`, { x: 50, y: 700 });
        writeFileSync(at(`ordinary-${n}.pdf`), await doc.save());
      }
      log(`stream bomb: ${(bomb.length / MB).toFixed(2)} MB on disk, one object stream of 1 GiB inflated`);

      const runs = {
        'one ordinary PDF': await measure([at('ordinary-1.pdf')]),
        'two ordinary PDFs': await measure([at('ordinary-1.pdf'), at('ordinary-2.pdf')]),
        'one bomb': await measure([at('bomb-1.pdf')]),
        'two bombs': await measure([at('bomb-1.pdf'), at('bomb-2.pdf')]),
      };
      for (const [name, m] of Object.entries(runs)) {
        log(`${name}: ${JSON.stringify(m.results)} in ${m.seconds.toFixed(1)} s, peak ${(m.peakBytes / MB).toFixed(0)} MB`);
      }
      const refused = [...runs['one bomb'].results, ...runs['two bombs'].results].every((r) => r.codes.join() === 'file.expands');
      if (!refused) log('FAIL: a bomb was not refused as file.expands');
      const figure = (name: string, value: number, baselineName: string, baseline: number): Figure => ({
        name,
        unit: 'MB',
        value: value / MB,
        baseline: { name: baselineName, value: baseline / MB },
        budget: { text: `< ${budgetMb} MB (10^6 bytes), refused as file.expands`, met: value / MB < budgetMb && refused },
        better: 'lower',
      });
      return [
        figure(
          'peak RSS of the checking process, one stream bomb',
          runs['one bomb'].peakBytes,
          'the same check of an ordinary 20-page PDF',
          runs['one ordinary PDF'].peakBytes,
        ),
        figure(
          'peak RSS of the checking process, two stream bombs at once',
          runs['two bombs'].peakBytes,
          'two ordinary PDFs at once',
          runs['two ordinary PDFs'].peakBytes,
        ),
      ];
    } finally {
      folder.remove();
    }
  },
};
