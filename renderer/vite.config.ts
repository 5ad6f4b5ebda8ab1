import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = resolve(import.meta.dirname);

/** The renderer's build, shared by electron-vite (desktop) and plain vite (web host). */
export const rendererConfig: UserConfig = {
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(root, '../out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: { index: resolve(root, 'index.html') } },
  },
};

export const config = defineConfig(rendererConfig);
// vite's --config loader reads the default export.
// eslint-disable-next-line no-restricted-syntax
export default config;
