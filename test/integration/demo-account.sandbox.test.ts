import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { localSandbox } from '../../electron/demo/local-sandbox';
import { keyringAvailable } from '../helpers/keyring';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] "Try the sandbox" tests: ${keyring.reason}`);

async function countDocuments(baseUrl: string, apiKey: string): Promise<number> {
  const res = await request(`${baseUrl}/api/v2/documents`, { headers: { authorization: `Bearer ${apiKey}` } });
  return ((await res.body.json()) as unknown[]).length;
}

describe.skipIf(!keyring.ok)('Try the sandbox', () => {
  it('adds a selected demo account whose sandbox has demo data, and brings it back after a restart', async () => {
    const folder = tempFolder();
    const first = createCore({
      dataFolder: folder.path,
      hostKind: 'web',
      version: '0',
      secrets: new KeytarSecretStore(),
      sandbox: localSandbox(),
    });
    const started = await first.dispatch('sandbox.start', {});
    expect(started).toMatchObject({ ok: true, value: { demo: true, hasKey: true, name: 'Sandbox (demo)' } });
    const state = await first.accounts.state();
    expect(state.selectedId).toBe(state.accounts[0]?.id);
    const credentials = await first.accounts.credentialsFor(state.accounts[0]?.id ?? '');
    expect(credentials.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const demoCount = await countDocuments(credentials.baseUrl, credentials.apiKey);
    expect(demoCount).toBeGreaterThanOrEqual(45);
    // Starting again reuses the same account rather than adding a second one.
    expect((await first.dispatch('sandbox.start', {})).ok).toBe(true);
    expect((await first.accounts.state()).accounts).toHaveLength(1);
    await first.close();

    // After a restart the sandbox is down until the account is used; testing it brings it back with its data.
    const second = createCore({
      dataFolder: folder.path,
      hostKind: 'web',
      version: '0',
      secrets: new KeytarSecretStore(),
      sandbox: localSandbox(),
    });
    const id = (await second.accounts.state()).accounts[0]?.id ?? '';
    expect(await second.dispatch('accounts.test', { accountId: id })).toEqual({ ok: true, value: { ok: true, status: 200 } });
    const again = await second.accounts.credentialsFor(id);
    expect(await countDocuments(again.baseUrl, again.apiKey)).toBe(demoCount);
    await second.dispatch('accounts.remove', { accountId: id });
    await second.close();

    // The demo's key lives in memory only: nowhere in the data folder, the sandbox's state included,
    // nor in the keychain; each run has its own.
    expect(again.apiKey).not.toBe(credentials.apiKey);
    expect(await new KeytarSecretStore().get(id)).toBeNull();
    const written = readAllFiles(folder.path);
    expect(written.some(({ file }) => file.includes('/sandbox/'))).toBe(true);
    for (const { file, bytes } of written) {
      for (const key of [credentials.apiKey, again.apiKey]) expect(bytes.includes(Buffer.from(key)), file).toBe(false);
    }
    folder.remove();
  });
});
