import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { samplePdf } from '../sandbox';

/** Writes `count` distinct one-page PDFs (`<prefix>-001.pdf`, …) into `folder`; returns their paths. */
export async function writePdfs(folder: string, count: number, prefix = 'contract'): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `${prefix}-${String(i).padStart(3, '0')}`;
    const path = join(folder, `${name}.pdf`);
    writeFileSync(path, await samplePdf(`${prefix} ${i}`, { body: [`Document ${i} of ${count}.`] }));
    paths.push(path);
  }
  return paths;
}
