import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamComputers, stopTeam, type ComputerLine, type ComputerProcess } from '../helpers/computer-process';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32, "one reminder duty": three computers (three processes of the real core, three data
 * folders, one real PostgreSQL as the team store, the sandbox over HTTP as the service), each with
 * automatic reminders turned on for the account in its settings (every 3 days) and looking every
 * 250 ms. Each pending signer gets exactly one reminder per period, counted at the sandbox: the duty
 * `auto-remind:<account>` is held by one computer, and every computer's reminders are read. When that
 * computer is SIGKILLed, another takes the duty over once its lease ran out, and reminds once in the
 * next period (not again in this one). With the store stopped, no automatic reminder goes out; once it
 * is back, each signer is reminded once. Periods are moved on by each computer's clock and the sandbox's.
 */

const DAY = 86_400_000;
const members = ['ana', 'ben', 'carla'] as const;
let server: Postgres;
let sandbox: Sandbox;
const homes = [...members, 'admin'].map(() => tempFolder('signdock-team-remind-'));
let computers: ComputerProcess[] = [];

/** A look of the automatic reminders (made, or failed: the team store did not answer). */
const looked = (line: ComputerLine) => line.log === 'auto-remind: looked' || line.log === 'auto-remind: a look failed';
const resends = async () => (await sandbox.controlClient.stats()).requests.by_operation.resend ?? 0;
/** Resolves once every computer given has looked `times` more times (each look an event it prints). */
const looksBy = (group: ComputerProcess[], times: number) =>
  Promise.all(
    group.map(async (computer) => {
      const target = computer.count(looked) + times;
      await computer.until(() => computer.count(looked) >= target);
    }),
  );
/** Waits until the sandbox has had `count` reminder requests (read each time a computer prints a look). */
const untilResends = async (group: ComputerProcess[], count: number) => {
  while ((await resends()) < count) await looksBy(group, 1);
};
const advance = async (group: ComputerProcess[], ms: number) => {
  sandbox.services.clock.advance?.(ms);
  await Promise.all(group.map((computer) => computer.ask({ advance: ms }, 'advanced')));
};

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 3232, autoSign: { enabled: false } })]);
  // Two signers pending for ten days (the sandbox's clock), a third with no invitation channel (never reminded).
  sandbox.services.clock.advance?.(-10 * DAY);
  const file = await samplePdf('Remind once');
  const { workflow } = sandbox.services;
  workflow.create({ title: 'Lease', file, signatures: [{ validations: { EM: 'slow@example.com' }, inviteChannel: ['EM'] }] });
  workflow.create({
    title: 'Offer',
    file,
    signatures: [
      { validations: { EM: 'late@example.com' }, inviteChannel: ['EM'] },
      { validations: { EM: 'link@example.com' }, inviteChannel: [] },
    ],
  });
  computers = await startTeamComputers(server, sandbox, members, homes);
}, 240_000);
afterAll(() => stopTeam(computers, [server, sandbox], homes));

describe('automatic reminders on three computers of a team', () => {
  it('remind each pending signer once per period, and once more after the holder is killed', { timeout: 180_000 }, async () => {
    // Turned on in each computer's settings, as a clerk would in Settings.
    await Promise.all(
      computers.map((computer) =>
        computer.ask({ settings: { autoRemind: { [computer.accountId]: { enabled: true, everyDays: 3, maxTimes: 5 } } } }, 'settings'),
      ),
    );
    // Period 1: the two signers with a channel, once each, whatever the three computers' looks.
    await untilResends(computers, 2);
    await looksBy(computers, 4);
    expect(await resends()).toBe(2);

    // Period 2, three days later on every clock: once more each.
    await advance(computers, 3 * DAY + 60_000);
    await untilResends(computers, 4);
    await looksBy(computers, 4);
    expect(await resends()).toBe(4);
    expect((await sandbox.controlClient.stats()).throttled.reminder).toBe(0);

    // The holder is killed; the others take the duty over once its lease ran out, and remind once in period 3.
    const duty = await server.sql(`SELECT computer, member FROM signdock.duties WHERE name = 'auto-remind'`);
    expect(duty.rows).toHaveLength(1);
    const holder = computers.find((computer) => computer.name === duty.rows[0].computer)!;
    expect(holder.count((line) => line.log === 'team: this computer took the automatic reminders duty')).toBe(1);
    expect(
      computers.filter((computer) => computer.count((line) => line.log === 'team: this computer took the automatic reminders duty') > 0),
    ).toHaveLength(1);
    await holder.kill('SIGKILL');
    const others = computers.filter((computer) => computer !== holder);
    const took = (line: ComputerLine) => line.log === 'team: this computer took the automatic reminders duty';
    await Promise.race(others.map((computer) => computer.until(took)));
    // Taken over inside period 2: no one is reminded again.
    await looksBy(others, 4);
    expect(await resends()).toBe(4);
    await advance(others, 3 * DAY + 60_000);
    await untilResends(others, 6);
    await looksBy(others, 4);
    expect(await resends()).toBe(6);
    const taken = await server.sql(`SELECT computer, member FROM signdock.duties WHERE name = 'auto-remind'`);
    expect(others.map((computer) => computer.name)).toContain(taken.rows[0].computer);

    // `team status` (and --json) on a fourth computer says who holds the duty, and until when.
    const statusOf = (json: boolean) =>
      runCli(['--home', homes[3]!.path, ...(json ? ['--json'] : []), 'team', 'status'], {
        env: { SIGNDOCK_TEAM_URL: server.url(), SIGNDOCK_COMPUTER_NAME: 'admin-desk' },
      });
    // One after the other: two processes setting up one new data folder at once is not what this tests.
    // On a loaded machine the duty may move between computers meanwhile: asked again until it held still.
    const holderRow = async () => (await server.sql(`SELECT computer, member FROM signdock.duties WHERE name = 'auto-remind'`)).rows[0];
    for (let attempt = 1; ; attempt += 1) {
      const before = await holderRow();
      const text = await statusOf(false);
      const json = await statusOf(true);
      const after = await holderRow();
      if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 5) continue;
      const holderNow = `${after.computer} \\(${after.member}\\)`;
      expect(text.stdout, text.stderr).toMatch(
        new RegExp(`Automatic reminders \\(account [0-9a-f]{8}\\): ${holderNow} since [\\d-]+ [\\d:]+ UTC, until`),
      );
      expect((JSON.parse(json.stdout) as { duties: unknown[] }).duties).toContainEqual(
        expect.objectContaining({ duty: 'auto-remind', computer: after.computer, member: after.member, expired: false }),
      );
      break;
    }

    // Every reminder is in the store, by the computer that sent it: two signers, three each.
    const reminded = await server.sql(
      `SELECT signature_id, count(*)::int AS n, count(DISTINCT computer)::int AS computers FROM signdock.reminders WHERE auto GROUP BY signature_id`,
    );
    expect(reminded.rows.map((row) => row.n)).toEqual([3, 3]);
    expect(Math.max(...reminded.rows.map((row) => row.computers))).toBe(2);
    // The reminders' jobs are the team's (one job queue): every one in the store, its done items the reminders sent.
    const jobs = await server.sql(
      `SELECT count(DISTINCT j.id)::int AS jobs, (count(*) FILTER (WHERE i.state = 'done'))::int AS done
       FROM signdock.jobs j JOIN signdock.job_items i ON i.job_id = j.id WHERE j.kind = 'remind'`,
    );
    expect(jobs.rows[0].jobs).toBeGreaterThanOrEqual(3);
    expect(jobs.rows[0].done).toBe(6);

    // The grants: a member takes and renews duties and records reminders, but changes or deletes none of
    // them; a reviewer does neither.
    await server.sql(`CREATE ROLE rita LOGIN PASSWORD 'pw-rita-team'; GRANT signdock_reviewer TO rita;`);
    const refused = async (login: string, sql: string) => {
      const client = new pg.Client({ connectionString: server.url(login, `pw-${login}-team`) });
      await client.connect();
      try {
        return await client.query(sql).then(
          () => 'done',
          (error: { code?: string }) => error.code,
        );
      } finally {
        await client.end();
      }
    };
    const insertDuty = `INSERT INTO signdock.duties (name, account, holder, computer, expires_at) VALUES ('listener', 'x', 'h', 'c', now())`;
    expect(await refused('rita', insertDuty)).toBe('42501');
    expect(await refused('rita', `UPDATE signdock.duties SET expires_at = now()`)).toBe('42501');
    expect(await refused('ana', `DELETE FROM signdock.duties`)).toBe('42501');
    expect(await refused('ana', `UPDATE signdock.reminders SET at = now()`)).toBe('42501');
    expect(await refused('ana', `DELETE FROM signdock.reminders`)).toBe('42501');

    // The team store stopped: period 4 comes and no automatic reminder goes out; back, each signer once.
    await server.stop();
    try {
      await advance(others, 3 * DAY + 60_000);
      await looksBy(others, 6);
      expect(await resends()).toBe(6);
    } finally {
      await server.start();
    }
    await untilResends(others, 8);
    await looksBy(others, 4);
    expect(await resends()).toBe(8);
  });
});
