import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { teamCheckpointText } from '../../electron/core/team/team-journal-stamp';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "checkpoints (with RFC 3161 tokens where a TSA is set) cover the team chain": a computer with
 * a TSA set (the sandbox's, over HTTP) and NO journal key sends files in a team (real PostgreSQL, real CLI).
 * The end of the team chain it carried is stamped: openssl accepts the token over the record's text. Then
 * an attacker with the database's superuser and this computer's SQLite cuts the last entry off the chain
 * and rewrites this computer's (unsealed: no key) record of the end to match: only the token, which no one
 * can make after the fact, still says the chain reached further — `journal --verify` exits 1 on it. A
 * token edited to cover another end no longer holds.
 */

let server: Postgres;
let sandbox: Sandbox;
const files = tempFolder('signdock-tjs-files-');
const home = tempFolder('signdock-tjs-home-');

const cli = (args: string[]) =>
  runCli(['--home', home.path, '--tsa', sandbox.tsa.url, '--tsa-ca', sandbox.tsa.caFile, ...args], {
    env: {
      SIGNDOCK_API_KEY: sandbox.key,
      SIGNDOCK_BASE_URL: sandbox.url,
      SIGNDOCK_TEAM_URL: server.url('ana', 'pw-ana-3161'),
      SIGNDOCK_COMPUTER_NAME: 'desk-1',
    },
  });

const local = () => new Database(join(home.path, 'signdock.db'));

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3161 })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  await server.sql(`CREATE ROLE ana LOGIN PASSWORD 'pw-ana-3161'; GRANT signdock_member TO ana;`);
  await writePdfs(files.path, 3, 'lease');
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  files.remove();
  home.remove();
});

describe('the team journal stamped by a TSA', () => {
  it(
    'stamps the end it carried; openssl accepts the token; a cut end is found even when this computer has no key',
    { timeout: 300_000 },
    async () => {
      const sent = await cli(['send', files.path, '--signer', 'EM=signer@example.com;invite=EM']);
      expect(sent.code, sent.stderr).toBe(0);
      const db = local();
      const stamp = db.prepare('SELECT count, head, at, token FROM team_journal_stamp').get() as
        { count: number; head: string; at: string; token: string } | undefined;
      db.close();
      expect(stamp?.count).toBe(3);
      const last = await server.sql('SELECT hash FROM signdock.journal WHERE seq = 3');
      expect(stamp?.head).toBe((last.rows[0] as { hash: string }).hash);

      // openssl, not SignDock, is the referee: the token is over exactly the record's text.
      const text = join(home.path, 'end.txt');
      const token = join(home.path, 'end.tsr');
      writeFileSync(text, teamCheckpointText(stamp!));
      writeFileSync(token, Buffer.from(stamp!.token, 'base64'));
      const openssl = spawnSync('openssl', ['ts', '-verify', '-data', text, '-in', token, '-CAfile', sandbox.tsa.caFile], {
        encoding: 'utf8',
      });
      expect(openssl.stdout + openssl.stderr, openssl.stderr).toMatch(/Verification: OK/);

      const intact = await cli(['journal', '--verify']);
      expect(intact.code, intact.stdout + intact.stderr).toBe(0);
      expect(intact.stdout).toMatch(/timestamped/);

      // The attacker: entry 3 removed past the trigger, and this computer's unsealed record moved back to entry 2.
      await server.sql(`BEGIN; SELECT set_config('signdock.maintenance', 'on', true); DELETE FROM signdock.journal WHERE seq = 3; COMMIT;`);
      const second = (await server.sql('SELECT hash FROM signdock.journal WHERE seq = 2')).rows[0] as { hash: string };
      const edit = local();
      edit.prepare('UPDATE team_journal_checkpoint SET count = 2, head = ?').run(second.hash);
      edit.close();
      const cut = await cli(['--json', 'journal', '--verify']);
      expect(cut.code, cut.stdout + cut.stderr).toBe(1);
      const result = JSON.parse(cut.stdout) as { problems: { kind: string; message: string }[] };
      expect(result.problems).toContainEqual(
        expect.objectContaining({
          kind: 'truncated',
          message: expect.stringMatching(/the team journal ends at entry 2, but a timestamp of .+ shows it reached entry 3 on /),
        }),
      );

      // A token kept over another end (its record edited) no longer holds.
      const forge = local();
      forge.prepare('UPDATE team_journal_stamp SET count = 2, head = ?').run(second.hash);
      forge.close();
      const forged = await cli(['--json', 'journal', '--verify']);
      expect(forged.code).toBe(1);
      expect((JSON.parse(forged.stdout) as { problems: { kind: string; message: string }[] }).problems).toContainEqual(
        expect.objectContaining({
          kind: 'checkpointForged',
          message: expect.stringMatching(/the timestamp over .+ \(entry 2\) does not hold/),
        }),
      );
    },
  );
});
