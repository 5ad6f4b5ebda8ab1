import { describe, expect, it } from 'vitest';
import { JOURNAL_KEY_ENTRY, loadJournalKey } from '../../electron/core/journal/journal-key';
import { MemorySecretStore, type SecretStore } from '../../electron/core/secrets/secret-store';

/** Issue 23: where the journal key comes from, and plain words when there is none. */
describe('the journal key', () => {
  const hex = 'ab'.repeat(32);

  it('takes SIGNDOCK_JOURNAL_KEY before the keychain, as hex or base64, and stores nothing then', async () => {
    const secrets = new MemorySecretStore();
    const fromHex = await loadJournalKey({ env: { SIGNDOCK_JOURNAL_KEY: hex }, secrets });
    const fromBase64 = await loadJournalKey({ env: { SIGNDOCK_JOURNAL_KEY: Buffer.from(hex, 'hex').toString('base64') }, secrets });
    expect(fromHex).toMatchObject({ source: 'environment', id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(fromBase64.id).toBe(fromHex.id);
    expect(await secrets.get(JOURNAL_KEY_ENTRY)).toBeNull();
  });

  it('refuses a short key with the variable named, and goes on without a key', async () => {
    const key = await loadJournalKey({ env: { SIGNDOCK_JOURNAL_KEY: 'abcd' }, secrets: new MemorySecretStore() });
    expect(key).toMatchObject({
      source: 'none',
      id: null,
      missing: expect.stringMatching(/SIGNDOCK_JOURNAL_KEY must hold at least 32 random bytes/),
    });
    expect(key.mac('entry', 'x')).toBeNull();
  });

  it('makes a key in the keychain once and uses the same one after', async () => {
    const secrets = new MemorySecretStore();
    const first = await loadJournalKey({ env: {}, secrets });
    const second = await loadJournalKey({ env: {}, secrets });
    expect(first.source).toBe('keychain');
    expect(Buffer.from((await secrets.get(JOURNAL_KEY_ENTRY))!, 'base64')).toHaveLength(32);
    expect(second.id).toBe(first.id);
    expect(second.mac('entry', 'x')).toBe(first.mac('entry', 'x'));
  });

  it('says why there is no key when the keychain fails or never answers', async () => {
    const failing: SecretStore = {
      get: () => Promise.reject(new Error('no D-Bus')),
      set: () => Promise.reject(new Error('no')),
      delete: () => Promise.resolve(false),
    };
    expect(await loadJournalKey({ env: {}, secrets: failing })).toMatchObject({
      source: 'none',
      missing: 'the system keychain could not be used and SIGNDOCK_JOURNAL_KEY is not set',
    });
    const silent: SecretStore = {
      get: () => new Promise(() => undefined),
      set: () => new Promise(() => undefined),
      delete: () => Promise.resolve(false),
    };
    expect(await loadJournalKey({ env: {}, secrets: silent, timeoutMs: 50 })).toMatchObject({
      source: 'none',
      missing: expect.stringMatching(/did not answer within 0.05 s/),
    });
  });
});
