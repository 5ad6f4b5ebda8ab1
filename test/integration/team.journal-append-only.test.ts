import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { steps, teamSchemaVersion } from '../../electron/core/team/team-schema';
import { TeamStore } from '../../electron/core/team/team-store';
import { startPostgres, type Postgres } from '../helpers/postgres';

/**
 * Issue 32, the team journal's table on a real PostgreSQL (point 4, its storage only): a store at
 * version 1 is upgraded by `team init`; members append, the store names them (`current_user`), numbers
 * the entries without gaps and chains them by hash, entries from two members in one chain; a member's
 * UPDATE, DELETE and TRUNCATE are refused, and so are the owner's (a superuser) outside `team init`.
 */

let server: Postgres;
const stores: TeamStore[] = [];
const storeOf = (url: string, computer: string) => {
  const store = new TeamStore(parseTeamUrl(url, computer), '0.1.0');
  stores.push(store);
  return store;
};
const append = (store: TeamStore, subject: string) =>
  store.query(`INSERT INTO signdock.journal (computer, account, action, subject, member) VALUES ($1, 'acct', 'send', $2, 'someone-else')`, [
    store.computer,
    subject,
  ]);

beforeAll(async () => {
  server = await startPostgres();
  // A store made by the first version of the schema (before the journal), as an older SignDock left it.
  await server.sql(steps[0]!);
  await server.sql('INSERT INTO signdock.schema_version (version) VALUES (1)');
  for (const member of ['ana', 'ben']) await server.sql(`CREATE ROLE ${member} LOGIN PASSWORD 'pw-${member}-1618'`);
}, 120_000);
afterAll(async () => {
  for (const store of stores) await store.close();
  await server?.remove();
});

describe('the team journal: append-only, one chain', () => {
  it('team init upgrades a version-1 store; members append into one gapless chain named by the store', async () => {
    const admin = storeOf(server.url(), 'admin');
    expect(await admin.init()).toEqual({ from: 1, to: teamSchemaVersion });
    await server.sql('GRANT signdock_member TO ana; GRANT signdock_member TO ben;');
    const ana = storeOf(server.url('ana', 'pw-ana-1618'), 'desk-1');
    const ben = storeOf(server.url('ben', 'pw-ben-1618'), 'desk-2');
    await Promise.all(Array.from({ length: 10 }, (_, n) => append(n % 2 ? ben : ana, `doc-${n}`)));
    const rows = (await server.sql('SELECT * FROM signdock.journal ORDER BY seq')).rows as Record<string, string | Date | object>[];
    expect(rows.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(rows.map((row) => `${row.member}@${row.computer}`))).toEqual(new Set(['ana@desk-1', 'ben@desk-2']));
    let previous = '';
    for (const row of rows) {
      expect(row.prev_hash).toBe(previous);
      // The time as JavaScript writes it (the store keeps milliseconds): a verifier in the app can recompute every hash.
      const at = (row.at as Date).toISOString();
      const fields = [previous, String(row.seq), at, row.member, row.computer, row.account, row.action, row.subject, '{}', '{}'];
      expect(row.hash).toBe(createHash('sha256').update(fields.join('\n')).digest('hex'));
      previous = row.hash as string;
    }
  });

  it("refuses a member's UPDATE, DELETE and TRUNCATE, and the owner's outside team init", async () => {
    const ana = storeOf(server.url('ana', 'pw-ana-1618'), 'desk-1');
    for (const sql of [`UPDATE signdock.journal SET subject = 'x'`, 'DELETE FROM signdock.journal', 'TRUNCATE signdock.journal']) {
      await expect(ana.query(sql), sql).rejects.toMatchObject({ code: 'team.notMember' });
      await expect(server.sql(sql), sql).rejects.toThrow(/the team journal is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    }
    expect((await server.sql('SELECT count(*)::int AS n FROM signdock.journal')).rows).toEqual([{ n: 10 }]);
    // team init runs again (idempotent) with the journal in place, and leaves it as it was.
    expect(await storeOf(server.url(), 'admin').init()).toEqual({ from: teamSchemaVersion, to: teamSchemaVersion });
    expect((await server.sql('SELECT count(*)::int AS n FROM signdock.journal')).rows).toEqual([{ n: 10 }]);
  });
});
