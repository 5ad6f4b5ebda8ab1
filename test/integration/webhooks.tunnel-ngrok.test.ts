import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { NGROK_AUTHTOKEN_SECRET } from '../../electron/core/secrets/ngrok-authtoken';
import type { TunnelSettings, TunnelStatus } from '../../shared/domain/webhooks';
import { keyringAvailable } from '../helpers/keyring';
import { freePort } from '../helpers/ssh-server';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';
import { startSandboxProcess } from './fixtures/webhook-helpers';
import { ok, tunnelReaches } from './fixtures/tunnel-helpers';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] ngrok keyring tests: ${keyring.reason}`);

// Everything about ngrok that does not need ngrok's service: the SDK is pointed at a closed port
// (SIGNDOCK_NGROK_SERVER_ADDR), which is what "no network" looks like to it.
describe.skipIf(!keyring.ok)('the ngrok tunnel without reaching ngrok', () => {
  const authtoken = `2Test${Math.random().toString(36).slice(2)}NgrokAuthtokenSignDock_x`;
  const secrets = new KeytarSecretStore('SignDock-tunnel-test');
  let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
  let folder: ReturnType<typeof tempFolder>;
  let core: Core;
  let accountId: string;
  const before = process.env.SIGNDOCK_NGROK_SERVER_ADDR;

  const open = async () => {
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0', secrets, webhookPort: 0 });
    await core.startBackground();
  };

  beforeAll(async () => {
    process.env.SIGNDOCK_NGROK_SERVER_ADDR = `127.0.0.1:${await freePort()}`;
    delete process.env.SIGNDOCK_NGROK_AUTHTOKEN;
    await secrets.delete(NGROK_AUTHTOKEN_SECRET).catch(() => false);
    sandbox = await startSandboxProcess(29);
    await sandbox.control.setRateLimit({ enabled: false });
    await sandbox.control.createDocument({
      title: 'Pending while the tunnel is down',
      signatures: [{ validations: { EM: 'ana@example.com' } }],
    });
    folder = tempFolder();
    await open();
    await ok(core.dispatch('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key }));
    accountId = core.accounts.selectedId() ?? '';
    await core.spine.whenSynced();
  });
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    await secrets.delete(NGROK_AUTHTOKEN_SECRET).catch(() => false);
    await secrets.delete(`webhook-token:${accountId}`).catch(() => false);
    await secrets.delete(accountId).catch(() => false);
    folder?.remove();
    if (before === undefined) delete process.env.SIGNDOCK_NGROK_SERVER_ADDR;
    else process.env.SIGNDOCK_NGROK_SERVER_ADDR = before;
  });

  /** The sync engine still re-reads the open documents on its schedule. */
  const pollingGoesOn = () => {
    const open = core.spine.reader.openDocuments(accountId);
    expect(open.length).toBeGreaterThan(0);
    for (const document of open) expect(core.spine.nextReread(accountId, document.documentId)).toBeDefined();
  };

  it('without an authtoken, starting says so in words; polling goes on', async () => {
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ngrok', ngrok: { domain: null } }));
    const settings = await ok<TunnelSettings>(core.dispatch('tunnel.settings', {}));
    expect(settings.ngrok).toEqual({ domain: null, authtokenStored: false, authtokenFromEnvironment: false });
    await ok(core.dispatch('tunnel.start', {}));
    const failed = await tunnelReaches(core, (s) => s.state === 'failed');
    expect(failed.error?.code).toBe('webhooks.tunnel.ngrokNoAuthtoken');
    expect(failed.error?.message).toContain('ngrok needs your authtoken');
    pollingGoesOn();
  });

  it('the authtoken goes to the keychain only; with no network the tunnel says so and keeps trying; polling goes on', async () => {
    const stored = await ok<TunnelSettings>(core.dispatch('tunnel.storeAuthtoken', { authtoken }));
    expect(stored.ngrok.authtokenStored).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(authtoken);
    expect(await new KeytarSecretStore('SignDock-tunnel-test').get(NGROK_AUTHTOKEN_SECRET)).toBe(authtoken);

    const retrying = await tunnelReaches(core, (s) => s.state === 'reconnecting' && s.error !== null, 30_000, 'ngrok to report no network');
    expect(retrying.error?.code).toBe('webhooks.tunnel.noNetwork');
    expect(retrying.error?.message).toContain('seems to be offline');
    expect(retrying.nextRetryAt).not.toBeNull();
    expect(JSON.stringify(retrying)).not.toContain(authtoken);
    pollingGoesOn();
    await ok<TunnelStatus>(core.dispatch('tunnel.stop', {}));
  });

  it('settings round-trip across a restart; forgetting the token empties the keychain; nothing on disk carries the token', async () => {
    await ok(core.dispatch('tunnel.saveSettings', { provider: 'ngrok', ngrok: { domain: 'Acme-Hooks.ngrok.app' } }));
    await core.close();
    await open();
    const settings = await ok<TunnelSettings>(core.dispatch('tunnel.settings', {}));
    expect(settings).toMatchObject({ provider: 'ngrok', enabled: false, ngrok: { domain: 'acme-hooks.ngrok.app', authtokenStored: true } });
    const bad = await core.dispatch('tunnel.saveSettings', { provider: 'ngrok', ngrok: { domain: 'https://acme.ngrok.app/x' } });
    expect(bad.ok).toBe(false);

    const forgotten = await ok<TunnelSettings>(core.dispatch('tunnel.forgetAuthtoken', {}));
    expect(forgotten.ngrok.authtokenStored).toBe(false);
    expect(await secrets.get(NGROK_AUTHTOKEN_SECRET)).toBeNull();
    await core.close();

    const files = readAllFiles(folder.path);
    expect(files.some(({ file }) => file.endsWith('signdock.db'))).toBe(true);
    expect(files.some(({ file }) => file.endsWith('.log'))).toBe(true);
    for (const { file, bytes } of files) {
      expect(bytes.includes(Buffer.from(authtoken)), `${file} must not contain the ngrok authtoken`).toBe(false);
    }
    await open();
  });

  it('SIGNDOCK_NGROK_AUTHTOKEN is used for the run and said so, never stored', async () => {
    process.env.SIGNDOCK_NGROK_AUTHTOKEN = authtoken;
    try {
      const settings = await ok<TunnelSettings>(core.dispatch('tunnel.settings', {}));
      expect(settings.ngrok).toMatchObject({ authtokenStored: false, authtokenFromEnvironment: true });
      await ok(core.dispatch('tunnel.start', {}));
      const retrying = await tunnelReaches(core, (s) => s.state === 'reconnecting' && s.error !== null);
      expect(retrying.error?.code).toBe('webhooks.tunnel.noNetwork');
      await ok(core.dispatch('tunnel.stop', {}));
      expect(await secrets.get(NGROK_AUTHTOKEN_SECRET)).toBeNull();
    } finally {
      delete process.env.SIGNDOCK_NGROK_AUTHTOKEN;
    }
  });
});
