import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/database';
import { Journal } from '../../electron/core/journal/journal';
import { journalKeyFrom } from '../../electron/core/journal/journal-key';
import { sandboxCore, startArchive } from '../helpers/evidence-core';
import { rewriteTail, sqlite } from '../helpers/journal-tamper';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';
import { entryArgs } from '../helpers/entry';

/**
 * Issue 31, points 3 and 6, as someone without the journal key (SIGNDOCK_JOURNAL_KEY runs, no keychain
 * copy): an entry edited, the chain recomputed, the seals stripped, the checkpoint file and the archive
 * jobs' checkpoints deleted — `journal --verify` does not say intact and `--reseal` blesses none of it;
 * a reseal names what it seals, asks, and is no operation of the browser or the window; a mistyped key is
 * told apart from another key.
 */
const keyHex = randomBytes(32).toString('hex');
const env = { SIGNDOCK_JOURNAL_KEY: keyHex };

describe('journal --reseal against someone without the key', () => {
  let sandbox: Sandbox;
  const documents: string[] = [];
  const cleanup: (() => void)[] = [];
  const previousKey = process.env.SIGNDOCK_JOURNAL_KEY;
  beforeAll(async () => {
    process.env.SIGNDOCK_JOURNAL_KEY = keyHex;
    sandbox = await startSandbox({ port: 0, seed: 31, autoSign: { enabled: false } });
    const file = await samplePdf('Journal');
    for (let i = 1; i <= 2; i += 1)
      documents.push(
        sandbox.services.workflow.create({
          title: `Lease ${i}`,
          file,
          signatures: [{ validations: { EM: `s${i}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
      );
    await sandbox.controlClient.signAll();
  }, 120_000);
  afterAll(async () => {
    await sandbox.stop();
    if (previousKey === undefined) delete process.env.SIGNDOCK_JOURNAL_KEY;
    else process.env.SIGNDOCK_JOURNAL_KEY = previousKey;
  });
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  const folder = () => {
    const made = tempFolder('signdock-journal-reseal-');
    cleanup.push(made.remove);
    return made.path;
  };
  /** A data folder whose journal has `n` entries sealed with `hex`. */
  const sealedFolder = (n: number, hex = keyHex) => {
    const home = folder();
    const db = openDatabase(join(home, 'signdock.db'));
    const journal = new Journal(db, { dataFolder: home });
    journal.useKey(journalKeyFrom(Buffer.from(hex, 'hex'), 'environment'));
    for (let i = 1; i <= n; i += 1) journal.append({ accountId: 'a', action: 'cancel', subject: `doc-${i}`, outcome: { state: 'done' } });
    db.close();
    return { home, db: join(home, 'signdock.db') };
  };
  /** `journal --reseal` in a terminal (util-linux `script` gives it one), answering `answer` to its question. */
  const inTerminal = (home: string, answer: string) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const command = [process.execPath, ...entryArgs('electron/cli/main.ts'), '--home', home, 'journal', '--reseal'].join(' ');
      const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
      child.stdin.end(`${answer}\n`);
    });
  const journalCli = (home: string, args: string[], withEnv: Record<string, string> = env) =>
    runCli(['--home', home, 'journal', ...args], { env: withEnv });

  it('blesses nothing of a rewrite: edited, recomputed, seals stripped, checkpoint file and archive jobs’ checkpoints deleted', async () => {
    const home = folder();
    const core = await sandboxCore(sandbox, home);
    await core.jobs.whenSettled((await startArchive(core, documents)).id);
    // Not an operation of the browser or the desktop window.
    expect(await core.dispatch('journal.reseal', {})).toMatchObject({ ok: false, error: { kind: 'UnknownOperation' } });
    await core.close();
    const db = join(home, 'signdock.db');
    expect(Number(sqlite(db, `SELECT count(*) FROM audit_journal WHERE action = 'archive'`))).toBe(2);

    rewriteTail(db, 1, { state: 'failed' });
    sqlite(db, 'UPDATE audit_journal SET mac = NULL, key_id = NULL');
    rmSync(join(home, 'journal-checkpoint.json'));
    sqlite(db, `UPDATE jobs SET input = json_remove(input, '$.journalCheckpoint') WHERE kind = 'archive'`);

    const verify = await journalCli(home, ['--verify']);
    expect(verify.code, verify.stderr).toBe(1);
    expect(verify.stdout).not.toMatch(/intact/);
    expect(verify.stdout).toMatch(/archive job [0-9a-f-]+ lost the journal checkpoint it kept \(journal entry \d+ names it/);
    expect(verify.stdout).toMatch(/entry 1 \(and \d+ more after it\) carries no seal and no sealed checkpoint covers it/);

    const reseal = await journalCli(home, ['--reseal', '--yes']);
    expect(reseal.code, reseal.stderr).toBe(1);
    expect(reseal.stdout).toMatch(/The journal will not be resealed: archive job .* lost the journal checkpoint/);
    expect(sqlite(db, 'SELECT count(*) FROM audit_journal WHERE mac IS NOT NULL').trim()).toBe('0');
    // With the archive jobs left alone, the entries no sealed checkpoint covers are refused in their own words.
    sqlite(db, `DELETE FROM jobs`);
    sqlite(db, `UPDATE audit_journal SET inputs = json_remove(inputs, '$.journalCheckpoint')`);
    rewriteTail(db, 1, { state: 'failed' });
    const again = await journalCli(home, ['--reseal', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(
      /will not be resealed: entry 1 \(and \d+ more after it\) carries no seal and no sealed checkpoint covers it/,
    );
    expect((await journalCli(home, ['--verify'])).stdout).toMatch(/^The journal was altered/);
  }, 120_000);

  it('names what it will seal again, asks, and takes only a yes: refused in words with no terminal and no --yes', async () => {
    const { home, db } = sealedFolder(4);
    sqlite(db, 'UPDATE audit_journal SET mac = NULL, key_id = NULL WHERE seq <= 2');
    const verify = await journalCli(home, ['--verify']);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      /entry 1 \(and 1 more after it\) carries no seal of this journal key, though the checkpoint file of .* covers it/,
    );

    const piped = await journalCli(home, ['--reseal']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(
      /It seals 2 entries whose seal is gone; each matches the sealed checkpoint of 4 entries:\n {2}- entry 1: cancel doc-1/,
    );
    expect(piped.stderr).toMatch(/Nothing was sealed: resealing needs your yes, and there is no terminal to ask in/);
    expect(sqlite(db, 'SELECT count(*) FROM audit_journal WHERE mac IS NULL').trim()).toBe('2');

    // In a terminal it asks; anything but a yes seals nothing.
    const no = await inTerminal(home, 'n');
    expect(no.code).toBe(1);
    expect(no.output).toMatch(/Seal the journal as described\? \[y\/N\][\s\S]*Nothing was sealed\./);
    expect(sqlite(db, 'SELECT count(*) FROM audit_journal WHERE mac IS NULL').trim()).toBe('2');
    const yes = await inTerminal(home, 'y');
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).toMatch(
      /The journal was resealed \(2 entries sealed again; the reseal is journaled\)\.\r?\nThe journal is intact: 5 entries/,
    );
    expect(JSON.parse(sqlite(db, `SELECT outcome FROM audit_journal WHERE seq = 5 AND action = 'journal.reseal'`))).toMatchObject({
      entriesSealed: 2,
      sealed: [1, 2],
      under: { count: 4 },
    });
    expect((await journalCli(home, ['--verify'])).code).toBe(0);
    // Once sealed again there is nothing left to bless; --yes takes the same way in a script.
    const twice = await journalCli(home, ['--reseal', '--yes']);
    expect(twice.code, twice.stderr).toBe(0);
    expect(twice.stderr).toMatch(/No entry needs a new seal/);
  }, 180_000);

  it('tells a mistyped key from another key: "this key has never sealed this journal", and reseals nothing with it', async () => {
    const { home, db } = sealedFolder(3);
    const typo = { SIGNDOCK_JOURNAL_KEY: `${keyHex.slice(0, -1)}${keyHex.endsWith('0') ? '1' : '0'}` };
    const verify = await journalCli(home, ['--verify'], typo);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      /this key has never sealed this journal: no entry and no checkpoint carries its id \([0-9a-f]{16}\); they are sealed with key id [0-9a-f]{16} \(check SIGNDOCK_JOURNAL_KEY for a typo/,
    );
    expect(verify.stdout).not.toMatch(/runs of this data folder use different keys/);
    const reseal = await journalCli(home, ['--reseal', '--yes'], typo);
    expect(reseal.code).toBe(1);
    expect(reseal.stdout).toMatch(/will not be resealed: this key has never sealed this journal/);
    expect(sqlite(db, 'SELECT DISTINCT key_id FROM audit_journal').trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
