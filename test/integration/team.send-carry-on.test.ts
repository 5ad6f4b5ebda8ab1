import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/domain/jobs';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { listedOwnerGone, runCli, startCli, untilCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "a computer SIGKILLed mid-send; another carries the job on: every file once". A batch sent
 * from one computer is a job of the team store, its files copied there as it sends. The computer is
 * SIGKILLed at a random point (twice, a fresh batch each time); the other computer lists the job (who
 * started it, that its computer stopped answering) and carries it on with `jobs resume`: every file of
 * the batch is created exactly once at the service, the files sent before the kill never again (those in
 * flight at the kill are looked up first), and the team's copies of the files are let go at the end.
 */

const count = 30;
const members = ['ana', 'ben'] as const;
let server: Postgres;
let sandbox: Sandbox;
const homes = members.map((_, i) => tempFolder(`signdock-team-send-${i + 1}-`));
const folders: ReturnType<typeof tempFolder>[] = [];

const envFor = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-1618`),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
  SIGNDOCK_LEASE_TTL_MS: '2000',
});
const cli = (index: number, args: string[]) => runCli(['--home', homes[index]!.path, ...args], { env: envFor(index) });

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3233, autoSign: { enabled: false } })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-1618'; GRANT signdock_member TO ${member};`);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [...homes, ...folders]) folder.remove();
});

describe('a send carried on by another computer', () => {
  it('a computer SIGKILLed mid-send: another carries the batch on, every file created once', { timeout: 300_000 }, async () => {
    // Creates take a while, so the kill falls among them.
    await sandbox.controlClient.setFaults({ latency_ms: 60, operations: ['create'] });
    for (const round of [1, 2]) {
      const files = tempFolder(`signdock-team-send-files-${round}-`);
      folders.push(files);
      await writePdfs(files.path, count, `round${round}`);
      const before = (await sandbox.controlClient.stats()).creates.total;
      // A random point of the batch: between 3 and count - 5 creates in.
      const killAt = before + 3 + Math.floor(Math.random() * (count - 8));
      const run = startCli(
        ['--home', homes[0]!.path, 'send', files.path, '--signer', 'EM=signer@example.com;invite=EM', '--concurrency', '2'],
        envFor(0),
      );
      const created = async () => (await sandbox.controlClient.stats()).creates.total >= killAt;
      await untilCli(created, `${killAt - before} creates at the service`, [run], 120_000);
      run.child.kill('SIGKILL');
      await run.exit;
      const batchId = /Batch ([0-9a-f-]{36})/.exec(run.stderr)?.[1];
      expect(batchId, run.stderr).toBeDefined();
      const atKill = (await sandbox.controlClient.stats()).creates.total - before;
      expect(atKill).toBeLessThan(count);

      // Desk 2 sees the job, who started it, and (once the lease ran out) that desk 1 went away.
      const seen = await listedOwnerGone(() => cli(1, ['--json', 'jobs', 'list']), batchId!);
      expect(seen).toMatchObject({ kind: 'send', shared: true, startedBy: { computer: 'desk-1', member: 'ana' }, owner: null });

      // Desk 2 carries it on: the files desk 1 did not send are created, none twice.
      const resumed = await cli(1, ['--json', 'jobs', 'resume', batchId!]);
      // Its stdout too (the job's state and each item's) if it fails: once, under load, it ended 1 with 30 of 30 done.
      expect(resumed.code, `${resumed.stderr}\n${resumed.stdout}`).toBe(0);
      const result = JSON.parse(resumed.stdout) as { job: JobView; items: { state: string; label: string | null }[] };
      expect(result.job.state, resumed.stderr).toBe('finished');
      expect(
        result.items.filter((item) => item.state === 'done'),
        JSON.stringify(result.items),
      ).toHaveLength(count);
      const stats = await sandbox.controlClient.stats();
      expect(stats.creates.total - before).toBe(count);
      expect(Object.values(stats.creates.by_file_hash).every((n) => n === 1)).toBe(true);

      // Both computers' claims say who sent what; the files copied for the carry-on are gone from the store.
      const claims = await server.sql(
        `SELECT computer, count(*)::int AS n FROM signdock.sent_claims WHERE state = 'sent' AND title LIKE $1 GROUP BY computer`,
        [`round${round} %`],
      );
      const byComputer = Object.fromEntries(claims.rows.map((row) => [row.computer as string, row.n as number]));
      expect((byComputer['desk-1'] ?? 0) + (byComputer['desk-2'] ?? 0)).toBe(count);
      expect(byComputer['desk-2']).toBeGreaterThan(0);
      expect((await server.sql(`SELECT count(*)::int AS n FROM signdock.job_files WHERE job_id = $1`, [batchId])).rows[0]!.n).toBe(0);

      // Desk 1, back, sees the job finished by desk 2 and sends nothing more.
      const back = await cli(0, ['--json', 'jobs', 'show', batchId!]);
      expect(back.code, back.stderr + back.stdout).toBe(0);
      expect((JSON.parse(back.stdout) as { job: JobView }).job.state).toBe('finished');
      expect((await sandbox.controlClient.stats()).creates.total - before).toBe(count);
    }
  });
});
