import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/database';
import { JobItemsRepo } from '../../electron/core/jobs/job-items-repo';
import { JobsRepo } from '../../electron/core/jobs/jobs-repo';
import { Journal } from '../../electron/core/journal/journal';
import { parseTeamUrl } from '../../electron/core/team/team-config';
import { teamJobStorage } from '../../electron/core/team/team-job-storage';
import { TeamJournal } from '../../electron/core/team/team-journal';
import { TeamStore } from '../../electron/core/team/team-store';
import { TeamSync } from '../../electron/core/team/team-sync';
import type { Postgres } from '../helpers/postgres';
import { percentile } from './bench';

/**
 * The team store's latencies beside SQLite's, in this process, on the bench's PostgreSQL (issue 32's
 * bench: "journal append and item pickup: p50/p99 on PostgreSQL against SQLite"). Item pickup: the
 * engine's `claimNext` (the team's `UPDATE … FOR UPDATE SKIP LOCKED` through the synchronous worker
 * connection, SQLite's `BEGIN IMMEDIATE`). Journal append: one entry appended and carried into the
 * team chain (`TeamJournal`: the local append, then the store's insert that numbers and hashes it),
 * beside one local append in SQLite.
 */

export interface Latency {
  p50: number;
  p99: number;
}

const stats = (values: number[]): Latency => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

export async function pickupLatency(server: Postgres, root: string, count: number): Promise<{ team: Latency; local: Latency }> {
  const db = openDatabase(join(root, 'pickup.db'));
  const sync = new TeamSync(parseTeamUrl(server.url('ana', 'pw-ana'), 'desk-bench'));
  try {
    const items = Array.from({ length: count }, (_, i) => ({ subject: `doc-${i}` }));
    const localJobs = new JobsRepo(db);
    const localItems = new JobItemsRepo(db);
    localJobs.create({ id: 'bench-local', kind: 'cancel', accountId: 'bench' });
    localItems.add('bench-local', items);
    const accounts = { keyOf: () => 'bench-account', accountOf: () => 'bench' };
    const team = teamJobStorage(sync, 'desk-bench', accounts);
    team.transaction(() => {
      team.jobs.create({ id: 'bench-team', kind: 'cancel', accountId: 'bench' });
      team.items.add('bench-team', items);
    });
    const time = (claim: () => unknown) =>
      items.map(() => {
        const start = performance.now();
        claim();
        return performance.now() - start;
      });
    return { local: stats(time(() => localItems.claimNext('bench-local'))), team: stats(time(() => team.items.claimNext('bench-team'))) };
  } finally {
    await sync.close();
    db.close();
  }
}

export async function journalLatency(server: Postgres, root: string, count: number): Promise<{ team: Latency; local: Latency }> {
  const db = openDatabase(join(root, 'journal.db'));
  const store = new TeamStore(parseTeamUrl(server.url('ana', 'pw-ana'), 'desk-bench'), '0.1.0');
  try {
    const journal = new Journal(db, { dataFolder: root });
    const book = new TeamJournal({ store, db, journal });
    const entry = (i: number) => ({ accountId: 'bench', action: 'cancel', subject: `doc-${i}`, inputs: { i }, outcome: { state: 'done' } });
    const local: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const start = performance.now();
      journal.append(entry(i));
      local.push(performance.now() - start);
    }
    await book.settled();
    const team: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const start = performance.now();
      book.append(entry(count + i));
      await book.settled();
      team.push(performance.now() - start);
    }
    return { local: stats(local), team: stats(team) };
  } finally {
    await store.close();
    db.close();
  }
}
