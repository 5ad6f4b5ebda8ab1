import { closeSync, openSync, readdirSync, readSync, writeSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BagSummary } from '../../shared/domain/evidence';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 32's shared evidence archive: three computers (three CLI processes, three data folders, three
 * members of one real PostgreSQL) archive the same completed documents into one shared folder at once:
 * one bag per document (the folder and the service's download counts prove it); the computers that did
 * not make a bag say by whom, from where, and which. A computer lists every bag of the team's index and
 * verifies the ones it did not write from their bytes (passed; one byte changed: failed); one that cannot
 * reach the folder lists them incomplete, with why. The grants: a reviewer writes nothing, a member never
 * writes another's name. With the store stopped nothing is archived: the job pauses with the reason.
 */

const members = ['ana', 'ben', 'carla'] as const;
const count = 5;
let server: Postgres;
let sandbox: Sandbox;
const ids: string[] = [];
const archive = tempFolder('signdock-team-archive-');
const homes = members.map(() => tempFolder('signdock-team-archive-home-'));
const password = (member: string) => `pw-${member}-2718`;

const envFor = (index: number): Record<string, string> => ({
  SIGNDOCK_API_KEY: sandbox.key,
  SIGNDOCK_BASE_URL: sandbox.url,
  SIGNDOCK_TEAM_URL: server.url(members[index], password(members[index]!)),
  SIGNDOCK_COMPUTER_NAME: `desk-${index + 1}`,
});
const archiveOn = (index: number, documents: readonly string[]) =>
  runCli(['--home', homes[index]!.path, 'archive', ...documents, '--dir', archive.path], { env: envFor(index) });

/** Every bag of the shared folder (a folder holding bagit.txt), relative to it. */
function bagsOnDisk(): string[] {
  return (readdirSync(archive.path, { recursive: true }) as string[])
    .filter((path) => path.endsWith(`${sep}bagit.txt`))
    .map((path) => path.slice(0, -`${sep}bagit.txt`.length).split(sep).join('/'))
    .sort();
}

async function call<T>(core: Core, name: string, input: unknown): Promise<T> {
  const result = await core.dispatch(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as T;
}
/**
 * The core on a computer's data folder (as its CLI left it), as `members[index]` on `computer`, in this
 * process, with the account added (the CLI's came from the environment) and the archive folder at `folder`.
 */
async function coreOn(home: string, index: number, computer: string, folder: string): Promise<Core> {
  const core = createCore({
    dataFolder: home,
    hostKind: 'cli',
    version: '0.1.0',
    secrets: new MemorySecretStore(),
    team: parseTeamUrl(envFor(index).SIGNDOCK_TEAM_URL!, computer),
  });
  await call(core, 'accounts.add', { name: 'Office', baseUrl: sandbox.url, apiKey: sandbox.key });
  await call(core, 'evidence.setArchiveFolder', { path: folder });
  return core;
}

beforeAll(async () => {
  [server, sandbox] = await Promise.all([startPostgres(), startSandbox({ port: 0, seed: 61, autoSign: { enabled: false } })]);
  const file = await samplePdf('Team archive');
  for (let n = 1; n <= count; n += 1)
    ids.push(
      sandbox.services.workflow.create({
        title: `Lease ${n}`,
        file,
        signatures: [{ validations: { EM: `s${n}@example.com` }, inviteChannel: ['EM'] }],
      }).id,
    );
  await sandbox.controlClient.signAll();
  // Downloads take a while, so the three computers are at the same documents at the same time.
  await sandbox.controlClient.setFaults({ latency_ms: 150, operations: ['download'] });
  const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
  await admin.init();
  await admin.close();
  for (const member of members)
    await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD '${password(member)}'; GRANT signdock_member TO ${member};`);
  await server.sql(`CREATE ROLE rita LOGIN PASSWORD '${password('rita')}'; GRANT signdock_reviewer TO rita;`);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.remove(), sandbox?.stop()]);
  for (const folder of [archive, ...homes]) folder.remove();
});

describe('a shared evidence archive across three computers', () => {
  it(
    'three computers archiving the same documents at once make one bag each, and the others say by whom',
    { timeout: 300_000 },
    async () => {
      const runs = await Promise.all(members.map((_, index) => archiveOn(index, ids)));
      const said = runs.map((run) => `${run.stdout}\n${run.stderr}`).join('\n---\n');
      for (const run of runs) expect(run.code, said).toBe(0);

      // One bag per document in the shared folder, each document's three files downloaded once.
      const onDisk = bagsOnDisk();
      expect(onDisk, said).toHaveLength(count);
      const downloads = (await sandbox.controlClient.stats()).downloads;
      for (const id of ids) expect(downloads[id], said).toEqual({ zipfile: 1, 'pdf-certificate': 1, document: 1 });

      // The team's index: one archived claim per document, naming the bag on disk and who made it.
      const rows = (
        await server.sql(
          `SELECT document_id, bag_path, member, computer, covers, title FROM signdock.archive_bags WHERE state = 'archived' ORDER BY bag_path`,
        )
      ).rows as { document_id: string; bag_path: string; member: string; computer: string; covers: string; title: string }[];
      expect(rows.map((row) => row.bag_path)).toEqual(onDisk);
      expect(rows.map((row) => row.document_id).sort()).toEqual([...ids].sort());
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.covers))).toBe(true);
      const byTitle = new Map(rows.map((row) => [row.title, row]));

      // Each computer made some bags and, for every other document, said who made it, from where, and which.
      let made = 0;
      for (const [index, run] of runs.entries()) {
        const passed = run.stdout.split('\n').filter((line) => line.startsWith('passed'));
        // stderr also carries the progress line (\r…): each skipped document is found by its words.
        const skipped = [...run.stderr.matchAll(/skipped +“(Lease \d)”: (.*)$/gm)];
        made += passed.length;
        expect(passed.length + skipped.length, said).toBe(count);
        for (const [line, title, reason] of skipped) {
          const words = /^Already archived on \d{4}-\d\d-\d\d by (\w+) from (desk-\d) \((.+)\)\.$/.exec(reason!);
          expect(words, line).not.toBeNull();
          const row = byTitle.get(title!)!;
          expect([words![1], words![2], words![3]]).toEqual([row.member, row.computer, row.bag_path]);
          expect(words![1]).not.toBe(members[index]);
        }
      }
      expect(made).toBe(count);
    },
  );

  it('a computer lists every bag of the team, verified from the bytes; one byte changed: failed', { timeout: 180_000 }, async () => {
    const rows = (await server.sql(`SELECT bag_path, member FROM signdock.archive_bags WHERE state = 'archived'`)).rows as {
      bag_path: string;
      member: string;
    }[];
    // A computer that did not make every bag (the claims spread them, or not: then a computer that made none).
    const index = members.findIndex((member) => rows.some((row) => row.member !== member));
    const theirs = rows.find((row) => row.member !== members[index])!;
    const bag = join(archive.path, ...theirs.bag_path.split('/'));
    const core = await coreOn(homes[index]!.path, index, `desk-${index + 1}`, archive.path);
    try {
      const listed = await call<{ total: number; bags: BagSummary[] }>(core, 'evidence.list', { limit: 100, offset: 0 });
      expect(listed.total).toBe(count);
      expect(listed.bags.map((b) => relative(archive.path, b.bagPath).split(sep).join('/')).sort()).toEqual(bagsOnDisk());
      expect(listed.bags.find((b) => b.bagPath === bag)?.verdict).toBe('passed');

      // One byte of their signed PDF changed on the shared folder: this computer's check of the bytes fails it.
      const pdf = join(bag, 'data', 'signed.pdf');
      const handle = openSync(pdf, 'r+');
      const byte = Buffer.alloc(1);
      readSync(handle, byte, 0, 1, 200);
      writeSync(handle, Buffer.from([byte[0]! ^ 0x01]), 0, 1, 200);
      closeSync(handle);
      const [verified] = await call<{ report: { verdict: string } }[]>(core, 'evidence.verify', { bagPaths: [bag] });
      expect(verified?.report.verdict).toBe('failed');
    } finally {
      await core.close();
    }
  });

  it('a computer that cannot reach the shared folder lists the team’s bags as incomplete, with why', { timeout: 120_000 }, async () => {
    const elsewhere = tempFolder('signdock-team-archive-elsewhere-');
    const fresh = tempFolder('signdock-team-archive-fresh-');
    const core = await coreOn(fresh.path, 1, 'laptop-4', elsewhere.path);
    try {
      const listed = await call<{ total: number; bags: BagSummary[] }>(core, 'evidence.list', { limit: 100, offset: 0 });
      expect(listed.total).toBe(count);
      for (const bag of listed.bags) {
        expect(bag.verdict).toBe('incomplete');
        expect(bag.problems[0]?.detail).toMatch(
          /^Archived on \d{4}-\d\d-\d\d by \w+ from desk-\d, but this computer cannot reach the bag at /,
        );
      }
    } finally {
      await core.close();
      elsewhere.remove();
      fresh.remove();
    }
  });

  it('a reviewer writes nothing to the archive index; a member never writes in another’s name', async () => {
    const as = async (login: string, sql: string) => {
      const client = new pg.Client({ connectionString: server.url(login, password(login)) });
      await client.connect();
      try {
        return await client.query(sql).then(
          (result) => result.rows as Record<string, unknown>[],
          (error: { code?: string }) => error.code,
        );
      } finally {
        await client.end();
      }
    };
    const insert = `INSERT INTO signdock.archive_bags (account, document_id, holder, bag_path, computer, member)
      VALUES ('grants-test', 'd-1', 'h-1', '2026/x', 'desk-9', 'ben') RETURNING member`;
    expect(await as('rita', insert)).toBe('42501');
    expect(await as('rita', `UPDATE signdock.archive_bags SET state = 'released' WHERE account = 'grants-test'`)).toBe('42501');
    expect(await as('rita', 'SELECT count(*) FROM signdock.archive_bags')).toEqual([{ count: String(count) }]);
    // A member inserts a claim: the member is the login, whatever the client wrote.
    expect(await as('ana', insert)).toEqual([{ member: 'ana' }]);
    expect(await as('ana', `UPDATE signdock.archive_bags SET member = 'ben' WHERE account = 'grants-test'`)).toBe('42501');
    expect(await as('ana', `UPDATE signdock.archive_bags SET computer = 'desk-1' WHERE account = 'grants-test'`)).toBe('42501');
    expect(await as('ana', `DELETE FROM signdock.archive_bags WHERE account = 'grants-test'`)).toBe('42501');
    expect(await as('ana', `UPDATE signdock.archive_bags SET state = 'released' WHERE account = 'grants-test' RETURNING member`)).toEqual([
      { member: 'ana' },
    ]);
  });

  it('with the team store stopped, nothing is archived: the job pauses with the reason', { timeout: 180_000 }, async () => {
    const fresh = sandbox.services.workflow.create({
      title: 'Lease offline',
      file: await samplePdf('Team archive offline'),
      signatures: [{ validations: { EM: 'off@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    await sandbox.controlClient.signAll();
    await server.stop();
    try {
      const run = await archiveOn(0, [fresh]);
      expect(run.code).toBe(1);
      expect(run.stderr, run.stdout).toMatch(
        /Team store unreachable — sending and bulk actions wait: the team store \(127\.0\.0\.1:\d+\/postgres\) cannot be reached/,
      );
      expect(run.stderr).not.toContain(password('ana'));
      expect((await sandbox.controlClient.stats()).downloads[fresh]).toBeUndefined();
      expect(bagsOnDisk()).toHaveLength(count);
    } finally {
      await server.start();
    }
  });
});
