import type { Db } from '../../electron/core/db/database';
import { JobEngine, type JobEngineDeps } from '../../electron/core/jobs/job-engine';
import { JobLeases } from '../../electron/core/jobs/leases';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { teamJobStorage } from '../../electron/core/team/team-job-storage';
import { TeamStore } from '../../electron/core/team/team-store';
import { TeamSync } from '../../electron/core/team/team-sync';
import { startPostgres, type Postgres } from './postgres';

/**
 * The job engine's own tests run against both storages (issue 32, "one suite, two implementations"):
 * this data folder's SQLite, and the team store on a real PostgreSQL (started once per test file, its
 * schema made by `team init`). A test's kind is marked `shared` so that, with the team storage, its jobs,
 * items and leases live in PostgreSQL; the account `acct` is named `acct-key` there.
 */
export interface JobStore {
  name: string;
  /** An engine over `db` (and, for the team, the team store); `close` ends the team connection too. */
  engine(db: Db, deps?: Partial<JobEngineDeps>): { engine: JobEngine; close: () => Promise<void> };
  start(): Promise<void>;
  stop(): Promise<void>;
}

const sqlite: JobStore = {
  name: 'SQLite',
  engine: (db, deps = {}) => {
    const engine = new JobEngine({ db, leases: new JobLeases(db), emit: () => undefined, ...deps });
    return { engine, close: () => engine.close() };
  },
  start: async () => undefined,
  stop: async () => undefined,
};

function teamStore(): JobStore {
  let server: Postgres | null = null;
  return {
    name: 'PostgreSQL (the team store)',
    engine: (db, deps = {}) => {
      const sync = new TeamSync(parseTeamUrl(server!.url(), 'desk-test'));
      const accounts = { keyOf: (id: string) => `${id}-key`, accountOf: (key: string) => key.replace(/-key$/, '') };
      const team = teamJobStorage(sync, 'desk-test', accounts);
      const engine = new JobEngine({ db, leases: new JobLeases(db), emit: () => undefined, team, ...deps });
      return { engine, close: async () => (await engine.close(), await sync.close()) };
    },
    start: async () => {
      server = await startPostgres();
      const admin = new TeamStore(parseTeamUrl(server.url(), 'admin-desk'), '0.1.0');
      await admin.init();
      await admin.close();
    },
    stop: async () => {
      await server?.remove();
    },
  };
}

export const jobStores = (): JobStore[] => [sqlite, teamStore()];
