import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32's headline: every file sent once across computers. Three CLI processes — three data folders
 * (three computers), three members (database logins) — send the same folder of PDFs at once to one
 * account of the sandbox, with one real PostgreSQL as their team store: each file is created once; the
 * computers that did not send a file say by whom, from where, as what it was sent. Then, with the store
 * configured but stopped, nothing is sent: the CLI says why and exits non-zero.
 */

const count = 100;
const members = ['ana', 'ben', 'carla'] as const;
let server: Postgres;
let sandbox: Sandbox;
const files = tempFolder('signdock-team-files-');
const homes = members.map(() => tempFolder('signdock-team-home-'));

const envFor = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-3141`),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
});
const send = (index: number, folder: string) =>
  runCli(['--home', homes[index]!.path, 'send', folder, '--signer', 'EM=signer@example.com;invite=EM', '--concurrency', '3'], {
    env: envFor(index),
  });

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 32 })]);
  // The creates take a little while, so the three computers overlap on the same files.
  await sandbox.controlClient.setFaults({ latency_ms: 40, operations: ['create'] });
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-3141'; GRANT signdock_member TO ${member};`);
  await writePdfs(files.path, count, 'contract');
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [files, ...homes]) folder.remove();
});

describe('a team of three computers on one account', () => {
  it('three computers sending the same files at once create each file once and say by whom', { timeout: 300_000 }, async () => {
    const runs = await Promise.all(members.map((_, index) => send(index, files.path)));
    const stats = await sandbox.controlClient.stats();
    const said = runs.map((run) => run.stderr).join('\n---\n');
    expect(stats.creates.total, said).toBe(count);
    expect(Object.keys(stats.creates.by_file_hash)).toHaveLength(count);
    expect(Object.values(stats.creates.by_file_hash).every((n) => n === 1)).toBe(true);

    // The store holds one claim per file, sent, by the member and computer that made it.
    const claims = await server.sql(`SELECT sha256, state, member, computer, title, document_id FROM signdock.sent_claims`);
    expect(claims.rows).toHaveLength(count);
    expect(claims.rows.every((claim) => claim.state === 'sent' && claim.document_id)).toBe(true);
    const byTitle = new Map(claims.rows.map((claim) => [claim.title as string, `${claim.member} from ${claim.computer}`]));

    // Each computer printed the files it sent and, for every other file, who sent it, from where, as what.
    let sentLines = 0;
    for (const [index, run] of runs.entries()) {
      const lines = run.stdout.split('\n');
      const sent = lines.filter((line) => line.startsWith('sent '));
      const skipped = lines.filter((line) => line.startsWith('skipped '));
      sentLines += sent.length;
      expect(sent.length + skipped.length, run.stdout).toBe(count);
      for (const line of skipped) {
        const words =
          /^skipped contract-\d+\.pdf: Already sent on \d{4}-\d\d-\d\d by (\w+ from desk-\d) as “(contract \d+)” \(pending\)\. To send it again: add --send-again$/.exec(
            line,
          );
        expect(words, line).not.toBeNull();
        expect(words![1]).toBe(byTitle.get(words![2]!));
        expect(words![1]).not.toBe(`${members[index]} from desk-${index + 1}`);
      }
      expect(run.code, run.stderr).toBe(skipped.length > 0 ? 1 : 0);
    }
    expect(sentLines).toBe(count);
  });

  it('with the team store stopped, nothing is sent: the CLI says why and exits non-zero', { timeout: 180_000 }, async () => {
    const more = tempFolder('signdock-team-more-');
    try {
      await writePdfs(more.path, 2, 'offline');
      const before = (await sandbox.controlClient.stats()).creates.total;
      await server.stop();
      const run = await runCli(['--home', homes[0]!.path, 'send', more.path, '--signer', 'EM=signer@example.com;invite=EM'], {
        env: envFor(0),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /Team store unreachable — sending and bulk actions wait: the team store \(127\.0\.0\.1:\d+\/postgres\) cannot be reached/,
      );
      expect(run.stderr).not.toContain('pw-ana-3141');
      expect((await sandbox.controlClient.stats()).creates.total).toBe(before);
    } finally {
      more.remove();
      await server.start();
    }
  });
});
