import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli, spawnCli, untilCli, type CliProcess } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32: PostgreSQL stopped in the middle of a send. The batch waits — it pauses with the store's
 * words, never fails — and nothing is sent on local claims alone: no file is created that the team store
 * did not claim. When the store is back, the same batch is resumed and every file is created exactly
 * once, the creates that were in flight when the store went away included.
 */

const count = 30;
let server: Postgres;
let sandbox: Sandbox;
const files = tempFolder('signdock-team-stop-files-');
const home = tempFolder('signdock-team-stop-home-');

const env = (): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url('dora', 'pw-dora-2718'),
  SIGNDOCK_COMPUTER_NAME: 'front-desk',
});

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 33 })]);
  // Slow creates, so the store can be stopped while some are on their way.
  await sandbox.controlClient.setFaults({ latency_ms: 150, operations: ['create'] });
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  await server.sql(`CREATE ROLE dora LOGIN PASSWORD 'pw-dora-2718'; GRANT signdock_member TO dora;`);
  await writePdfs(files.path, count, 'stopped');
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  files.remove();
  home.remove();
});

describe('the team store stopped in the middle of a send', () => {
  it('pauses the batch with words, sends nothing unclaimed, and sends every file once when resumed', { timeout: 300_000 }, async () => {
    const creates = async () => (await sandbox.controlClient.stats()).creates.total;
    const child = spawnCli(['--home', home.path, 'send', files.path, '--signer', 'EM=signer@example.com;invite=EM', '--concurrency', '2'], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: CliProcess = { child, stderr: '', exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
    await untilCli(async () => (await creates()) >= 5, 'the first creates', [run], 120_000);
    await server.stop();
    const code = await run.exit;
    // The batch paused (resumable), with the store's words; not failed.
    expect(code, run.stderr).toBe(1);
    expect(stdout, run.stderr).toMatch(
      /is paused: Team store unreachable — sending and bulk actions wait: the team store \(127\.0\.0\.1:\d+\/postgres\) cannot be reached/,
    );
    expect(stdout).not.toMatch(/^failed /m);
    expect(stdout + run.stderr).not.toContain('pw-dora-2718');
    const batch = /send --resume (\S+)/.exec(stdout)?.[1];
    expect(batch, stdout).toBeTruthy();

    // Stopped: creates never outnumber the claims the store had taken, and none happens while it is down.
    const whileDown = await creates();
    expect(whileDown).toBeLessThan(count);
    const refused = await runCli(['--home', home.path, 'send', '--resume', batch!], { env: env() });
    expect(refused.code).not.toBe(0);
    expect(await creates()).toBe(whileDown);

    await server.start();
    const claimedBefore = await server.sql(`SELECT count(*)::int AS n FROM signdock.sent_claims`);
    expect(claimedBefore.rows[0]!.n).toBeGreaterThanOrEqual(whileDown);

    const resumed = await runCli(['--home', home.path, 'send', '--resume', batch!], { env: env() });
    expect(resumed.code, resumed.stderr).toBe(0);
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(count);
    expect(Object.values(stats.creates.by_file_hash).every((n) => n === 1)).toBe(true);
    const claims = await server.sql(`SELECT state, count(*)::int AS n FROM signdock.sent_claims GROUP BY state`);
    expect(claims.rows).toEqual([{ state: 'sent', n: count }]);
  });
});
