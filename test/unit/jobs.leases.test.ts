import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { JobLeases } from '../../electron/core/jobs/leases';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { TeamJobLeases } from '../../electron/core/team/team-job-leases';
import { TeamStore } from '../../electron/core/team/team-store';
import { TeamSync } from '../../electron/core/team/team-sync';
import { startPostgres, type Postgres } from '../helpers/postgres';
import { tempFolder } from '../helpers/temp-folder';

/** Issue 12: one owner per job; another process waits until the lease expires or its holder is gone. */
describe('job leases', () => {
  const folders: ReturnType<typeof tempFolder>[] = [];
  const dbs: Db[] = [];
  afterEach(() => {
    dbs.splice(0).forEach((db) => db.close());
    folders.splice(0).forEach((folder) => folder.remove());
  });
  const open = () => {
    const folder = tempFolder();
    folders.push(folder);
    return `${folder.path}/signdock.db`;
  };
  const connect = (file: string) => {
    const db = openDatabase(file);
    dbs.push(db);
    return db;
  };

  it('a second owner is refused while the lease lives, and takes it once it expired', () => {
    const file = open();
    let now = 1_000;
    const a = new JobLeases(connect(file), { ttlMs: 100, now: () => now, owner: { id: 'host:1:1', host: 'elsewhere', pid: 1 } });
    const b = new JobLeases(connect(file), { ttlMs: 100, now: () => now, owner: { id: 'host:2:2', host: 'elsewhere', pid: 2 } });
    expect(a.acquire('job')).toEqual({ owned: true });
    expect(b.acquire('job')).toMatchObject({ owned: false, holder: { pid: 1, self: false } });
    now += 50;
    expect(a.renew('job')).toBe(true);
    now += 120;
    expect(b.holder('job')).toBeNull();
    expect(b.acquire('job')).toEqual({ owned: true });
    // The old owner notices it lost the job at its next heartbeat.
    expect(a.renew('job')).toBe(false);
    expect(a.acquire('job')).toMatchObject({ owned: false, holder: { pid: 2 } });
  });

  it('a holder on this computer whose process is gone has no lease, even before it expires', () => {
    const file = open();
    const gonePid = 2 ** 22 + 12345; // above Linux's pid_max default: no such process
    const dead = new JobLeases(connect(file), { ttlMs: 60_000, owner: { id: 'x', host: hostname(), pid: gonePid } });
    expect(dead.acquire('job')).toEqual({ owned: true });
    const alive = new JobLeases(connect(file), { ttlMs: 60_000 });
    expect(alive.acquire('job')).toEqual({ owned: true });
  });
});

/** The same promises from the team store's leases (issue 32): between computers, on the store's clock. */
describe('job leases in the team store', () => {
  let server: Postgres;
  const syncs: TeamSync[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
    await admin.init();
    await admin.close();
    await server.sql(
      `INSERT INTO signdock.jobs (id, kind, account, state, created_at, updated_at, computer) VALUES ('job', 'x', 'acct', 'running', 0, 0, 'desk-a')`,
    );
  }, 120_000);
  afterAll(async () => {
    for (const sync of syncs) await sync.close();
    await server?.remove();
  });
  const leasesOn = (computer: string, ttlMs: number) => {
    const sync = new TeamSync(parseTeamUrl(server.url(), computer));
    syncs.push(sync);
    return new TeamJobLeases(sync, computer, { ttlMs });
  };

  it('another computer is refused while the lease lives, sees who holds it, and takes it once it ran out', async () => {
    // A lease long enough that a busy machine never lets it run out between two statements.
    const a = leasesOn('desk-a', 60_000);
    const b = leasesOn('desk-b', 60_000);
    expect(a.acquire('job')).toEqual({ owned: true });
    expect(b.acquire('job')).toMatchObject({ owned: false, holder: { host: 'desk-a', member: server.admin.user, self: false } });
    expect(b.lastHolder('job')).toBeNull();
    expect(a.renew('job')).toBe(true);
    // The same process renewing with a short length (as a heartbeat that then stops): it runs out on the store's
    // clock, and from then on the holder is "gone" for everyone else.
    expect(leasesOn('desk-a', 200).renew('job')).toBe(true);
    await expect.poll(() => b.lastHolder('job')?.host ?? null, { timeout: 10_000 }).toBe('desk-a');
    expect(b.holder('job')).toBeNull();
    expect(b.acquire('job')).toEqual({ owned: true });
    expect(a.renew('job')).toBe(false);
    expect(a.acquire('job')).toMatchObject({ owned: false, holder: { host: 'desk-b' } });
  });

  it('a holder of this computer whose process is gone has no lease, even before it ran out', async () => {
    const gonePid = 2 ** 22 + 12345; // above Linux's pid_max default: no such process
    await server.sql(`UPDATE signdock.job_leases SET owner = 'desk-c:${gonePid}:1', computer = 'desk-c', pid = ${gonePid},
      expires_at = clock_timestamp() + interval '1 hour' WHERE job_id = 'job'`);
    expect(leasesOn('desk-b', 60_000).acquire('job')).toMatchObject({ owned: false, holder: { host: 'desk-c' } });
    expect(leasesOn('desk-c', 60_000).acquire('job')).toEqual({ owned: true });
  });
});
