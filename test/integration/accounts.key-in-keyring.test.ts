import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { keyringAvailable } from '../helpers/keyring';
import { startStandIn, type StandIn } from '../helpers/stand-in-service';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] keyring tests: ${keyring.reason}`);

describe.skipIf(!keyring.ok)('API keys live in the real OS keyring', () => {
  const apiKey = `sk_test_${Math.random().toString(36).slice(2)}_SignDockKeyringCheck`;
  let standIn: StandIn;

  beforeAll(async () => {
    standIn = await startStandIn([apiKey]);
  });
  afterAll(() => standIn.close());

  it('round-trips the key through the keyring and leaves no trace of it in the data folder', async () => {
    const folder = tempFolder();
    const secrets = new KeytarSecretStore();
    const core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0.0.0', secrets });
    const added = await core.dispatch('accounts.add', { name: 'Production', baseUrl: standIn.url, apiKey });
    expect(added.ok).toBe(true);
    const state = await core.accounts.state();
    const id = state.accounts[0]?.id ?? '';

    // The key is in the keyring, readable by a fresh store (another process would see the same).
    expect(await new KeytarSecretStore().get(id)).toBe(apiKey);
    // It works for a stored-account test, and a failing call logs something.
    expect(await core.dispatch('accounts.test', { accountId: id })).toEqual({ ok: true, value: { ok: true, status: 200 } });
    await core.dispatch('accounts.add', { name: 'Other', baseUrl: standIn.url, apiKey: `${apiKey}-wrong` });
    // Nothing the renderer receives carries the key.
    const everything = JSON.stringify([await core.dispatch('accounts.list', {}), await core.dispatch('app.info', {}), added]);
    expect(everything).not.toContain(apiKey);
    await core.close();

    const files = readAllFiles(folder.path);
    expect(files.length).toBeGreaterThan(0);
    const needle = Buffer.from(apiKey);
    for (const { file, bytes } of files) {
      expect(bytes.includes(needle), `${file} must not contain the API key`).toBe(false);
      expect(bytes.includes(Buffer.from(apiKey, 'utf16le')), `${file} must not contain the API key (UTF-16)`).toBe(false);
    }

    // Removing the account deletes the key from the keyring.
    const again = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0.0.0', secrets });
    expect((await again.dispatch('accounts.remove', { accountId: id })).ok).toBe(true);
    expect(await new KeytarSecretStore().get(id)).toBeNull();
    await again.close();
    folder.remove();
  });
});
