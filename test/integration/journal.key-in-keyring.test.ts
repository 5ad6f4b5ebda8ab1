import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { JOURNAL_KEY_ENTRY } from '../../electron/core/journal/journal-key';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { keyringAvailable } from '../helpers/keyring';
import { runCli } from '../helpers/run-cli';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] journal keyring tests: ${keyring.reason}`);

/** Issue 23: the journal's HMAC key lives in the OS keychain, is shared by the app and the CLI, and is nowhere in the data folder. */
describe.skipIf(!keyring.ok)('the journal key in the real OS keyring', () => {
  it('seals in the app, verifies in a CLI process with the same key, and leaves no trace of it on disk', async () => {
    const folder = tempFolder();
    const core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0.0.0', secrets: new KeytarSecretStore() });
    expect((await core.dispatch('app.info', {})).ok).toBe(true);
    for (let i = 1; i <= 3; i += 1)
      core.journal.append({ accountId: 'a', action: 'cancel', subject: `doc-${i}`, outcome: { state: 'done' } });
    await core.close();

    const key = await new KeytarSecretStore().get(JOURNAL_KEY_ENTRY);
    expect(key).toBeTruthy();
    const run = await runCli(['--home', folder.path, 'journal', '--verify'], { env: { SIGNDOCK_JOURNAL_KEY: undefined } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /3 entries, unbroken, each sealed with the journal key \(keychain\); the head matches the checkpoint of .* \(the checkpoint file, sealed\)/,
    );

    const hex = Buffer.from(key!, 'base64').toString('hex');
    for (const file of readAllFiles(folder.path)) {
      expect(file.bytes.includes(Buffer.from(key!)), file.file).toBe(false);
      expect(file.bytes.includes(Buffer.from(hex)), file.file).toBe(false);
    }
    expect(JSON.parse(readFileSync(join(folder.path, 'journal-checkpoint.json'), 'utf8'))).toMatchObject({
      count: 3,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    folder.remove();
  });
});
