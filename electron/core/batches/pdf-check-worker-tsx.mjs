// Entry of the PDF check worker when SignDock runs from its TypeScript sources (tsx: development,
// the CLI, the web host, tests): Node cannot start a worker on a .ts file, even under tsx, so this
// plain module teaches the new thread TypeScript, then runs the worker. It registers tsx's CommonJS
// hook, which compiles in this thread, and requires the worker through it: tsx's ESM loader would
// start a loader thread of its own for each worker (about 15 MB more while a 50 MB file is checked,
// issue 33). Builds use the bundled pdf-check-worker.js instead (see pdf-check-pool.ts).
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)('./pdf-check-worker.ts');
