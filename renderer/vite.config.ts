import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer's build, shared by electron-vite (desktop) and plain vite (web host). The root is passed
 * in because a bundled config file cannot trust its own location.
 */
export function rendererConfig(root: string): UserConfig {
  return {
    root,
    plugins: [react(), devServerCsp()],
    build: {
      outDir: resolve(root, '../out/renderer'),
      emptyOutDir: true,
      target: 'chrome140',
      rolldownOptions: { input: { index: resolve(root, 'index.html') } },
    },
  };
}

/**
 * In dev mode only, the React plugin injects an inline preamble script and Vite's client connects back
 * for hot reload; the built app keeps the strict policy untouched.
 */
function devServerCsp(): Plugin {
  return {
    name: 'signdock-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* http://localhost:*"),
  };
}

export const config = defineConfig({ ...rendererConfig(resolve(import.meta.dirname)), base: './' });
// vite's --config loader reads the default export.
export default config;
