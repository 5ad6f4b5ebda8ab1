import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 25 (finding 6): planning an archive names a folder of the computer like archiving does, so a
 * browser page may not name one there either (its siblings: evidence.web-host-paths.test.ts).
 */
describe('evidence.planArchive and host folders', () => {
  let home: ReturnType<typeof tempFolder>;
  let web: Core;
  let cli: Core;
  beforeAll(() => {
    home = tempFolder('signdock-plan-archive-paths-');
    web = createCore({ dataFolder: `${home.path}/web`, hostKind: 'web', version: '0', secrets: new MemorySecretStore() });
    cli = createCore({ dataFolder: `${home.path}/cli`, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
  });
  afterAll(async () => {
    await web.close();
    await cli.close();
    home.remove();
  });

  it('refuses a host folder from a browser page, in the words of its siblings', async () => {
    expect(await web.dispatch('evidence.planArchive', { documentIds: ['a'], folder: '/etc' })).toMatchObject({
      ok: false,
      error: { kind: 'InvalidInput', code: 'evidence.noHostPaths', message: expect.stringMatching(/^In the browser, SignDock does not take an archive folder on this computer/) },
    });
  });

  it('plans without a folder in the browser, and with one from the command line', async () => {
    const planned = await web.dispatch('evidence.planArchive', { documentIds: ['a'] });
    expect(planned.ok || (!planned.ok && planned.error.code !== 'evidence.noHostPaths')).toBe(true);
    const fromCli = await cli.dispatch('evidence.planArchive', { documentIds: ['a'], folder: `${home.path}/elsewhere` });
    expect(fromCli.ok || (!fromCli.ok && fromCli.error.code !== 'evidence.noHostPaths')).toBe(true);
  });
});
