import { execFileSync } from 'node:child_process';
import { keyringAvailable } from '../../helpers/keyring';

const root = new URL('../../../', import.meta.url);

/** Builds the renderer once for every test, and finds out whether a keychain is there for them. */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads globalSetup's default export.
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-renderer.mjs'], { cwd: root, stdio: 'inherit' });
  const keyring = await keyringAvailable();
  process.env.SIGNDOCK_E2E_NO_KEYRING = keyring.ok ? '' : keyring.reason;
  if (!keyring.ok) {
    console.log(`End-to-end tests that store an API key are skipped: ${keyring.reason}. Run them through "npm test".`);
  }
}
