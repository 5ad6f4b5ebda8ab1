import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer's build, shared by electron-vite (desktop) and plain vite (web host). The root is passed
 * in because a bundled config file cannot trust its own location.
 */
export function rendererConfig(root: string): UserConfig {
  return {
    root,
    plugins: [react()],
    build: {
      outDir: resolve(root, '../out/renderer'),
      emptyOutDir: true,
      target: 'chrome140',
      rolldownOptions: { input: { index: resolve(root, 'index.html') } },
    },
  };
}

export const config = defineConfig({ ...rendererConfig(resolve(import.meta.dirname)), base: './' });
// vite's --config loader reads the default export.
// eslint-disable-next-line no-restricted-syntax
export default config;
