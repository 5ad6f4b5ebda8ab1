import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/domain/jobs';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { listedOwnerGone, runCli, startCli, untilCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "one job queue": a bulk cancel started on one computer lives in the team store. That computer
 * is SIGKILLed mid-way (at a random point, twice); another computer sees the job — who started it, that
 * its computer stopped answering — and carries it on with `jobs resume`: every document cancelled, no
 * cancel sent again for a document whose answer was recorded (a second would be answered 400). A
 * reviewer sees the jobs and cannot command them; with the store stopped, no bulk action starts.
 */

const members = ['ana', 'ben'] as const;
let server: Postgres;
let sandbox: Sandbox;
const homes = [tempFolder('signdock-team-jobs-1-'), tempFolder('signdock-team-jobs-2-'), tempFolder('signdock-team-jobs-r-')];
const logins = [...members, 'rita'] as const;

const envFor = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(logins[index], `pw-${logins[index]}-2718`),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
  SIGNDOCK_LEASE_TTL_MS: '2000',
});
const cli = (index: number, args: string[]) => runCli(['--home', homes[index]!.path, ...args], { env: envFor(index) });

async function documents(count: number, name: string): Promise<string[]> {
  const file = await samplePdf(name);
  return Array.from(
    { length: count },
    (_, i) =>
      sandbox.services.workflow.create({
        title: `${name} ${i + 1}`,
        file,
        signatures: [{ validations: { EM: `tenant${i}@example.com` }, inviteChannel: ['EM'] }],
      }).id,
  );
}

/** Desk 1 cancels the list and is SIGKILLed once the service has seen `cancels` cancel requests in all; the job's id. */
async function cancelKilledAt(list: string, cancels: number): Promise<string> {
  const run = startCli(['--home', homes[0]!.path, 'cancel', '--from-file', list, '--reason', 'Office closed'], envFor(0));
  const seen = async () => ((await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0) >= cancels;
  await untilCli(seen, `${cancels} cancels at the service`, [run], 120_000);
  run.child.kill('SIGKILL');
  await run.exit;
  const jobId = /Job ([0-9a-f-]{36})/.exec(run.stderr)?.[1];
  expect(jobId, run.stderr).toBeDefined();
  return jobId!;
}

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3232, autoSign: { enabled: false } })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-2718'; GRANT signdock_member TO ${member};`);
  await server.sql(`CREATE ROLE rita LOGIN PASSWORD 'pw-rita-2718'; GRANT signdock_reviewer TO rita;`);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of homes) folder.remove();
});

describe('one job queue for the team', () => {
  it(
    'a computer SIGKILLed mid-way: another sees the job and carries it on, every document cancelled once',
    { timeout: 300_000 },
    async () => {
      await sandbox.controlClient.setFaults({ latency_ms: 30, operations: ['cancel'] });
      for (const round of [1, 2]) {
        const ids = await documents(120, `Lease ${round}`);
        for (const index of [0, 1]) expect((await cli(index, ['sync'])).code).toBe(0);
        const before = await sandbox.controlClient.stats();
        const list = join(homes[0]!.path, `ids-${round}.txt`);
        writeFileSync(list, ids.join('\n'));
        // A random point of the run (between 10 and 100 cancels in).
        const killAt = (before.requests.by_operation.cancel ?? 0) + 10 + Math.floor(Math.random() * 90);
        const jobId = await cancelKilledAt(list, killAt);
        const cancelledAtKill = (await sandbox.controlClient.state()).documents.filter(
          (d) => ids.includes(d.id) && d.status === 'CA',
        ).length;
        expect(cancelledAtKill).toBeLessThan(120);

        // The other computer sees the job, who started it, and (once the lease ran out) that its computer went away.
        const seen = await listedOwnerGone(() => cli(1, ['--json', 'jobs', 'list']), jobId!);
        expect(seen).toMatchObject({ kind: 'cancel', shared: true, startedBy: { computer: 'desk-1', member: 'ana' }, owner: null });
        expect(seen!.ownerGone).toMatchObject({ host: 'desk-1', member: 'ana' });
        const text = await cli(1, ['jobs', 'list']);
        expect(text.stdout).toContain(`jobs resume ${jobId}`);

        const resumed = await cli(1, ['--json', 'jobs', 'resume', jobId]);
        expect(resumed.code, resumed.stderr).toBe(0);
        const result = JSON.parse(resumed.stdout) as { job: JobView; items: { state: string }[] };
        expect(result.job.state).toBe('finished');
        expect(result.items.filter((item) => item.state === 'done')).toHaveLength(120);
        const states = (await sandbox.controlClient.state()).documents.filter((d) => ids.includes(d.id));
        expect(states.every((d) => d.status === 'CA')).toBe(true);
        // A cancel the service answered was never sent again (a second one is answered 400): only the few in flight at the kill.
        const after = await sandbox.controlClient.stats();
        expect((after.requests.by_status['400'] ?? 0) - (before.requests.by_status['400'] ?? 0)).toBe(0);
        const sent = (after.requests.by_operation.cancel ?? 0) - (before.requests.by_operation.cancel ?? 0);
        expect(sent - (after.status_429 - before.status_429)).toBeLessThanOrEqual(124);
        // Desk 1, back, sees the job finished by desk 2 and does not take it up again.
        const back = await cli(0, ['--json', 'jobs', 'show', jobId]);
        expect(back.code, back.stderr).toBe(0);
        expect((JSON.parse(back.stdout) as { job: JobView }).job.state).toBe('finished');
      }
      const rows = await server.sql(`SELECT computer, member, state FROM signdock.jobs ORDER BY created_at`);
      expect(rows.rows).toEqual([
        { computer: 'desk-1', member: 'ana', state: 'finished' },
        { computer: 'desk-1', member: 'ana', state: 'finished' },
      ]);
    },
  );

  it('a reviewer sees every job and cannot command one', { timeout: 120_000 }, async () => {
    expect((await cli(2, ['sync'])).code).toBe(0);
    const listed = await cli(2, ['--json', 'jobs', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    const jobs = JSON.parse(listed.stdout) as JobView[];
    expect(jobs.filter((job) => job.kind === 'cancel')).toHaveLength(2);
    const refused = await cli(2, ['jobs', 'pause', jobs[0]!.id]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/rita|not allowed|permission/i);
  });

  it('a member cannot rewrite who started a job, nor delete one', { timeout: 60_000 }, async () => {
    const ben = new TeamStore(parseTeamUrl(server.url('ben', 'pw-ben-2718'), 'desk-2'), '0.1.0');
    try {
      await expect(ben.query(`UPDATE signdock.jobs SET member = 'ben'`)).rejects.toThrow(/may not/);
      await expect(ben.query(`DELETE FROM signdock.jobs`)).rejects.toThrow(/may not/);
      await expect(ben.query(`DELETE FROM signdock.job_items`)).rejects.toThrow(/may not/);
    } finally {
      await ben.close();
    }
    const starters = await server.sql(`SELECT DISTINCT member FROM signdock.jobs`);
    expect(starters.rows).toEqual([{ member: 'ana' }]);
  });

  it('with the team store stopped, no bulk action starts and none is sent', { timeout: 120_000 }, async () => {
    const [id] = await documents(1, 'Stopped');
    expect((await cli(1, ['sync'])).code).toBe(0);
    const before = (await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0;
    await server.stop();
    try {
      const run = await cli(1, ['cancel', id!, '--reason', 'Office closed']);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/Team store unreachable — sending and bulk actions wait/);
      expect((await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0).toBe(before);
    } finally {
      await server.start();
    }
  });
});
