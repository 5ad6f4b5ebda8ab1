import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { startWebHost, type RunningWebHost } from './support/web-host';

// Issue 32 from the app, for real: a PostgreSQL that takes logins only over TLS (its CA made by
// openssl), the real keychain. Settings → Team: a wrong password said in words, Test connection with
// the CA file picked, Save (the password in the keychain only: not in the SQLite file nor the log),
// and from the next start the store in use with its members. The Send page's banner: the server
// stopped → "Team store unreachable — sending and bulk actions wait" with the reason and the next
// attempt, and on Documents where bulk actions start; started again → Try now → the banner goes.

const password = `Ana-Team-${Date.now()}-pw`;
let server: Postgres;

test.describe.configure({ mode: 'serial' });

test.describe('Settings → Team and the unreachable banner, on a real PostgreSQL', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startPostgres({ tls: true });
    const admin = server.url(undefined, undefined, `sslmode=verify-full&sslrootcert=${server.caFile}`);
    const cliHome = mkdtempSync(join(tmpdir(), 'signdock-team-admin-'));
    const init = await runCli(['--home', cliHome, 'team', 'init'], { env: { SIGNDOCK_TEAM_URL: admin } });
    rmSync(cliHome, { recursive: true, force: true });
    expect(init.code, init.stderr).toBe(0);
    await server.sql(`CREATE ROLE ana LOGIN PASSWORD '${password}'; GRANT signdock_member TO ana;`);
  });
  test.afterAll(async () => {
    await server?.remove();
  });

  test('save and test the team store; the password only in the keychain; the banner while the store is down', async ({ page, home }) => {
    test.setTimeout(240_000);
    const env = { ...process.env, SIGNDOCK_TEAM_URL: '', SIGNDOCK_COMPUTER_NAME: '' };
    let host: RunningWebHost = await startWebHost(home, [], env);
    try {
      await page.setViewportSize({ width: 1024, height: 640 });
      await startDemo(page, host);
      await page.getByTestId('nav-settings').click();
      const card = page.getByTestId('settings-team');
      await expect(card.getByTestId('team-in-use')).toHaveText('No team store in use: this computer works alone.');

      // Keyboard only: each field by its label.
      await card.getByLabel('Server').fill('127.0.0.1');
      await card.getByLabel('Port').fill(String(server.port));
      await card.getByLabel('Database').fill('postgres');
      await card.getByLabel('Login').fill('ana');
      await card.getByLabel('Password', { exact: true }).fill('not-the-password');
      await card.getByLabel('This computer’s name').fill('front-desk');
      await card.getByTestId('team-sslmode').selectOption('verify-full');
      await card.getByTestId('team-ca-file').setInputFiles(server.caFile!);
      await expect(card.getByTestId('team-ca')).toContainText('The CA file you chose');

      await card.getByTestId('team-test').click();
      await expect(card.getByTestId('team-problem-text')).toHaveText(
        `The team store (127.0.0.1:${server.port}/postgres) refused the login "ana": wrong password (or no such login).`,
        { timeout: 30_000 },
      );

      await card.getByLabel('Password', { exact: true }).fill(password);
      await card.getByTestId('team-test').click();
      await expect(card.getByTestId('team-connected')).toHaveText(/^Connected as ana on front-desk, schema version \d+\.$/, {
        timeout: 30_000,
      });
      await page.screenshot({ path: screenshotPath('settings-team-connected.png') });

      await card.getByLabel('Password', { exact: true }).press('Enter');
      await expect(card.getByTestId('team-password-state')).toHaveText('Stored in the keychain');
      await expect(card.getByLabel('Password', { exact: true })).toHaveValue('');
      await expect(card.getByTestId('team-restart')).toContainText('from its next start');
      await expect(card.getByTestId('team-ca')).toContainText('SignDock test CA');
      const answers = JSON.stringify([await host.call('team.settings'), await host.call('settings.get')]);
      expect(answers).not.toContain(password);
      expect(await page.content()).not.toContain(password);

      // The next start connects with the saved store (its password from the keychain).
      await host.stop();
      for (const file of readdirSync(home).filter((name) => name.startsWith('signdock.db'))) {
        expect(readFileSync(join(home, file)).includes(password), `${file} holds the password`).toBe(false);
      }
      host = await startWebHost(home, [], env);
      await page.goto(host.url);
      await page.getByTestId('nav-settings').click();
      await expect(card.getByTestId('team-in-use')).toHaveText(`In use now: 127.0.0.1:${server.port}/postgres.`);
      await expect(card.getByTestId('team-members')).toContainText('1 member: ana');
      await expect(card.getByTestId('team-members')).toContainText('front-desk (ana), last seen');
      await card.getByTestId('team-test').click();
      await expect(card.getByTestId('team-connected')).toHaveText(/^Connected as ana on front-desk/, { timeout: 30_000 });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('settings-team-in-use.png') });

      // The store goes away: the Send page says so, in words, with the next attempt.
      await page.getByTestId('nav-send').click();
      await expect(page.getByTestId('team-banner')).toHaveCount(0);
      await server.stop();
      const banner = page.getByTestId('team-banner');
      await expect(banner).toContainText('Team store unreachable — sending and bulk actions wait', { timeout: 30_000 });
      await expect(page.getByTestId('team-banner-reason')).toContainText(
        `The team store (127.0.0.1:${server.port}/postgres) cannot be reached`,
      );
      await expect(page.getByTestId('team-banner-retry')).toHaveText(/Trying again (in \d+ s|…)/);
      await page.screenshot({ path: screenshotPath('send-team-unreachable.png') });

      // Bulk actions start on Documents: the same words there.
      await page.getByTestId('nav-documents').click();
      await expect(banner).toContainText('Team store unreachable — sending and bulk actions wait');

      await server.start();
      await page.getByTestId('team-try-now').click();
      await expect(banner).toHaveCount(0, { timeout: 30_000 });
      await page.getByTestId('nav-send').click();
      await expect(page.getByRole('heading', { name: 'Send', exact: true })).toBeVisible();
      await expect(banner).toHaveCount(0);
    } finally {
      await host.stop();
    }
    const log = join(home, 'logs', 'signdock.log');
    expect(existsSync(log)).toBe(true);
    expect(readFileSync(log, 'utf8')).not.toContain(password);
    expect(readFileSync(log, 'utf8')).toContain('team store unreachable');
  });
});
