import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdfs } from '../helpers/pdf-batch';
import { runCli } from '../helpers/run-cli';
import { readAllFiles, tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 11: the CLI on SIGNDOCK_API_KEY / SIGNDOCK_BASE_URL alone, with no stored account and no D-Bus
 * session (cron, servers, CI): sync, list, show, send and send --resume work, later runs with the same
 * variables see the same mirror and batches, paths are read from the folder the user typed them in
 * (INIT_CWD under npm), and nothing of the key is written anywhere.
 */
describe('CLI on environment credentials alone, without a keychain', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let work: ReturnType<typeof tempFolder>;
  let env: Record<string, string | undefined>;
  const cli = (args: string[], extra: Record<string, string | undefined> = {}) =>
    runCli(['--home', home.path, ...args], { env: { ...env, ...extra } });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, demo: true, seed: 11, autoSign: { enabled: false } });
    home = tempFolder('signdock-env-home-');
    work = tempFolder('signdock-env-work-');
    const noBus = join(work.path, 'no-session');
    mkdirSync(noBus);
    // No D-Bus session at all: no address, and a runtime folder with no bus socket in it.
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, DBUS_SESSION_BUS_ADDRESS: undefined, XDG_RUNTIME_DIR: noBus };
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    work.remove();
  });

  it('auth status, sync, list, show, send and send --resume work, and the key is stored nowhere', async () => {
    const status = await cli(['auth', 'status']);
    expect(status.code, status.stderr).toBe(0);

    const expected = (await sandbox.controlClient.state()).documents;
    const sync = await cli(['--json', 'sync']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ state: 'idle', total: expected.length });

    const listed = JSON.parse((await cli(['--json', 'list'])).stdout) as { id: string }[];
    expect(listed.map((d) => d.id).sort()).toEqual(expected.map((d) => String(d.id)).sort());
    const shown = await cli(['--json', 'show', String(expected[0]!.id)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: String(expected[0]!.id) });

    // Relative paths are read from the folder the user typed them in, not the project's folder.
    const folder = join(work.path, 'contracts');
    mkdirSync(folder);
    await writePdfs(folder, 2, 'env-send');
    const send = await cli(['--json', 'send', 'contracts', '--signer', 'EM=ana@example.com'], { INIT_CWD: work.path });
    expect(send.code, send.stderr).toBe(0);
    const sent = JSON.parse(send.stdout) as { batch_id: string; items: { status: string; document_id: string }[] };
    expect(sent.items.map((item) => item.status)).toEqual(['sent', 'sent']);

    // A later run with the same variables finds the same batch and sees the sent documents in its mirror.
    const resumed = await cli(['--json', 'send', '--resume', sent.batch_id]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((JSON.parse(resumed.stdout) as typeof sent).items.map((item) => item.document_id)).toEqual(
      sent.items.map((item) => item.document_id),
    );
    const after = JSON.parse((await cli(['--json', 'list', '--search', 'env send'])).stdout) as { id: string }[];
    expect(after.map((d) => d.id).sort()).toEqual(sent.items.map((item) => item.document_id).sort());
    expect((await sandbox.controlClient.stats()).creates.total).toBe(2);

    // Another key is another account: it does not see this run's batch.
    const other = await sandbox.controlClient.addKey();
    const stranger = await cli(['send', '--resume', sent.batch_id], { SIGNDOCK_API_KEY: other });
    expect(stranger.code).not.toBe(0);

    for (const file of readAllFiles(home.path)) {
      expect(file.bytes.includes(Buffer.from(sandbox.key)), `${file.file} holds the key`).toBe(false);
      expect(file.bytes.includes(Buffer.from(other)), `${file.file} holds the other key`).toBe(false);
    }
  });

  it('a path given with --home and --manifest is read from the folder the user typed it in', async () => {
    const folder = join(work.path, 'relative-home');
    const run = await runCli(['--home', 'relative-home', 'info'], { env: { ...env, INIT_CWD: work.path } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(folder);

    const here = join(work.path, 'with-manifest');
    mkdirSync(here);
    await writePdfs(here, 1, 'manifest-row');
    writeFileSync(join(here, 'signers.csv'), 'file,title,signer1_email\nmanifest-row-001.pdf,Typed here,eva@example.com\n');
    const send = await cli(['--json', 'send', 'manifest-row-001.pdf', '--manifest', 'signers.csv'], { INIT_CWD: here });
    expect(send.code, send.stderr).toBe(0);
    const sent = JSON.parse(send.stdout) as { items: { title: string; status: string }[] };
    expect(sent.items).toMatchObject([{ title: 'Typed here', status: 'sent' }]);
  });

  it('a plain http:// address is refused for anything but this computer', async () => {
    const remote = await cli(['sync'], { SIGNDOCK_BASE_URL: 'http://service.example.com' });
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/SIGNDOCK_BASE_URL: .*https:\/\//);
  });
});
