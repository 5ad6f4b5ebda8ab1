import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { teamAccountKey } from '../../electron/core/team/team-wiring';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * A claim on a document's bag left `archiving` by a computer that went away is resolved by whichever
 * computer next archives that document, from the bag on the shared folder: no bag there → the claim is
 * let go and this computer makes the bag; the bag whole (written, then its computer died before it said
 * so) → the claim is settled as archived, by the member and computer that made it, and nothing is made again.
 */

const members = ['ana', 'ben', 'carla'] as const;
let server: Postgres;
let sandbox: Sandbox;
const archive = tempFolder('signdock-team-stale-archive-');
const homes = members.map(() => tempFolder('signdock-team-stale-home-'));
const password = (member: string) => `pw-${member}-1618`;
let unmade = '';
let unsaid = '';

const archiveOn = (index: number, documents: readonly string[]) =>
  runCli(['--home', homes[index]!.path, 'archive', ...documents, '--dir', archive.path], {
    env: {
      SIGNDOCK_API_KEY: sandbox.key,
      SIGNDOCK_BASE_URL: sandbox.url,
      SIGNDOCK_TEAM_URL: server.url(members[index], password(members[index]!)),
      SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
    },
  });

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 62, autoSign: { enabled: false } })]);
  const file = await samplePdf('Stale archive claims');
  const create = (title: string) =>
    sandbox.services.workflow.create({ title, file, signatures: [{ validations: { EM: 'x@example.com' }, inviteChannel: ['EM'] }] }).id;
  unmade = create('Never bagged');
  unsaid = create('Bagged, never said');
  await sandbox.controlClient.signAll();
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD '${password(member)}'; GRANT signdock_member TO ${member};`);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [archive, ...homes]) folder.remove();
});

describe('an archive claim left open by a computer that went away', () => {
  it('is let go when its bag is not there, and settled from the bag when it is', { timeout: 240_000 }, async () => {
    // ben's computer claimed "Never bagged" an hour ago and died before writing anything.
    const ben = new pg.Client({ connectionString: server.url('ben', password('ben')) });
    await ben.connect();
    await ben
      .query(
        `INSERT INTO signdock.archive_bags (account, document_id, holder, title, bag_path, computer, claimed_at)
         VALUES ($1, $2, 'gone-job/1', 'Never bagged', '2026/never-written', 'desk-2', now() - interval '1 hour')`,
        [teamAccountKey(sandbox.url, sandbox.key), unmade],
      )
      .finally(() => ben.end());
    // ana's computer made the bag of "Bagged, never said" and died before its claim said so.
    const first = await archiveOn(0, [unsaid]);
    expect(first.code, first.stderr).toBe(0);
    await server.sql(
      `UPDATE signdock.archive_bags SET state = 'archiving', covers = NULL, archived_at = NULL, claimed_at = now() - interval '1 hour' WHERE document_id = $1`,
      [unsaid],
    );
    const downloads = (await sandbox.controlClient.stats()).downloads[unsaid];

    const run = await archiveOn(2, [unmade, unsaid]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/passed +“Never bagged” → /);
    expect(run.stderr).toMatch(/skipped +“Bagged, never said”: Already archived on \d{4}-\d\d-\d\d by ana from desk-1 \(2026\/[^)]+\)\./);
    expect((await sandbox.controlClient.stats()).downloads[unsaid]).toEqual(downloads);

    const rows = await server.sql(
      `SELECT document_id, state, member, computer, covers IS NOT NULL AS covered FROM signdock.archive_bags ORDER BY claim_id`,
    );
    expect(rows.rows).toEqual([
      { document_id: unmade, state: 'released', member: 'ben', computer: 'desk-2', covered: false },
      { document_id: unsaid, state: 'archived', member: 'ana', computer: 'desk-1', covered: true },
      { document_id: unmade, state: 'archived', member: 'carla', computer: 'desk-3', covered: true },
    ]);
  });
});
