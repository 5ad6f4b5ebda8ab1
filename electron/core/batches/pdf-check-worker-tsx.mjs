// Entry of the PDF check worker when SignDock runs from its TypeScript sources (tsx: development,
// the CLI, the web host, tests): Node cannot start a worker on a .ts file, even under tsx, so this
// plain module teaches the new thread TypeScript, then runs the worker. Builds use the bundled
// pdf-check-worker.js instead (see pdf-check-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-check-worker.ts');
