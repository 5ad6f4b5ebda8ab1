import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { JobLeases } from '../../electron/core/jobs/leases';
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
