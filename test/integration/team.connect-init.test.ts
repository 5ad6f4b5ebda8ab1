import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { teamSchemaVersion } from '../../electron/core/team/team-schema';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { freePort } from '../helpers/ssh-server';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 32, connecting and `team init` / `team status`, on a real PostgreSQL that accepts logins only
 * over TLS (a CA made by openssl): the URL's sslmode honoured (verify-full with the CA in sslrootcert),
 * each failure said in words without the password, `team init` idempotent (twice at once too) with its
 * two roles, the member being the database login, and an app older than the store refusing it.
 */

let server: Postgres;
const home = tempFolder('signdock-team-home-');
const passwords = { ana: 'Ana-Secret-7731', rita: 'Rita-Secret-5521' };
const verified = () => `sslmode=verify-full&sslrootcert=${server.caFile}`;
const store = (url: string, computer = 'desk-1') => new TeamStore(parseTeamUrl(url, computer), '0.1.0');
/** The words of a store's failure to get ready. */
const failure = async (url: string): Promise<{ code?: string; message: string }> => {
  const team = store(url);
  try {
    await team.ready();
    return { message: 'no failure' };
  } catch (error) {
    return error as { code?: string; message: string };
  } finally {
    await team.close();
  }
};
const cli = (args: string[], url: string, computer = 'desk-1') =>
  runCli(['--home', home.path, ...args], { env: { SIGNDOCK_TEAM_URL: url, SIGNDOCK_COMPUTER_NAME: computer } });

beforeAll(async () => {
  server = await startPostgres({ tls: true });
}, 120_000);
afterAll(async () => {
  await server?.remove();
  home.remove();
});

describe('the team store: connecting, init and status', () => {
  it('says the store is not set up, then team init (twice at once) sets it up once', { timeout: 180_000 }, async () => {
    const admin = server.url(undefined, undefined, verified());
    const before = await cli(['team', 'status'], admin);
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/is not set up yet: whoever administers the database runs "signdock team init" once/);

    const [first, second] = await Promise.all([cli(['team', 'init'], admin), cli(['--json', 'team', 'init'], admin, 'desk-2')]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(`${first.stdout}${second.stdout}`).toMatch(/created \(schema version \d+\)|"from": null/);
    expect(first.stdout).toMatch(/GRANT signdock_member TO ana;/);
    const versions = await server.sql('SELECT version FROM signdock.schema_version');
    expect(versions.rows).toEqual([{ version: teamSchemaVersion }]);
    const roles = await server.sql(`SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname LIKE 'signdock_%' ORDER BY rolname`);
    expect(roles.rows).toEqual([
      { rolname: 'signdock_admin', rolcanlogin: true },
      { rolname: 'signdock_member', rolcanlogin: false },
      { rolname: 'signdock_reviewer', rolcanlogin: false },
    ]);
  });

  it('a member is the database login; team status lists the members and computers seen', { timeout: 180_000 }, async () => {
    // The README's lines, as the administrator runs them.
    await server.sql(`CREATE ROLE ana LOGIN PASSWORD '${passwords.ana}'; GRANT signdock_member TO ana;`);
    await server.sql(`CREATE ROLE rita LOGIN PASSWORD '${passwords.rita}'; GRANT signdock_reviewer TO rita;`);
    const ana = server.url('ana', passwords.ana, verified());
    expect((await cli(['team', 'status'], ana, 'front-desk')).code).toBe(0);
    const status = await cli(['--json', 'team', 'status'], ana, 'laptop-3');
    expect(status.code).toBe(0);
    const shown = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ member: 'ana', computer: 'laptop-3', schemaVersion: teamSchemaVersion, sslMode: 'verify-full' });
    expect(shown.members).toEqual(expect.arrayContaining(['ana']));
    expect((shown.computers as { computer: string; member: string }[]).map((c) => `${c.computer}/${c.member}`)).toEqual(
      expect.arrayContaining(['front-desk/ana', 'laptop-3/ana']),
    );
    expect(status.stdout).not.toContain(passwords.ana);
  });

  it('the member is what the database says, and a reviewer changes nothing nor reads the webhook token', async () => {
    const ana = store(server.url('ana', passwords.ana, verified()));
    const rita = store(server.url('rita', passwords.rita, verified()));
    try {
      await ana.ready();
      await ana.query(
        `INSERT INTO signdock.sent_claims (account, sha256, item_id, title, computer, member) VALUES ('a', $1, 'row-1', 'NDA', 'desk-1', 'rita')`,
        ['0'.repeat(64)],
      );
      const claim = await server.sql(`SELECT member FROM signdock.sent_claims WHERE item_id = 'row-1'`);
      expect(claim.rows).toEqual([{ member: 'ana' }]);
      expect((await rita.query('SELECT count(*)::int AS n FROM signdock.sent_claims')).rows).toEqual([{ n: 1 }]);
      await expect(
        rita.query(`INSERT INTO signdock.sent_claims (account, sha256, item_id, title, computer) VALUES ('a', $1, 'row-2', 'NDA', 'x')`, [
          '1'.repeat(64),
        ]),
      ).rejects.toMatchObject({ code: 'team.notMember', message: expect.stringMatching(/the login "rita" may not do this/i) });
      await expect(rita.query(`UPDATE signdock.sent_claims SET state = 'released'`)).rejects.toMatchObject({ code: 'team.notMember' });
      // The webhook's path token lets someone post notifications: members read it, a reviewer never does.
      await ana.query(`INSERT INTO signdock.webhook_credentials (account, token, computer) VALUES ('a', 'team-token', 'desk-1')`);
      expect((await ana.query('SELECT token FROM signdock.webhook_credentials')).rows).toEqual([{ token: 'team-token' }]);
      await expect(rita.query('SELECT token FROM signdock.webhook_credentials')).rejects.toMatchObject({ code: 'team.notMember' });
    } finally {
      await ana.close();
      await rita.close();
    }
  });

  it('says each connection failure in words, never with the password', async () => {
    const password = passwords.ana;
    const cases = [
      {
        url: server.url('ana', 'Not-Her-Password-99', verified()),
        code: 'team.wrongPassword',
        words: /refused the login "ana": wrong password/,
      },
      { url: server.url('ana', password, 'sslmode=disable'), code: 'team.tlsRequired', words: /requires TLS and this connection has none/ },
      { url: server.url('ana', password, 'sslmode=verify-full'), code: 'team.certificate', words: /certificate is not trusted/ },
      {
        url: `postgres://ana:${password}@127.0.0.1:${await freePort()}/postgres`,
        code: 'team.unreachable',
        words: /cannot be reached: nothing answers/,
      },
    ];
    for (const { url, code, words } of cases) {
      const said = await failure(url);
      expect(said, url).toMatchObject({ code, message: expect.stringMatching(words) });
      expect(said.message).not.toContain(password);
    }
    expect(() => parseTeamUrl(`https://ana:${password}@db.example`, 'x')).toThrow(
      /not a usable PostgreSQL address: it starts with "https:"/,
    );
    expect(() => parseTeamUrl(`postgres://ana:${password}@db.example/x?sslmode=sometimes`, 'x')).toThrow(
      /sslmode "sometimes" is not one of/,
    );
    const badUrl = await cli(['team', 'status'], `postgres://ana:${password}@db.example/x?sslmode=verify-full&sslrootcert=/nowhere/ca.pem`);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/the CA file in sslrootcert \(\/nowhere\/ca.pem\) cannot be read/);
    expect(badUrl.stderr).not.toContain(password);
  });

  it('an app older than the store refuses it, and team init writes nothing there', async () => {
    await server.sql('UPDATE signdock.schema_version SET version = 99');
    try {
      expect(await failure(server.url('ana', passwords.ana, verified()))).toMatchObject({
        code: 'team.tooNew',
        message: expect.stringMatching(/This SignDock is older than the team store .*: update it/),
      });
      const init = await cli(['team', 'init'], server.url(undefined, undefined, verified()));
      expect(init.code).toBe(1);
      expect(init.stderr).toMatch(/older than the team store .*update it\. Nothing was written/);
      expect((await server.sql('SELECT version FROM signdock.schema_version')).rows).toEqual([{ version: 99 }]);
    } finally {
      await server.sql('UPDATE signdock.schema_version SET version = $1', [teamSchemaVersion]);
    }
  });
});
