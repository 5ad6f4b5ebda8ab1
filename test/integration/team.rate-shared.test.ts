import { linkSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limiter } from '../../electron/core/api/limiter';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamRate } from '../../electron/core/team/team-rate';
import { TeamStore } from '../../electron/core/team/team-store';
import { writePdfs } from '../helpers/pdf-batch';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32's team rate: the computers of a team share one budget against the service's rate limit.
 * Three CLI processes (three data folders, three members, one real PostgreSQL) send at once, each its
 * own files and some shared ones, against the sandbox with its rate limit on: every distinct file is
 * created once, and the sandbox counts far fewer 429s than three limiters each finding the limit alone
 * (each one's pace is the whole limit, so together they overshoot it over and over). Then, on the store itself,
 * a 429 met by one computer closes the gate for another, a background read of one yields while another's
 * creates go (issue 32: finished computers' re-reads took two thirds of the last one's slots), a reviewer cannot take a slot, and with the
 * store stopped the shared pace fails at once in the team's words and a limiter goes on at this computer's
 * own pace instead of waiting (reads go on; sending waits on its claims).
 */

const members = ['ana', 'ben', 'carla'] as const;
const SHARED = 20;
const OWN = 40;
const DISTINCT = SHARED + members.length * OWN;
/** Three limiters each finding the limit alone made 21 and 26 here (the code before the team rate); one shared pace made 3 and 5. */
const MOST_429S = 12;
let server: Postgres;
let sandbox: Sandbox;
const files = tempFolder('signdock-team-rate-files-');
const homes = members.map(() => tempFolder('signdock-team-rate-home-'));

const storeOf = (login: string, password: string, computer: string) =>
  new TeamStore(parseTeamUrl(server.url(login, password), computer), '0.1.0');

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 33 })]);
  const admin = storeOf(server.admin.user, server.admin.password, 'admin-desk');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-2718'; GRANT signdock_member TO ${member};`);
  await server.sql(`CREATE ROLE rita LOGIN PASSWORD 'pw-rita-2718'; GRANT signdock_reviewer TO rita;`);
  mkdirSync(join(files.path, 'shared'));
  const shared = await writePdfs(join(files.path, 'shared'), SHARED, 'shared');
  for (const member of members) {
    const folder = join(files.path, member);
    mkdirSync(folder);
    for (const file of shared) linkSync(file, join(folder, basename(file)));
    await writePdfs(folder, OWN, `${member}-own`);
  }
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [files, ...homes]) folder.remove();
});

describe('the team rate: one budget for every computer of the account', () => {
  it('three computers sending at once against a rate limit get few 429s, and every file once', { timeout: 300_000 }, async () => {
    await sandbox.controlClient.setRateLimit({ enabled: true, rate: 20, burst: 5, retry_after: 'seconds' });
    const runs = await Promise.all(
      members.map((member, index) =>
        runCli(
          ['--home', homes[index]!.path, 'send', join(files.path, member), '--signer', 'EM=signer@example.com', '--concurrency', '4'],
          {
            env: {
              SIGNDOCK_API_KEY: sandbox.key,
              SIGNDOCK_BASE_URL: sandbox.url,
              SIGNDOCK_TEAM_URL: server.url(member, `pw-${member}-2718`),
              SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
            },
          },
        ),
      ),
    );
    const stats = await sandbox.controlClient.stats();
    const said = runs.map((run) => run.stderr).join('\n---\n');
    expect(stats.creates.total, said).toBe(DISTINCT);
    expect(Object.keys(stats.creates.by_file_hash)).toHaveLength(DISTINCT);
    expect(Object.values(stats.creates.by_file_hash).every((n) => n === 1)).toBe(true);
    expect(stats.throttled.rate_limit, `429s from the limit: ${stats.throttled.rate_limit}`).toBeLessThanOrEqual(MOST_429S);
    // The pace the team agreed on is in the store, learnt from the computers' 429s.
    const row = await server.sql('SELECT rate, member FROM signdock.rate_limits');
    expect(row.rows).toHaveLength(1);
    expect(Number(row.rows[0]!.rate)).toBeGreaterThan(0);
    expect(members).toContain(row.rows[0]!.member);
  });

  it('a 429 met by one computer closes the gate for the others; a reviewer takes no slot', { timeout: 60_000 }, async () => {
    const stores = [storeOf('ana', 'pw-ana-2718', 'desk-1'), storeOf('ben', 'pw-ben-2718', 'desk-2')];
    const reviewer = storeOf('rita', 'pw-rita-2718', 'desk-9');
    try {
      const [one, two] = stores.map((store) => new TeamRate({ store, accountKey: () => Promise.resolve('gate-account') }));
      const slot = await one!.take('local', { rate: 20, burst: 5 });
      expect(slot.pace).toBeCloseTo(19.8, 5);
      await one!.refused('local', slot, 3_000);
      const after = await two!.take('local', null);
      expect(after.waitMs).toBeGreaterThan(2_000);
      expect(after.learnt).toEqual({ rate: 20, burst: 5 });
      const refused = new TeamRate({ store: reviewer, accountKey: () => Promise.resolve('gate-account') }).take('local', null);
      await expect(refused).rejects.toThrow(/Team store unreachable — sending and bulk actions wait: the login "rita" may not do this/);
    } finally {
      await Promise.all([...stores, reviewer].map((store) => store.close()));
    }
  });

  it("a background read yields while another computer's creates go, and takes its slot when none went", { timeout: 60_000 }, async () => {
    const stores = [storeOf('ana', 'pw-ana-2718', 'desk-1'), storeOf('ben', 'pw-ben-2718', 'desk-2')];
    try {
      const [sending, reading] = stores.map((store) => new TeamRate({ store, accountKey: () => Promise.resolve('quiet-account') }));
      // No request of the team yet: the re-read goes.
      const first = await reading!.take('local', null, 'background');
      expect(first).toHaveProperty('ordinal', 1);
      await sending!.take('local', null);
      const yielded = await reading!.take('local', null, 'background');
      expect(yielded).toHaveProperty('yieldMs');
      expect((yielded as { yieldMs: number }).yieldMs).toBeGreaterThan(0);
      expect((yielded as { yieldMs: number }).yieldMs).toBeLessThanOrEqual(1_000);
      // The yield took no slot: the next create's is the third.
      expect(await sending!.take('local', null)).toHaveProperty('ordinal', 3);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it(
    "with the store stopped, the shared pace fails at once in the team words, and requests go on this computer's own pace",
    { timeout: 60_000 },
    async () => {
      const store = storeOf('ana', 'pw-ana-2718', 'desk-1');
      const rate = new TeamRate({ store, accountKey: () => Promise.resolve('stopped-account') });
      await server.stop();
      try {
        const words =
          /Team store unreachable — sending and bulk actions wait: the team store \(127\.0\.0\.1:\d+\/postgres\) cannot be reached/;
        await expect(rate.take('local', null)).rejects.toThrow(words);
        // Reads go on (the mirror stays fresh, notifications are re-read); sending waits on its claims.
        const limiter = new Limiter({}, { shared: rate.pace('local') });
        for (let n = 0; n < 3; n += 1) (await limiter.acquire()).release({ kind: 'success' });
        expect(limiter.state()).toMatchObject({ inFlight: 0, queued: 0 });
      } finally {
        await server.start();
        await store.close();
      }
    },
  );
});
