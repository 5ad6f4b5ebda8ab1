import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "one journal", end to end: two computers (two data folders, two CLI processes, two logins)
 * send their own files with one real PostgreSQL as their team store; on a third computer `journal --csv`
 * lists both computers' entries, by member and computer, and `journal --verify` finds the team chain
 * intact and sealed. A member cannot UPDATE, DELETE or TRUNCATE the journal; a row a superuser removes
 * (past the append-only trigger, as `team init` may) makes `journal --verify` exit 1 naming it.
 */

const members = ['ana', 'ben', 'carla'] as const;
const journalKey = 'a1'.repeat(32);
let server: Postgres;
let sandbox: Sandbox;
const folders = [tempFolder('signdock-tj-files-'), tempFolder('signdock-tj-files-')];
const homes = members.map(() => tempFolder('signdock-tj-home-'));

const cli = (index: number, args: string[]) =>
  runCli(['--home', homes[index]!.path, ...args], {
    env: {
      SIGNDOCK_API_KEY: sandbox.key,
      SIGNDOCK_BASE_URL: sandbox.url,
      SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-2718`),
      SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
      SIGNDOCK_JOURNAL_KEY: journalKey,
    },
  });

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 33 })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-2718'; GRANT signdock_member TO ${member};`);
  await writePdfs(folders[0]!.path, 2, 'lease');
  await writePdfs(folders[1]!.path, 2, 'invoice');
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [...folders, ...homes]) folder.remove();
});

describe('one journal across computers', () => {
  it("a third computer lists and verifies both computers' entries", { timeout: 300_000 }, async () => {
    const sends = await Promise.all(
      [0, 1].map((index) => cli(index, ['send', folders[index]!.path, '--signer', 'EM=signer@example.com;invite=EM'])),
    );
    for (const run of sends) expect(run.code, run.stderr).toBe(0);

    const csv = await cli(2, ['journal', '--csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toBe('seq,at,account,os_user,action,subject,inputs,outcome,hash,member,computer');
    const by = lines.slice(1).map((line) => /,(\w+),(desk-\d)$/.exec(line)?.slice(1).join('@'));
    expect(by.filter((who) => who === 'ana@desk-1')).toHaveLength(2);
    expect(by.filter((who) => who === 'ben@desk-2')).toHaveLength(2);
    expect(lines.slice(1).every((line) => line.includes(',send,'))).toBe(true);

    const verify = await cli(2, ['journal', '--verify']);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/The journal is intact: 4 entries, unbroken, each sealed with the journal key/);
  });

  it("refuses a member's UPDATE, DELETE and TRUNCATE; a row a superuser removed is named by verify", { timeout: 120_000 }, async () => {
    const ana = new TeamStore(parseTeamUrl(server.url('ana', 'pw-ana-2718'), 'desk-1'), '0.1.0');
    try {
      for (const sql of [`UPDATE signdock.journal SET subject = 'x'`, 'DELETE FROM signdock.journal', 'TRUNCATE signdock.journal'])
        await expect(ana.query(sql), sql).rejects.toMatchObject({ code: 'team.notMember' });
    } finally {
      await ana.close();
    }
    expect((await server.sql('SELECT count(*)::int AS n FROM signdock.journal')).rows).toEqual([{ n: 4 }]);

    // A superuser, past the trigger the way team init may pass it, removes the second entry.
    await server.sql(`BEGIN; SELECT set_config('signdock.maintenance', 'on', true); DELETE FROM signdock.journal WHERE seq = 2; COMMIT;`);
    const verify = await cli(0, ['journal', '--verify']);
    expect(verify.code, verify.stdout + verify.stderr).toBe(1);
    expect(verify.stdout).toMatch(
      /The journal was altered \(3 entries read\):\n {2}- entry 2 is missing from the team journal: removed from the store, between entry 1 and entry 3 \(send .+ by (ana from desk-1|ben from desk-2)\)\./,
    );
    const json = await cli(2, ['--json', 'journal', '--verify']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problems: [{ kind: 'missing', seq: 2 }] });
  });

  it(
    'entries a superuser cuts off the end, which leaves no gap in the numbers, are found by a computer that saw them',
    { timeout: 120_000 },
    async () => {
      // The third computer's verify (above) saw the chain reach entry 4; a superuser removes it.
      await server.sql(`BEGIN; SELECT set_config('signdock.maintenance', 'on', true); DELETE FROM signdock.journal WHERE seq = 4; COMMIT;`);
      const verify = await cli(2, ['journal', '--verify']);
      expect(verify.code, verify.stdout + verify.stderr).toBe(1);
      expect(verify.stdout).toMatch(
        /- the team journal ends at entry 3, but this computer saw it reach entry 4 on \d{4}-\d\d-\d\dT[\d:.]+Z: entries were removed from its end\./,
      );
      const json = await cli(2, ['--json', 'journal', '--verify']);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, checkpoint: { count: 4, seal: 'sealed' } });
      expect((JSON.parse(json.stdout) as { problems: { kind: string }[] }).problems.map((p) => p.kind)).toContain('truncated');
    },
  );
});
