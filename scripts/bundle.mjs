// The CLI, the web host and the sandbox as single JavaScript files (`out/bundle/`), with the worker threads they load
// beside them: a process starts in about a quarter of the time `tsx` needs to compile the sources on
// every start (`cli --help`: 0.47 s against 1.84 s on a 2-core machine). The tests start these (built once
// per run by their global set-ups, `test/helpers/entry.ts`). Native modules, pdf.js (it finds its own
// worker beside its module) and the optional SSH/ngrok clients stay in node_modules. Run: `node scripts/bundle.mjs`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundleFolder = fileURLToPath(new URL('../out/bundle/', import.meta.url));

/** The bundle of each source entry, relative to the repository (same depth: paths such as `../../out/renderer` still hold). */
const bundles = {
  'electron/cli/main.ts': 'out/bundle/cli.mjs',
  'electron/web/main.ts': 'out/bundle/web.mjs',
  // The sandbox (`npm run sandbox`, and the tests' service): same depth as its source too.
  'test/sandbox/main.ts': 'out/bundle/sandbox.mjs',
};

// Loaded by `new URL('./<name>.js', import.meta.url)` beside the bundle (pdf-check-pool.ts, pdf-text.ts, inbox-writer.ts).
const workers = {
  'pdf-check-worker': 'electron/core/batches/pdf-check-worker.ts',
  'pdf-text-worker': 'electron/core/evidence/checks/pdf-text-worker.mjs',
  'inbox-writer-thread': 'electron/core/webhooks/inbox-writer-thread.mjs',
};

// pdf.js finds its own worker file beside its module: it stays in node_modules.
const external = ['better-sqlite3', 'pdfjs-dist', '@napi-rs/keyring', '@ngrok/ngrok', 'ssh2', 'cpu-features', 'pg-native', 'electron'];
// Bundled CommonJS dependencies call `require`, which an ES module does not have.
const banner = {
  js: "import { createRequire as __signdockRequire } from 'node:module'; const require = __signdockRequire(import.meta.url);",
};

async function bundle() {
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    banner,
    logLevel: 'warning',
  };
  const entries = Object.fromEntries(Object.entries(bundles).map(([source, out]) => [out.replace(/^out\/bundle\/|\.mjs$/g, ''), source]));
  await Promise.all([
    build({ ...common, entryPoints: entries, outdir: bundleFolder, outExtension: { '.js': '.mjs' } }),
    build({ ...common, entryPoints: workers, outdir: bundleFolder }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
