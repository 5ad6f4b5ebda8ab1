import { execFileSync } from 'node:child_process';
import { keyringAvailable } from '../../helpers/keyring';

const root = new URL('../../../', import.meta.url);

/**
 * Builds the renderer once for every test (unless `npm test` built it beside the unit tests), and the web host and CLI bundles each test starts
 * (`test/helpers/entry.ts`; `SIGNDOCK_TEST_BUNDLES=0` keeps the sources under tsx), and finds out
 * whether a keychain is there for them.
 */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads globalSetup's default export.
export default async function globalSetup(): Promise<void> {
  // npm test builds it beside the unit tests and says so (scripts/test.mjs); otherwise it is built here.
  if (process.env.SIGNDOCK_E2E_RENDERER_BUILT !== '1')
    execFileSync(process.execPath, ['scripts/build-renderer.mjs'], { cwd: root, stdio: 'inherit' });
  if (process.env.SIGNDOCK_TEST_BUNDLES !== '0') {
    execFileSync(process.execPath, ['scripts/bundle.mjs'], { cwd: root, stdio: 'inherit' });
    process.env.SIGNDOCK_TEST_BUNDLES = '1';
  }
  const keyring = await keyringAvailable();
  process.env.SIGNDOCK_E2E_NO_KEYRING = keyring.ok ? '' : keyring.reason;
  if (!keyring.ok) {
    console.log(`End-to-end tests that store an API key are skipped: ${keyring.reason}. Run them through "npm test".`);
  }
}
