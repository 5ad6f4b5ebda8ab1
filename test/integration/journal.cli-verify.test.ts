import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/database';
import { Journal } from '../../electron/core/journal/journal';
import { journalKeyFrom } from '../../electron/core/journal/journal-key';
import { rewriteTail, sqlite } from '../helpers/journal-tamper';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 23, point 5: `journal --verify` run as the real CLI process on a real data folder, the database
 * tampered with by the sqlite3 tool. Truncation, a wipe, a recomputed chain and a repeated key each exit 1
 * with their own words; an intact journal says what was proved and what cannot be; two processes appending
 * at once keep one chain and one checkpoint; `--out` writes 0600.
 */
const keyHex = randomBytes(32).toString('hex');
const env = { SIGNDOCK_JOURNAL_KEY: keyHex };

describe('journal --verify (the CLI)', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  /** A data folder whose journal has `n` entries, written by the journal code with the same key the CLI gets. */
  const folderWith = (n: number) => {
    const folder = tempFolder('signdock-journal-');
    cleanup.push(folder.remove);
    const db = openDatabase(join(folder.path, 'signdock.db'));
    const journal = new Journal(db, { dataFolder: folder.path });
    journal.useKey(journalKeyFrom(Buffer.from(keyHex, 'hex'), 'environment'));
    for (let i = 1; i <= n; i += 1)
      journal.append({
        accountId: 'a',
        action: 'cancel',
        subject: `doc-${i}`,
        inputs: { reason: 'Wrong template' },
        outcome: { state: 'done' },
      });
    const checkpoint = journal.checkpoint();
    db.close();
    return { home: folder.path, db: join(folder.path, 'signdock.db'), checkpoint };
  };
  const verify = (home: string, extra: string[] = [], withEnv: Record<string, string | undefined> = env) =>
    runCli(['--home', home, 'journal', '--verify', ...extra], { env: withEnv });

  it('says what it proved for an intact journal, and what it cannot', async () => {
    const { home } = folderWith(5);
    const run = await verify(home);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /The journal is intact: 5 entries, unbroken, each sealed with the journal key \(environment\); the head matches the checkpoint of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(the checkpoint file, sealed\)\./,
    );
    expect(run.stdout).toMatch(/What this check cannot prove:[\s\S]*someone who has the journal key/);
    const json = JSON.parse((await runCli(['--home', home, '--json', 'journal', '--verify'], { env })).stdout) as {
      ok: boolean;
      checkpoint: { count: number };
    };
    expect(json).toMatchObject({ ok: true, entries: 5, sealed: 5, checkpoint: { count: 5, sealed: true } });
  });

  it('exits 1 when the newest entries were deleted', async () => {
    const { home, db } = folderWith(5);
    sqlite(db, 'DELETE FROM audit_journal WHERE seq > 3');
    const run = await verify(home);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /The journal was altered \(3 entries read\):\n {2}- the journal was cut short: the checkpoint file of .* counts 5 entries, the journal ends at entry 3 \(the newest entries were deleted\)\./,
    );
  });

  it('exits 1 when the table was emptied', async () => {
    const { home, db } = folderWith(4);
    sqlite(db, 'DELETE FROM audit_journal');
    const run = await verify(home);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/the journal was emptied: the checkpoint file of .* counts 4 entries and the table has none/);
  });

  it('exits 1 when an entry was edited and every later hash recomputed with plain SHA-256', async () => {
    const { home, db } = folderWith(5);
    rewriteTail(db, 3, { state: 'failed' });
    const run = await verify(home);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /entry 3 was changed and the hashes recomputed: the chain links up, but its seal \(an HMAC under the journal key\) does not match/,
    );
    // The seals stripped too: the checkpoint still disagrees.
    sqlite(db, 'UPDATE audit_journal SET mac = NULL, key_id = NULL');
    const stripped = await verify(home);
    expect(stripped.code).toBe(1);
    expect(stripped.stdout).toMatch(
      /entry 5 is not the one the checkpoint file of .* recorded: entries were changed and their hashes recomputed/,
    );
  });

  it('exits 1 for a repeated JSON key that sqlite3 reads one way and JSON.parse the other', async () => {
    const { home, db } = folderWith(3);
    sqlite(db, `UPDATE audit_journal SET outcome = '{"state":"failed","state":"done"}' WHERE seq = 2`);
    expect(sqlite(db, "SELECT json_extract(outcome, '$.state') FROM audit_journal WHERE seq = 2").trim()).toBe('failed');
    const run = await verify(home);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /entry 2's outcome has a repeated key \(the key "state" appears twice at character \d+\), so tools disagree on what it says/,
    );
  });

  it('without the key checks the plain chain and says plainly what it cannot find', async () => {
    const { home } = folderWith(3);
    const run = await verify(home, [], {
      SIGNDOCK_JOURNAL_KEY: undefined,
      DBUS_SESSION_BUS_ADDRESS: undefined,
      XDG_RUNTIME_DIR: '/nonexistent',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /This run has no journal key \(the system keychain could not be used and SIGNDOCK_JOURNAL_KEY is not set\), so no seal was checked/,
    );
    const bad = await runCli(['--home', home, 'journal', '--verify'], { env: { SIGNDOCK_JOURNAL_KEY: 'short' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/SIGNDOCK_JOURNAL_KEY must hold at least 32 random bytes/);
  });

  it('finds a database and checkpoint file put back together against a checkpoint kept elsewhere (custody.json)', async () => {
    const { home, db } = folderWith(3);
    const backup = tempFolder('signdock-journal-backup-');
    cleanup.push(backup.remove);
    copyFileSync(db, join(backup.path, 'signdock.db'));
    copyFileSync(join(home, 'journal-checkpoint.json'), join(backup.path, 'journal-checkpoint.json'));
    const later = openDatabase(db);
    const journal = new Journal(later, { dataFolder: home });
    journal.useKey(journalKeyFrom(Buffer.from(keyHex, 'hex'), 'environment'));
    journal.append({ accountId: 'a', action: 'cancel', subject: 'doc-4', outcome: { state: 'done' } });
    const custody = join(backup.path, 'custody.json');
    writeFileSync(custody, JSON.stringify({ format: 'signdock-custody/1', journal_checkpoint: journal.checkpoint() }));
    later.close();
    copyFileSync(join(backup.path, 'signdock.db'), db);
    copyFileSync(join(backup.path, 'journal-checkpoint.json'), join(home, 'journal-checkpoint.json'));
    expect((await verify(home)).code).toBe(0);
    const run = await verify(home, ['--checkpoint', custody]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/the journal was cut short: .*custody\.json of .* counts 4 entries, the journal ends at entry 3/);
  });

  it('keeps one chain and one checkpoint when two processes append at once', async () => {
    const { home } = folderWith(0);
    const count = 40;
    const start = (name: string) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/integration/fixtures/journal-appender.ts', '--home', home, '--count', String(count), '--name', name],
        { env: { ...process.env, ...env } },
      ) as ChildProcessWithoutNullStreams;
      const lines = createInterface({ input: child.stdout });
      const ready = new Promise<void>((resolve) => lines.on('line', (line) => line === 'ready' && resolve()));
      const done = new Promise<number | null>((resolve) => child.on('close', resolve));
      return { child, lines, ready, done };
    };
    const [a, b] = [start('app'), start('cli')];
    await Promise.all([a.ready, b.ready]);
    // Each writes its next entry only once the other has written its own: they interleave by construction.
    a.lines.on('line', (line) => line.startsWith('wrote ') && b.child.stdin.write('go\n'));
    b.lines.on('line', (line) => {
      if (!line.startsWith('wrote ')) return;
      if (Number(line.slice(6)) < count) a.child.stdin.write('go\n');
      else [a, b].forEach((p) => p.child.stdin.end());
    });
    // One that ends (or dies) ends the other's wait too, so a failure is reported, not waited out.
    void a.done.then(() => b.child.stdin.end());
    void b.done.then(() => a.child.stdin.end());
    a.child.stdin.write('go\n');
    expect(await Promise.all([a.done, b.done])).toEqual([0, 0]);
    const run = await verify(home, ['--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      entries: 2 * count,
      sealed: 2 * count,
      checkpoint: { source: 'the checkpoint file', count: 2 * count },
    });
    expect(statSync(join(home, 'journal-checkpoint.json')).mode & 0o777).toBe(0o600);
    // One chain of both processes' entries, in the order they took turns.
    const order = sqlite(
      join(home, 'signdock.db'),
      "SELECT group_concat(substr(subject, 1, 1), '') FROM (SELECT subject FROM audit_journal ORDER BY seq)",
    ).trim();
    expect(order).toBe('ac'.repeat(count));
  });

  it('writes --out readable by its user only, even over an existing file', async () => {
    const { home } = folderWith(2);
    const out = join(home, 'journal.csv');
    writeFileSync(out, 'old');
    chmodSync(out, 0o644);
    const run = await runCli(['--home', home, 'journal', '--out', out], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, 'utf8')).toContain('doc-2');
  });
});
