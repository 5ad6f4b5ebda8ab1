// Builds only the renderer (what the web host serves) into out/renderer: into a folder of its own first,
// then swapped in, so that a web host serving out/renderer meanwhile (another `npm run web`, a test's
// host while `npm run demo` builds) never finds it half-built or empty.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { build } from 'vite';

const out = new URL('../out/renderer', import.meta.url).pathname;
const next = `${out}.next-${process.pid}`;
const old = `${out}.old-${process.pid}`;
await build({
  configFile: new URL('../renderer/vite.config.ts', import.meta.url).pathname,
  logLevel: 'warn',
  build: { outDir: next, emptyOutDir: true },
});
if (existsSync(out)) renameSync(out, old);
renameSync(next, out);
rmSync(old, { recursive: true, force: true });
