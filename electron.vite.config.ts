import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer/vite.config';

// Main and preload keep their dependencies external (native modules must); the renderer bundles its own.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // PDF checks run in worker threads (electron/core/batches/pdf-check-pool.ts loads this file).
          'pdf-check-worker': resolve(__dirname, 'electron/core/batches/pdf-check-worker.ts'),
          // The certificate's text (electron/core/evidence/checks/pdf-text.ts loads this file).
          'pdf-text-worker': resolve(__dirname, 'electron/core/evidence/checks/pdf-text-worker.mjs'),
          // The webhook inbox's group commits (electron/core/webhooks/inbox-writer.ts loads this file).
          'inbox-writer-thread': resolve(__dirname, 'electron/core/webhooks/inbox-writer-thread.mjs'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig(resolve(__dirname, 'renderer')),
});
