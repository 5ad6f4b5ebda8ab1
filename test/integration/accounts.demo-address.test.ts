import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { localSandbox } from '../../electron/demo/local-sandbox';
import { startStandIn, type StandIn } from '../helpers/stand-in-service';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 25 (finding 5): the demo's throw-away key is made for the local sandbox alone. Changing the
 * demo account's address (or key) is refused in words, and a listener at the new address receives
 * nothing, no `Bearer sandbox_…` above all.
 */
describe('the demo account keeps its address', () => {
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let listener: StandIn;
  let accountId = '';

  beforeAll(async () => {
    home = tempFolder('signdock-demo-address-');
    listener = await startStandIn([]);
    core = createCore({ dataFolder: home.path, hostKind: 'web', version: '0', secrets: new MemorySecretStore(), sandbox: localSandbox() });
    const started = await core.dispatch('sandbox.start', {});
    expect(started).toMatchObject({ ok: true, value: { demo: true } });
    accountId = (started as { value: { id: string } }).value.id;
  });
  afterAll(async () => {
    await core.close();
    await listener.close();
    home.remove();
  });

  it('refuses a new address in words, and the listener there receives no request', async () => {
    const before = (await core.accounts.state()).accounts[0]!;
    const result = await core.dispatch('accounts.update', { accountId, baseUrl: listener.url });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'InvalidInput',
        code: 'accountDemoFixed',
        fields: { baseUrl: [expect.stringMatching(/demo account works only with the sandbox/)] },
      },
    });
    if (!result.ok) expect(result.error.message).toMatch(/address and key cannot be changed/);
    expect(listener.requests).toEqual([]);
    expect(listener.requests.some((r) => r.authorization?.startsWith('Bearer sandbox_'))).toBe(false);
    expect((await core.accounts.state()).accounts[0]).toEqual(before);
  });

  it('refuses a new key too, and still takes a new name', async () => {
    expect(await core.dispatch('accounts.update', { accountId, apiKey: 'sk_live_0123456789abcdef' })).toMatchObject({
      ok: false,
      error: { code: 'accountDemoFixed', fields: { apiKey: [expect.any(String)] } },
    });
    expect(await core.dispatch('accounts.update', { accountId, name: 'My demo' })).toMatchObject({
      ok: true,
      value: { name: 'My demo', demo: true },
    });
    expect(listener.requests).toEqual([]);
  });
});
