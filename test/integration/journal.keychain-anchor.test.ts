import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/host';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { rewriteTail, sqlite } from '../helpers/journal-tamper';
import { keyringAvailable } from '../helpers/keyring';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

const keyring = await keyringAvailable();
if (!keyring.ok) console.warn(`[skipped] journal keychain-copy tests: ${keyring.reason}`);

/**
 * Issue 31, point 4, with the real OS keyring: the last sealed checkpoint is kept beside the journal key,
 * so a run that cannot reach the keychain (a bare `info`) freezes nothing — later keyed runs move the
 * checkpoint on and verify says intact — and putting back an older checkpoint file, or rewriting the chain
 * without the key, is caught by the keychain's copy (which the data folder's backup does not hold).
 */
describe.skipIf(!keyring.ok)('the last sealed checkpoint kept in the keychain beside the key', () => {
  beforeAll(() => {
    delete process.env.SIGNDOCK_JOURNAL_KEY;
  });
  const noKeychain = { SIGNDOCK_JOURNAL_KEY: undefined, DBUS_SESSION_BUS_ADDRESS: undefined, XDG_RUNTIME_DIR: '/nonexistent' };
  const withKeychain = { SIGNDOCK_JOURNAL_KEY: undefined };
  let appended = 0;
  /** A run of the app with the keychain's key: appends `n` entries, then closes. */
  const keyedRun = async (home: string, n: number) => {
    const core = createCore({ dataFolder: home, hostKind: 'cli', version: '0.0.0', secrets: new KeytarSecretStore() });
    expect((await core.dispatch('app.info', {})).ok).toBe(true);
    for (let i = 0; i < n; i += 1)
      core.journal.append({ accountId: 'a', action: 'cancel', subject: `doc-${(appended += 1)}`, outcome: { state: 'done' } });
    expect(core.journal.keyInUse.source).toBe('keychain');
    await core.close();
  };
  const verify = async (home: string) => {
    const run = await runCli(['--home', home, '--json', 'journal', '--verify'], { env: withKeychain });
    return { code: run.code, result: JSON.parse(run.stdout) as { ok: boolean; problems: { message: string }[] } };
  };

  it('a run with no keychain (a bare info) freezes nothing: later keyed runs move the checkpoint on, and verify says intact', async () => {
    const home = tempFolder('signdock-anchor-');
    const info = await runCli(['--home', home.path, 'info'], { env: noKeychain });
    expect(info.code, info.stderr).toBe(0);
    await keyedRun(home.path, 3);
    expect(await verify(home.path)).toMatchObject({
      code: 0,
      result: { ok: true, entries: 3, checkpoint: { source: 'the checkpoint file', count: 3, sealed: true } },
    });
    await runCli(['--home', home.path, 'info'], { env: noKeychain });
    await keyedRun(home.path, 2);
    expect(await verify(home.path)).toMatchObject({ code: 0, result: { ok: true, entries: 5, checkpoint: { count: 5, sealed: true } } });
    // And a tail cut off is noticed.
    sqlite(join(home.path, 'signdock.db'), 'DELETE FROM audit_journal WHERE seq = 5');
    const cut = await verify(home.path);
    expect(cut.code).toBe(1);
    expect(cut.result.problems[0]!.message).toMatch(/the journal was cut short: .* counts 5 entries, the journal ends at entry 4/);
    home.remove();
  }, 180_000);

  it('an older copy of the checkpoint file put back does not hide the newest entries removed', async () => {
    const home = tempFolder('signdock-anchor-');
    await keyedRun(home.path, 3);
    copyFileSync(join(home.path, 'journal-checkpoint.json'), join(home.path, 'backup-checkpoint.json'));
    await keyedRun(home.path, 2);
    sqlite(join(home.path, 'signdock.db'), 'DELETE FROM audit_journal WHERE seq > 3');
    copyFileSync(join(home.path, 'backup-checkpoint.json'), join(home.path, 'journal-checkpoint.json'));
    const run = await runCli(['--home', home.path, 'journal', '--verify'], { env: withKeychain });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /the journal was cut short: the copy in the system keychain \(entry journal-anchor-[0-9a-f]{16}\) of .* counts 5 entries, the journal ends at entry 3 \(the newest entries were deleted\)/,
    );
    home.remove();
  }, 180_000);

  it('a rewrite without the key (seals stripped, checkpoint file deleted) is caught by the keychain copy, and reseal refuses it', async () => {
    const home = tempFolder('signdock-anchor-');
    await keyedRun(home.path, 4);
    const db = join(home.path, 'signdock.db');
    rewriteTail(db, 2, { state: 'failed' });
    sqlite(db, 'UPDATE audit_journal SET mac = NULL, key_id = NULL');
    rmSync(join(home.path, 'journal-checkpoint.json'));
    const run = await runCli(['--home', home.path, 'journal', '--verify'], { env: withKeychain });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /entry 4 is not the one the copy in the system keychain \(entry journal-anchor-[0-9a-f]{16}\) of .* recorded: entries were changed/,
    );
    const reseal = await runCli(['--home', home.path, 'journal', '--reseal', '--yes'], { env: withKeychain });
    expect(reseal.code).toBe(1);
    expect(reseal.stdout).toMatch(/The journal will not be resealed: entry 4 is not the one the copy in the system keychain/);
    home.remove();
  }, 180_000);
});
