import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempFolder } from '../helpers/temp-folder';

/**
 * In the web host a browser page must not name folders or files of the computer (ARCHITECTURE.md,
 * security model): the evidence operations that take one refuse it there, and take it from the CLI.
 */
describe('evidence operations and host paths', () => {
  let home: ReturnType<typeof tempFolder>;
  let web: Core;
  let cli: Core;
  beforeAll(() => {
    home = tempFolder('signdock-evidence-paths-');
    web = createCore({ dataFolder: `${home.path}/web`, hostKind: 'web', version: '0', secrets: new MemorySecretStore() });
    cli = createCore({ dataFolder: `${home.path}/cli`, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
  });
  afterAll(async () => {
    await web.close();
    await cli.close();
    home.remove();
  });

  it('refuses an archive folder, a folder to index and an export path from a browser page', async () => {
    for (const [op, input] of [
      ['evidence.setArchiveFolder', { path: '/etc' }],
      ['evidence.indexFolder', { path: '/' }],
      ['evidence.export', { bagPaths: ['/x'], outFile: '/tmp/out.zip' }],
      ['evidence.archive', { documentIds: ['a'], folder: '/tmp/elsewhere' }],
      // Issue 25: planning names the folder too.
      ['evidence.planArchive', { documentIds: ['a'], folder: '/tmp/elsewhere' }],
    ] as const) {
      const result = await web.dispatch(op, input);
      expect(result, op).toMatchObject({ ok: false, error: { kind: 'InvalidInput', code: 'evidence.noHostPaths' } });
    }
    const settings = await web.dispatch('evidence.settings', {});
    expect(settings).toMatchObject({ ok: true, value: { archiveFolder: `${home.path}/web/archive` } });
  });

  it('takes them from the command line', async () => {
    const result = await cli.dispatch('evidence.setArchiveFolder', { path: `${home.path}/elsewhere` });
    expect(result).toMatchObject({ ok: true, value: { archiveFolder: `${home.path}/elsewhere` } });
    expect(await cli.dispatch('evidence.setArchiveFolder', { path: 'relative/path' })).toMatchObject({
      ok: false,
      error: { code: 'evidence.folderNotAbsolute' },
    });
  });

  it('says which field of a selection is wrong before planning anything', async () => {
    expect(await cli.dispatch('evidence.planArchive', { from: '2025-13-45' })).toMatchObject({
      ok: false,
      error: { kind: 'InvalidInput', fields: { from: [expect.stringMatching(/YYYY-MM-DD/)] } },
    });
    expect(await cli.dispatch('evidence.planArchive', { from: '2025-03-01', to: '2025-02-01' })).toMatchObject({
      ok: false,
      error: { fields: { to: [expect.stringMatching(/before its start/)] } },
    });
    expect(await cli.dispatch('evidence.archive', { documentIds: ['a'], from: '2025-01-01' })).toMatchObject({
      ok: false,
      error: { fields: { documentIds: [expect.stringMatching(/not both/)] } },
    });
  });
});
