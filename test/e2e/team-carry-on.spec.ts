import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli, startCli, untilCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

/**
 * Issue 32, "the app offers Carry on here once the owner's lease expired": a bulk cancel started on the
 * front desk (the CLI, in a team on a real PostgreSQL) stops half-way — its computer SIGKILLed. On the
 * legal team's laptop (the web host, the same team) the Activity page's Bulk actions card says who
 * started it, that its computer stopped answering, and offers Carry on here; pressed (by keyboard), the
 * job finishes there and every document is cancelled once.
 */

const computers = ['front-desk', 'legal-laptop'] as const;
const members = ['ana', 'ben'] as const;
let server: Postgres;
let sandbox: Sandbox;
const homes = computers.map((computer) => tempFolder(`signdock-e2e-team-${computer}-`));
const teamEnv = (index: number) => ({
  SIGNDOCK_TEAM_URL: server.url(members[index], `pw-${members[index]}-e2e`),
  SIGNDOCK_COMPUTER_NAME: computers[index]!,
  SIGNDOCK_LEASE_TTL_MS: '2000',
});
const cliEnv = (index: number) => ({ ...teamEnv(index), SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url });

test.beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3233, autoSign: { enabled: false } })]);
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-e2e'; GRANT signdock_member TO ${member};`);
});
test.afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const home of homes) home.remove();
});

test('a job whose computer stopped answering is carried on from another computer', async ({ page }) => {
  test.skip(noKeyringReason() !== '', noKeyringReason());
  test.setTimeout(120_000);
  const file = await samplePdf('Lease');
  const ids = Array.from(
    { length: 30 },
    (_, i) =>
      sandbox.services.workflow.create({
        title: `Lease ${i + 1}`,
        file,
        signatures: [{ validations: { EM: `tenant${i}@example.com` }, inviteChannel: ['EM'] }],
      }).id,
  );
  expect((await runCli(['--home', homes[0]!.path, 'sync'], { env: cliEnv(0) })).code).toBe(0);

  // The front desk cancels the 30 and is killed once 10 cancels reached the service.
  await sandbox.controlClient.setFaults({ latency_ms: 200, operations: ['cancel'] });
  const list = join(homes[0]!.path, 'ids.txt');
  writeFileSync(list, ids.join('\n'));
  const desk = startCli(['--home', homes[0]!.path, 'cancel', '--from-file', list, '--reason', 'Office closed'], cliEnv(0));
  const tenCancels = async () => ((await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0) >= 10;
  await untilCli(tenCancels, '10 cancels at the service', [desk], 60_000);
  desk.child.kill('SIGKILL');
  await desk.exit;
  await sandbox.controlClient.setFaults({ latency_ms: 0, operations: ['cancel'] });

  // The legal laptop: the web host in the same team, with the same account.
  const host = await startWebHost(homes[1]!.path, [], { ...process.env, ...teamEnv(1) });
  try {
    expect((await host.call('accounts.add', { name: 'Office', baseUrl: sandbox.url, apiKey: sandbox.key })).ok).toBe(true);
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(host.url);
    await page
      .getByRole('button', { name: 'Activity' })
      .or(page.getByRole('link', { name: 'Activity' }))
      .first()
      .click();
    const gone = page.getByTestId('job-owner-gone');
    await expect(gone).toContainText('front-desk stopped answering', { timeout: 30_000 });
    const card = page.getByTestId('job-progress').filter({ has: gone });
    await expect(card.getByTestId('job-state')).toHaveText('Stopped half-way');
    await expect(card).toContainText('started by ana on front-desk');
    await gone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('activity-jobs-carry-on.png') });

    await card.getByTestId('job-carry-on').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('job-owner-gone')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(async () => (await sandbox.controlClient.state()).documents.filter((d) => d.status === 'CA').length, {
        timeout: 30_000,
      })
      .toBe(30);
    // Each document cancelled once: a second cancel of a cancelled document is answered 400.
    expect((await sandbox.controlClient.stats()).requests.by_status['400'] ?? 0).toBe(0);
  } finally {
    await host.stop();
  }
});
