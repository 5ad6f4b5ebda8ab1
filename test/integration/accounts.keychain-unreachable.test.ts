import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { createCore, type Core } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { localSandbox } from '../../electron/demo/local-sandbox';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 24, point 7, with the real keychain store on a machine with no Secret Service (no D-Bus session
 * address, an empty runtime folder): the demo starts, the background work starts, and an account whose
 * key is in the unreachable keychain is the one that says it needs the keychain (not "no key").
 */
describe('no Secret Service: one account needs the keychain, everything else works', () => {
  const saved = { bus: process.env.DBUS_SESSION_BUS_ADDRESS, runtime: process.env.XDG_RUNTIME_DIR };
  let data: ReturnType<typeof tempFolder>;
  let runtime: ReturnType<typeof tempFolder>;
  let core: Core;

  beforeAll(() => {
    data = tempFolder();
    runtime = tempFolder();
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.XDG_RUNTIME_DIR = runtime.path;
    core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0', secrets: new KeytarSecretStore(), sandbox: localSandbox() });
  });
  afterAll(async () => {
    await core.close();
    if (saved.bus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = saved.bus;
    if (saved.runtime === undefined) delete process.env.XDG_RUNTIME_DIR;
    else process.env.XDG_RUNTIME_DIR = saved.runtime;
    data.remove();
    runtime.remove();
  });

  it('starts the demo and the background work; the keychain account says it needs the keychain', async () => {
    // An account added on a day the keychain was there: its key is in the keychain.
    new AccountsRepo(core.db).insert({
      id: 'office',
      name: 'Office',
      baseUrl: 'https://connect.signatura.co',
      demo: false,
      createdAt: new Date().toISOString(),
    });
    const started = Date.now();
    const demo = await core.dispatch('sandbox.start', {});
    expect(demo.ok, JSON.stringify(demo)).toBe(true);
    await core.startBackground();
    expect(Date.now() - started).toBeLessThan(8_000);
    const listed = await core.dispatch('accounts.list', {});
    expect(listed.ok).toBe(true);
    const accounts = (listed as { value: { accounts: { name: string; hasKey: boolean; keychainUnreachable?: boolean }[] } }).value.accounts;
    expect(accounts.find((a) => a.name === 'Office')).toMatchObject({ hasKey: false, keychainUnreachable: true });
    expect(accounts.find((a) => a.name === 'Sandbox (demo)')).toMatchObject({ hasKey: true });
    expect(accounts.find((a) => a.name === 'Sandbox (demo)')).not.toHaveProperty('keychainUnreachable');
    // The demo account's documents are there (sync through its in-memory key).
    const documents = await core.dispatch('documents.list', { limit: 5 });
    expect(documents.ok, JSON.stringify(documents)).toBe(true);
  });
});
