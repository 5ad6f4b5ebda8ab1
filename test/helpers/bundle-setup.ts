/**
 * Vitest's global set-up: builds the CLI and web host bundles once (`scripts/bundle.mjs`, about two
 * seconds), so every test that starts them as processes starts the same code without compiling it
 * (`entry.ts`). `SIGNDOCK_TEST_BUNDLES=0` keeps the sources under tsx.
 */
import { execFileSync } from 'node:child_process';

// eslint-disable-next-line no-restricted-syntax -- vitest loads globalSetup's default export.
export default function setup(): void {
  if (process.env.SIGNDOCK_TEST_BUNDLES === '0') return;
  execFileSync(process.execPath, ['scripts/bundle.mjs'], { stdio: 'inherit' });
  process.env.SIGNDOCK_TEST_BUNDLES = '1';
}
