import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { localSandbox } from '../../electron/demo/local-sandbox';
import type { Settings } from '../../shared/domain/settings';
import { tempFolder } from '../helpers/temp-folder';

/** "Try the sandbox" timestamps its bags with the sandbox's own TSA, unless the user chose one. */
const opened: { core: Core; folder: ReturnType<typeof tempFolder> }[] = [];
afterEach(async () => {
  for (const { core, folder } of opened.splice(0)) {
    await core.close();
    folder.remove();
  }
});

async function demoCore(): Promise<Core> {
  const folder = tempFolder('signdock-demo-tsa-');
  const core = createCore({
    dataFolder: folder.path,
    hostKind: 'web',
    version: '0',
    secrets: new MemorySecretStore(),
    sandbox: localSandbox(),
  });
  opened.push({ core, folder });
  return core;
}

const timestamps = async (core: Core) => {
  const result = await core.dispatch('settings.get', {});
  return result.ok ? (result.value as Settings).timestamps : null;
};

describe('Try the sandbox: timestamps', () => {
  it('sets the sandbox TSA when none is set, and it answers', async () => {
    const core = await demoCore();
    expect((await core.dispatch('sandbox.start', {})).ok).toBe(true);
    const { baseUrl } = await core.accounts.credentialsFor((await core.accounts.state()).selectedId ?? '');
    expect((await timestamps(core))?.tsaUrl).toBe(`${baseUrl}/tsa`);
    const answer = await fetch(`${baseUrl}/tsa`);
    expect(answer.status).toBe(405);
  });

  it('keeps a TSA the user chose', async () => {
    const core = await demoCore();
    await core.dispatch('settings.update', { timestamps: { tsaUrl: 'https://tsa.example.com/', tsaAnchors: [] } });
    expect((await core.dispatch('sandbox.start', {})).ok).toBe(true);
    expect((await timestamps(core))?.tsaUrl).toBe('https://tsa.example.com/');
  });
});
