import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, statfsSync } from 'node:fs';
import { availableParallelism, freemem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { checkBag } from '../../electron/core/evidence/bag/bag-check';
import { findBags } from '../../electron/core/evidence/checks/bag-verify';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox } from '../sandbox';
import type { Bench, Figure } from './bench';
import { writeLargePdf } from './send-pdfs';
import { runMeasured } from './send-process';

const MB = 1e6;
/** About 1 GB: 10 bags of a 80 MB package, a 15 MB signed PDF and a 5 MB certificate. */
const BAGS = 10;
const FILES = { 'package.zip': 80 * MB, 'signed.pdf': 15 * MB, 'certificate.pdf': 5 * MB };
const ROUNDS = 3;
/** 20 documents whose package is about 50 MB (the original and the signed PDF, 24 MB each, in one ZIP). */
const PACKAGES = 20;
const ORIGINAL_BYTES = 24 * MB;

type Log = (line: string) => void;

/**
 * Issue 14's two figures, each beside a baseline measured in the same run:
 *
 * - hashing throughput of `verify` (the re-hash of each bag against its manifests, the code `verify`,
 *   the scheduled check and the index rebuild share) over a ~1 GB archive generated in a temporary
 *   folder, beside `sha256sum` over the same files. Both read from the page cache (a first unmeasured
 *   pass warms it); best of ROUNDS alternating runs each.
 * - peak RSS of SignDock's CLI (`archive`, its own process) archiving PACKAGES documents whose ZIP
 *   package is about 50 MB, from the sandbox (in this process, so its memory is not counted), beside a
 *   naive archiver that buffers each download whole (`archive-naive.ts`), also its own process. Both
 *   run built (esbuild, as `scripts/bundle.mjs` builds the CLI the tests start), in plain Node: tsx's
 *   loader thread and its compiled sources are not the archiver's memory. The same CLI under tsx
 *   (`npm run -s cli`) is measured too and logged beside, not budgeted.
 */
export const verifyBench: Bench = {
  name: 'verify',
  description: `verify's hashing over a ~1 GB archive beside sha256sum; peak memory archiving ${PACKAGES} packages of ~50 MB beside a naive archiver`,
  async run(log) {
    preflight(log);
    // VERIFY_BENCH_ONLY=hashing|archiving runs one of the two figures (while working on one of them).
    const only = process.env.VERIFY_BENCH_ONLY;
    return [...(only === 'archiving' ? [] : [await hashing(log)]), ...(only === 'hashing' ? [] : [await archiving(log)])];
  },
};

async function hashing(log: Log): Promise<Figure> {
  const archive = tempFolder('signdock-bench-verify-');
  try {
    for (let i = 0; i < BAGS; i += 1) {
      await writeFixtureBag(archive.path, {
        title: `Large ${i + 1}`,
        documentId: `0199${String(i).padStart(4, '0')}-0000-7000-8000-000000000000`,
        files: FILES,
      });
    }
    const bags = await findBags(archive.path);
    const files = bags.flatMap((bag) => readdirSync(join(bag, 'data')).map((name) => join(bag, 'data', name)));
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    log(`archive: ${bags.length} bags, ${files.length} payload files, ${(bytes / MB).toFixed(0)} MB; ${availableParallelism()} cores`);
    const sha256sum = () => {
      const started = performance.now();
      const run = spawnSync('sha256sum', files, { encoding: 'utf8', maxBuffer: 16 * MB });
      if (run.status !== 0) throw new Error(`sha256sum failed: ${run.stderr}`);
      return (performance.now() - started) / 1000;
    };
    const ours = async () => {
      const started = performance.now();
      let problems = 0;
      for (const bag of bags) problems += (await checkBag(bag)).problems.length;
      if (problems > 0) throw new Error(`verify found ${problems} problems in a fresh archive`);
      return (performance.now() - started) / 1000;
    };
    sha256sum(); // warms the page cache
    let best = { ours: Infinity, theirs: Infinity };
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await ours();
      const b = sha256sum();
      log(`round ${round + 1}: SignDock ${(bytes / MB / a).toFixed(0)} MB/s, sha256sum ${(bytes / MB / b).toFixed(0)} MB/s`);
      best = { ours: Math.min(best.ours, a), theirs: Math.min(best.theirs, b) };
    }
    const value = bytes / MB / best.ours;
    const baseline = bytes / MB / best.theirs;
    return {
      name: `verify hashing, ~1 GB archive (${bags.length} bags)`,
      unit: 'MB/s',
      value,
      baseline: { name: 'sha256sum over the same files', value: baseline },
      budget: { text: '≥ 80% of sha256sum', met: value >= 0.8 * baseline },
      better: 'higher',
    };
  } finally {
    archive.remove();
  }
}

function sizeOf(path: string): number {
  return statSync(path).size;
}

async function archiving(log: Log): Promise<Figure> {
  const sandbox = await startSandbox({ port: 0, seed: 14, autoSign: { enabled: false } });
  const home = tempFolder('signdock-bench-archive-home-');
  const tsxHome = tempFolder('signdock-bench-archive-tsx-');
  const naiveOut = tempFolder('signdock-bench-archive-naive-');
  const naiveBuild = tempFolder('signdock-bench-archive-built-');
  const originals = tempFolder('signdock-bench-archive-pdfs-');
  try {
    const ids: string[] = [];
    for (let i = 0; i < PACKAGES; i += 1) {
      const path = join(originals.path, `large-${i}.pdf`);
      writeLargePdf(path, `Large ${i + 1}`, ORIGINAL_BYTES);
      ids.push(
        sandbox.services.workflow.create({
          title: `Large package ${i + 1}`,
          file: readFileSync(path),
          signatures: [{ validations: { EM: `s${i}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
      );
    }
    await sandbox.controlClient.signAll();
    // The sandbox makes each document's evidence on its first download (pdf-lib, deflate): made here
    // first, so that neither side's time includes it.
    for (const id of ids) {
      for (const kind of ['zipfile', 'pdf-certificate', 'document']) {
        const response = await fetch(`${sandbox.url}/api/v2/documents/${id}/download/${kind}`, {
          headers: { authorization: `Bearer ${sandbox.key}` },
        });
        for await (const chunk of response.body ?? []) void chunk;
      }
    }
    const env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
    // Timestamps on: every bag asks the sandbox's TSA for a token over its tag manifest.
    const tsa = ['--tsa', sandbox.tsa.url, '--tsa-ca', sandbox.tsa.caFile];
    const built = await buildScripts(naiveBuild.path);
    const archiveArgs = (folder: string) => ['--home', folder, '--json', ...tsa, 'archive', '--from', '2000-01-01'];
    const ours = await runMeasured(built.cli, archiveArgs(home.path), { env });
    // With SIGNDOCK_MEMLOG=1 the CLI logs its memory at each step of each bag (mem-log.ts): shown here, the peak last.
    for (const line of ours.stderr.split('\n').filter((l) => l.startsWith('[mem]'))) log(line);
    if (ours.code !== 0) throw new Error(`archive failed (${ours.code}): ${ours.stderr.slice(-2000)}`);
    const archived = (JSON.parse(ours.stdout) as { items: { state: string }[] }).items.filter((item) => item.state === 'done').length;
    const bagPaths = await findBags(join(home.path, 'archive'));
    const packageBytes = bagPaths.map((bag) => sizeOf(join(bag, 'data', 'package.zip')));
    const timestamped = bagPaths.filter((bag) => existsSync(join(bag, 'tagmanifest-sha256.txt.tsr'))).length;
    log(
      `SignDock archived ${archived} of ${PACKAGES} in ${ours.seconds.toFixed(1)} s (CPU ${ours.cpuSeconds.toFixed(1)} s), ${timestamped} timestamped by the sandbox TSA; packages ${(Math.min(...packageBytes) / MB).toFixed(1)}–${(Math.max(...packageBytes) / MB).toFixed(1)} MB`,
    );
    // The same archive by the CLI started from its sources under tsx, in a data folder of its own: logged, not budgeted.
    const underTsx = await runMeasured('electron/cli/main.ts', archiveArgs(tsxHome.path), { env });
    if (underTsx.code !== 0) throw new Error(`archive under tsx failed (${underTsx.code}): ${underTsx.stderr.slice(-2000)}`);
    log(
      `the same CLI under tsx (npm run -s cli): peak ${(underTsx.peakBytes / MB).toFixed(0)} MB in ${underTsx.seconds.toFixed(1)} s (CPU ${underTsx.cpuSeconds.toFixed(1)} s)`,
    );
    const naive = await runMeasured(built.naive, [
      '--url',
      sandbox.url,
      '--key',
      sandbox.key,
      '--ids',
      ids.join(','),
      '--out',
      naiveOut.path,
    ]);
    if (naive.code !== 0) throw new Error(`naive archiver failed (${naive.code}): ${naive.stderr.slice(-2000)}`);
    log(
      `naive archiver (built, plain Node): ${naive.seconds.toFixed(1)} s (CPU ${naive.cpuSeconds.toFixed(1)} s), peak ${(naive.peakBytes / MB).toFixed(0)} MB`,
    );
    const value = ours.peakBytes / MB;
    return {
      name: `peak RSS archiving ${PACKAGES} packages of ~50 MB, timestamps on (built CLI archive, own process)`,
      unit: 'MB',
      value,
      baseline: { name: 'naive archiver (each download buffered whole)', value: naive.peakBytes / MB },
      budget: {
        text: `< 200 MB, all ${PACKAGES} archived and timestamped`,
        met: value < 200 && archived === PACKAGES && timestamped === PACKAGES,
      },
      better: 'lower',
    };
  } finally {
    await sandbox.stop();
    home.remove();
    tsxHome.remove();
    naiveOut.remove();
    naiveBuild.remove();
    originals.remove();
  }
}

/**
 * The CLI as `scripts/bundle.mjs` builds it (`out/bundle/cli.mjs`, its worker threads beside it), and the
 * naive archiver built the same way into `folder`: both then run in plain Node.
 */
async function buildScripts(folder: string): Promise<{ cli: string; naive: string }> {
  const bundled = spawnSync(process.execPath, ['scripts/bundle.mjs'], { encoding: 'utf8' });
  if (bundled.status !== 0) throw new Error(`scripts/bundle.mjs failed: ${bundled.stderr}`);
  const naive = join(folder, 'archive-naive.mjs');
  await build({
    entryPoints: ['test/bench/archive-naive.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: naive,
    logLevel: 'warning',
  });
  return { cli: 'out/bundle/cli.mjs', naive };
}

function preflight(log: Log): void {
  const fs = statfsSync(tmpdir());
  const freeDisk = fs.bavail * fs.bsize;
  const needDisk = 1000 * MB + PACKAGES * ORIGINAL_BYTES * 7;
  log(`machine: ${(freeDisk / 1e9).toFixed(1)} GB free in ${tmpdir()}, ${(freemem() / 1e9).toFixed(1)} GB of memory free`);
  if (freeDisk < needDisk)
    throw new Error(`verify bench: needs ${(needDisk / 1e9).toFixed(1)} GB free in ${tmpdir()} (point TMPDIR elsewhere)`);
  if (freemem() < 3000 * MB) throw new Error('verify bench: needs about 3 GB of free memory (the sandbox keeps every file it makes)');
}
