import { fileURLToPath } from 'node:url';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startWebHost } from '../../electron/web/server';

/**
 * The web host as `electron/web/main.ts` composes it (core, background work, the same server), with
 * the keys in memory instead of the keychain: the UI benches measure the page, and a machine running
 * them needs no Secret Service. `SIGNDOCK_HOME` is the data folder; prints `{"url"}` once listening.
 */
const core = createCore({ dataFolder: process.env.SIGNDOCK_HOME ?? '', hostKind: 'web', version: '0', secrets: new MemorySecretStore() });
await core.startBackground();
const host = await startWebHost({ core, rendererDir: fileURLToPath(new URL('../../out/renderer', import.meta.url)), port: 0 });
process.stdout.write(JSON.stringify({ url: host.url }) + '\n');
process.once('SIGTERM', () => {
  void host
    .close()
    .then(() => core.close())
    .then(() => process.exit(0));
});
