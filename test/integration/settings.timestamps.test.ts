import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Settings } from '../../shared/domain/settings';
import { tempFolder } from '../helpers/temp-folder';
import { sandboxCaCertPem } from '../sandbox';

/** The timestamp settings through the real contract and SQLite: none by default, anchors checked and described by the core. */
let home: ReturnType<typeof tempFolder>;
let core: Core;

beforeEach(() => {
  home = tempFolder('signdock-tsa-settings-');
  core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
});
afterEach(async () => {
  await core.close();
  home.remove();
});

describe('timestamp settings', () => {
  it('no TSA by default', async () => {
    const result = await core.dispatch('settings.get', {});
    expect(result.ok && (result.value as Settings).timestamps).toEqual({ tsaUrl: null, tsaAnchors: [] });
    expect(core.timestamps.endpoint()).toBeNull();
  });

  it('a TSA address and a CA: the core fills the subject and fingerprint and drops a duplicate; the address is used for bags', async () => {
    const result = await core.dispatch('settings.update', {
      timestamps: {
        tsaUrl: 'http://127.0.0.1:4010/tsa',
        tsaAnchors: [
          { pem: sandboxCaCertPem, subject: 'forged', fingerprint: '' },
          { pem: sandboxCaCertPem, subject: '', fingerprint: '' },
        ],
      },
    });
    expect(result.ok).toBe(true);
    const { timestamps } = result.ok ? (result.value as Settings) : ({} as Settings);
    expect(timestamps.tsaAnchors).toHaveLength(1);
    expect(timestamps.tsaAnchors[0]!.subject).toContain('CN=SignDock Sandbox Root CA');
    expect(timestamps.tsaAnchors[0]!.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(core.timestamps.endpoint()).toMatchObject({ url: 'http://127.0.0.1:4010/tsa' });
    expect(core.timestamps.anchors()).toHaveLength(1);
  });

  it('refuses text that is not a certificate, naming the anchor, and an address that is not http(s)', async () => {
    const bad = await core.dispatch('settings.update', {
      timestamps: { tsaUrl: null, tsaAnchors: [{ pem: 'not a certificate', subject: '', fingerprint: '' }] },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.kind).toBe('InvalidInput');
      expect(bad.error.message).toContain('TSA certificate authority 1 is not a certificate');
    }
    const ftp = await core.dispatch('settings.update', { timestamps: { tsaUrl: 'ftp://tsa.example.com/', tsaAnchors: [] } });
    expect(ftp.ok).toBe(false);
  });

  it("the run's override (CLI --tsa / --tsa-ca) wins over Settings and is stored nowhere", async () => {
    await core.dispatch('settings.update', { timestamps: { tsaUrl: 'https://tsa.example.com/', tsaAnchors: [] } });
    await core.close();
    core = createCore({
      dataFolder: home.path,
      hostKind: 'cli',
      version: '0.1.0',
      secrets: new MemorySecretStore(),
      tsaOverride: { url: 'http://127.0.0.1:9/tsa', anchorsPem: [sandboxCaCertPem] },
    });
    expect(core.timestamps.endpoint()).toMatchObject({ url: 'http://127.0.0.1:9/tsa' });
    expect(core.timestamps.anchors()).toHaveLength(1);
    const stored = await core.dispatch('settings.get', {});
    expect(stored.ok && (stored.value as Settings).timestamps.tsaUrl).toBe('https://tsa.example.com/');
  });
});
