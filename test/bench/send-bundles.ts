import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The send bench measures both sides as plain JavaScript run by `node`, as a user runs SignDock's
 * CLI (`scripts/bundle.mjs`: `out/bundle/cli.mjs`, its check worker beside it), not the sources
 * under tsx (whose loader thread and compiled sources cost some 40–100 MB a built app does not
 * have). The naive client is bundled the same way, into `folder`, so that neither side carries tsx.
 */
export async function sendBundles(folder: string): Promise<{ cli: string; naive: string }> {
  execFileSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' });
  const naive = join(folder, 'send-naive.mjs');
  await build({
    entryPoints: ['test/bench/send-naive.ts'],
    outfile: naive,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return { cli: 'out/bundle/cli.mjs', naive };
}
