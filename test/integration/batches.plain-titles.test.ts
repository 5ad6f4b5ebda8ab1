import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch } from '../../shared/domain/batches';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 31, point 6: control (C0, C1) and bidirectional characters of a file name do not reach the
 * title sent to the service. A file named with U+202E (which shows `fdp.exe` as `exe.pdf`), an escape
 * sequence, a C1 control and a line break is sent to the real sandbox over HTTP; the sandbox's document
 * has a plain title, and so does a title typed with the same characters.
 */

// `\u202E` right-to-left override, `\x1b[31m` a terminal colour, `\x9b` C1 CSI, `\x07` bell, `\n` a break.
const hostileName = 'Lease\u202Efdp.exe\x1b[31m red\x9b\x07 part\ntwo.pdf';
const hostileTyped = 'Typed \u2066title\u2069\x1b]0;owned\x07 \u200Fhere';
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 31 });
});
afterAll(async () => {
  await sandbox.stop();
});

describe('titles made from file names', () => {
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeAll(async () => {
    home = tempFolder('signdock-titles-home-');
    files = tempFolder('signdock-titles-files-');
    core = createCore({ dataFolder: home.path, hostKind: 'web', version: '0', secrets: new MemorySecretStore() });
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  });
  afterAll(async () => {
    await core.close();
    home.remove();
    files.remove();
  });

  it('sends a file named with U+202E, ESC and C1 controls under a clean title', async () => {
    const [first, second] = await writePdfs(files.path, 2, 'plain');
    const hostile = join(files.path, hostileName);
    copyFileSync(first!, hostile);
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths: [hostile, second!] });
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    const typedRow = batch.items.find((item) => item.path === second)!;
    await call('batches.updateItems', { batchId: batch.id, itemIds: [typedRow.id], patch: { title: hostileTyped } });
    batch = await call<Batch>('batches.updateItems', {
      batchId: batch.id,
      itemIds: batch.items.map((item) => item.id),
      patch: { signers: [{ validations: { EM: 'ana@example.com' }, invite: ['EM'] }] },
    });
    const row = batch.items.find((item) => item.path === hostile)!;
    expect(row.title).toBe('Leasefdp.exe[31m red part two');

    await call('batches.send', { batchId: batch.id });
    await core.batches.whenSettled(batch.id);
    const sent = await call<Batch>('batches.get', { batchId: batch.id });
    expect(sent.items.map((item) => item.state)).toEqual(['sent', 'sent']);

    const titles = (await sandbox.controlClient.state()).documents.map((document) => document.title).sort();
    expect(titles).toEqual(['Leasefdp.exe[31m red part two', 'Typed title]0;owned here']);
    for (const title of titles) expect(title).not.toMatch(controls);
  });
});
