import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { defaultSettings } from '../../shared/domain/settings';
import { startStandIn, type StandIn } from '../helpers/stand-in-service';
import { tempFolder } from '../helpers/temp-folder';

// The real core, a real SQLite file and a real HTTP stand-in: a malformed call must be refused by the
// dispatcher with a typed error before any service runs (no request reaches the stand-in, nothing is stored).
describe('dispatcher', () => {
  let folder: ReturnType<typeof tempFolder>;
  let standIn: StandIn;
  let core: Core;
  let secrets: MemorySecretStore;

  beforeEach(async () => {
    folder = tempFolder();
    standIn = await startStandIn(['good-key']);
    secrets = new MemorySecretStore();
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '1.2.3', secrets });
  });
  afterEach(async () => {
    await core.close();
    await standIn.close();
    folder.remove();
  });

  const malformed: [string, unknown, unknown][] = [
    ['an unknown operation', 'accounts.steal', {}],
    ['a name that is not a string', 42, {}],
    ['input that is not an object', 'accounts.add', 'name=x'],
    ['a missing API key', 'accounts.add', { name: 'Prod', baseUrl: 'STANDIN' }],
    ['an API key with spaces', 'accounts.add', { name: 'Prod', baseUrl: 'STANDIN', apiKey: 'good key' }],
    ['an address that is not a web address', 'accounts.add', { name: 'Prod', baseUrl: 'file:///etc/passwd', apiKey: 'good-key' }],
    ['an unexpected extra field', 'accounts.add', { name: 'Prod', baseUrl: 'STANDIN', apiKey: 'good-key', admin: true }],
    ['an empty account name', 'accounts.add', { name: '   ', baseUrl: 'STANDIN', apiKey: 'good-key' }],
    ['a test with neither account nor key', 'accounts.test', { baseUrl: 'STANDIN' }],
    ['an unknown language', 'settings.update', { language: 'fr' }],
  ];

  for (const [what, name, rawInput] of malformed) {
    it(`refuses ${what} with a typed error and runs nothing`, async () => {
      const input =
        rawInput && typeof rawInput === 'object' && (rawInput as { baseUrl?: unknown }).baseUrl === 'STANDIN'
          ? { ...rawInput, baseUrl: standIn.url }
          : rawInput;
      const result = await core.dispatch(name, input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(['InvalidInput', 'UnknownOperation']).toContain(result.error.kind);
      expect(result.error.message.length).toBeGreaterThan(10);
      expect(standIn.requests).toHaveLength(0);
      expect((await core.dispatch('accounts.list', {})).ok && (await core.accounts.state()).accounts).toEqual([]);
      expect(core.settings.get()).toEqual(defaultSettings);
    });
  }

  it('names the field at fault', async () => {
    const result = await core.dispatch('accounts.add', { name: 'Prod', baseUrl: 'not a url', apiKey: 'k' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.error.fields ?? {})).toEqual(['baseUrl']);
    expect(result.error.fields?.baseUrl?.[0]).toMatch(/web address/);
  });

  it('runs a well-formed call and validates its output', async () => {
    const result = await core.dispatch('app.info', {});
    expect(result).toMatchObject({ ok: true, value: { name: 'SignDock', version: '1.2.3', hostKind: 'cli', dataFolder: folder.path } });
  });

  it('stores nothing when the service refuses the key, and stores the account when it accepts it', async () => {
    const refused = await core.dispatch('accounts.add', { name: 'Prod', baseUrl: standIn.url, apiKey: 'bad-key' });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'Unauthorized', status: 401, message: 'The service did not accept this API key (401).' },
    });
    expect((await core.accounts.state()).accounts).toEqual([]);

    const added = await core.dispatch('accounts.add', { name: 'Prod', baseUrl: `${standIn.url}/`, apiKey: 'good-key' });
    expect(added).toMatchObject({ ok: true, value: { name: 'Prod', baseUrl: standIn.url, hasKey: true, demo: false } });
    const state = await core.accounts.state();
    expect(state.accounts).toHaveLength(1);
    expect(state.selectedId).toBe(state.accounts[0]?.id);
    expect(await secrets.get(state.accounts[0]?.id ?? '')).toBe('good-key');
  });
});
