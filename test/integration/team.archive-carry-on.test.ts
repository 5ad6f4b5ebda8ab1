import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/domain/jobs';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { listedOwnerGone, runCli, startCli, untilCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, one job queue, archiving: an archive job started on desk 1 into the office's shared folder
 * is the team's. Desk 1 is SIGKILLed half-way; desk 2 (whose archive folder is the same shared folder,
 * mounted elsewhere in an office, here the same path) lists the job and carries it on with `jobs resume`:
 * every document gets exactly one bag in the shared folder, each verifying with `sha256sum -c`, and the
 * team's index holds one archived claim per document.
 */

const count = 24;
const members = ['ana', 'ben'] as const;
let server: Postgres;
let sandbox: Sandbox;
const shared = tempFolder('signdock-team-shared-archive-');
const homes = members.map((_, i) => tempFolder(`signdock-team-archive-${i + 1}-`));
const ids: string[] = [];

const envFor = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-2236`),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
  SIGNDOCK_LEASE_TTL_MS: '2000',
});
const cli = (index: number, args: string[]) => runCli(['--home', homes[index]!.path, ...args], { env: envFor(index) });

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3234, autoSign: { enabled: false } })]);
  const file = await samplePdf('Shared archive');
  for (let i = 1; i <= count; i += 1)
    ids.push(
      sandbox.services.workflow.create({
        title: `Lease ${i}`,
        file,
        signatures: [{ validations: { EM: `tenant${i}@example.com` }, inviteChannel: ['EM'] }],
      }).id,
    );
  await sandbox.controlClient.signAll();
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-2236'; GRANT signdock_member TO ${member};`);
  // Desk 2's archive folder is the shared one, set as a clerk does in Settings → Evidence.
  const core = createCore({ dataFolder: homes[1]!.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
  try {
    const set = await core.dispatch('evidence.setArchiveFolder', { path: shared.path });
    expect(set.ok, JSON.stringify(set)).toBe(true);
  } finally {
    await core.close();
  }
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [shared, ...homes]) folder.remove();
});

describe('an archive carried on by another computer', () => {
  it('desk 1 SIGKILLed half-way: desk 2 carries the job on, one bag per document in the shared folder', { timeout: 300_000 }, async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 40, operations: ['download'] });
    const run = startCli(['--home', homes[0]!.path, 'archive', ...ids, '--dir', shared.path], envFor(0));
    const downloads = async () => (await sandbox.controlClient.stats()).requests.by_operation.download ?? 0;
    const killAt = 9 + Math.floor(Math.random() * (count * 3 - 24));
    await untilCli(async () => (await downloads()) >= killAt, `${killAt} downloads`, [run], 120_000);
    run.child.kill('SIGKILL');
    await run.exit;
    const jobId = /Job ([0-9a-f-]{36})/.exec(run.stderr)?.[1];
    expect(jobId, run.stderr).toBeDefined();

    const seen = await listedOwnerGone(() => cli(1, ['--json', 'jobs', 'list']), jobId!);
    expect(seen).toMatchObject({ kind: 'archive', shared: true, startedBy: { computer: 'desk-1', member: 'ana' }, owner: null });

    const resumed = await cli(1, ['--json', 'jobs', 'resume', jobId!]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const result = JSON.parse(resumed.stdout) as { job: JobView; items: { state: string }[] };
    expect(result.job.state).toBe('finished');
    expect(
      result.items.filter((item) => item.state === 'done'),
      JSON.stringify(result.items),
    ).toHaveLength(count);

    // One bag per document in the shared folder, each whole by a tool that is not SignDock.
    const bags = readdirSync(shared.path)
      .filter((year) => /^\d{4}$/.test(year))
      .flatMap((year) => readdirSync(join(shared.path, year)).map((bag) => join(shared.path, year, bag)));
    expect(bags).toHaveLength(count);
    for (const bag of bags) {
      expect(existsSync(join(bag, 'bagit.txt')), bag).toBe(true);
      const check = spawnSync('sha256sum', ['-c', '--quiet', 'manifest-sha256.txt'], { cwd: bag, encoding: 'utf8' });
      expect(check.status, `${bag}: ${check.stdout}${check.stderr}`).toBe(0);
    }
    const claims = await server.sql(
      `SELECT state, count(*)::int AS n, count(DISTINCT document_id)::int AS documents FROM signdock.archive_bags GROUP BY state`,
    );
    expect(claims.rows).toEqual([{ state: 'archived', n: count, documents: count }]);
  });
});
