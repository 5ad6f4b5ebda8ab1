import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 31, point 11, with the real keychain store on a machine with no Secret Service (no D-Bus
 * session address, an empty runtime folder) and the sandbox over real HTTP: "Test connection" says
 * that Save will refuse the key for want of a keychain (not just "Connected"), and storing the ngrok
 * authtoken fails in words about the authtoken that name SIGNDOCK_NGROK_AUTHTOKEN (not "API keys").
 */
describe('no keychain: said at Test, and said of the ngrok authtoken', () => {
  const saved = { bus: process.env.DBUS_SESSION_BUS_ADDRESS, runtime: process.env.XDG_RUNTIME_DIR };
  let data: ReturnType<typeof tempFolder>;
  let runtime: ReturnType<typeof tempFolder>;
  let core: Core;
  let sandbox: Sandbox;

  beforeAll(async () => {
    data = tempFolder();
    runtime = tempFolder();
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.XDG_RUNTIME_DIR = runtime.path;
    sandbox = await startSandbox();
    core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0', secrets: new KeytarSecretStore() });
  });
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    if (saved.bus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = saved.bus;
    if (saved.runtime === undefined) delete process.env.XDG_RUNTIME_DIR;
    else process.env.XDG_RUNTIME_DIR = saved.runtime;
    data.remove();
    runtime.remove();
  });

  it('Test connection: the key works, and the keychain that Save needs cannot be used', async () => {
    const tested = await core.dispatch('accounts.test', { baseUrl: sandbox.url, apiKey: sandbox.key });
    expect(tested).toMatchObject({ ok: true, value: { ok: true, status: 200, keychain: { code: 'keychainUnavailable' } } });
    // And Save does refuse it, for that reason.
    const added = await core.dispatch('accounts.add', { name: 'Office', baseUrl: sandbox.url, apiKey: sandbox.key });
    expect(added).toMatchObject({ ok: false, error: { code: 'keychainUnavailable' } });
  });

  it('a wrong key is still said as a wrong key', async () => {
    const tested = await core.dispatch('accounts.test', { baseUrl: sandbox.url, apiKey: `${sandbox.key}x` });
    expect(tested).toMatchObject({ ok: true, value: { ok: false, reason: 'unauthorized' } });
  });

  it('the ngrok authtoken: the keychain problem in its own words, with the environment variable', async () => {
    const stored = await core.dispatch('tunnel.storeAuthtoken', { authtoken: '2abcDEFghiJKLmnoPQRstuVWXyz_0123456789abcdefGHIJ' });
    expect(stored.ok).toBe(false);
    const error = (stored as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('ngrokKeychainUnavailable');
    expect(error.message).toContain('ngrok authtoken');
    expect(error.message).toContain('SIGNDOCK_NGROK_AUTHTOKEN');
    expect(error.message).not.toContain('API key');
  });
});
