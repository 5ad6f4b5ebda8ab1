import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdfs } from '../helpers/pdf-batch';
import { startCli, untilCli, type CliProcess } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 12, must show: three CLI processes on one data folder. The first sends 30 files against the
 * sandbox with latency and 20% ambiguous creates, a second runs `send --resume` of the same batch at
 * once, a third starts mid-way (the sandbox holds the batch there with a quota of creates): each file is created exactly once, and the processes that did not own
 * the batch said so. Then the owner is SIGKILLed mid-batch: a follower takes over, and still nothing is
 * created twice.
 */
const until = (test: () => boolean | Promise<boolean>, what: string, runs: CliProcess[]) => untilCli(test, what, runs, 90_000);

describe('one owner per batch across processes', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 12 });
    await sandbox.controlClient.setFaults({
      latency_ms: 120,
      ambiguous_create_rate: 0.2,
      ambiguous_create_mode: 'destroy',
      operations: ['create'],
    });
    home = tempFolder('signdock-three-home-');
    files = tempFolder('signdock-three-files-');
    await writePdfs(files.path, 30, 'shared');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SIGNDOCK_LEASE_TTL_MS: '3000' };
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('three processes, then the owner killed: every file created exactly once', async () => {
    const creates = async () => (await sandbox.controlClient.stats()).creates.total;
    // The sandbox creates eight documents, then answers 429 to every create until told otherwise: the
    // batch is held mid-way however slowly the other processes start.
    await sandbox.controlClient.setFaults({ create_quota: 8 });
    const first = startCli(['--home', home.path, 'send', files.path, '--signer', 'EM=ana@example.com', '--concurrency', '2'], env);
    await until(() => /Batch ([0-9a-f-]{36})/.test(first.stderr), 'the batch id', [first]);
    const batchId = /Batch ([0-9a-f-]{36})/.exec(first.stderr)![1]!;
    const second = startCli(['--home', home.path, 'send', '--resume', batchId], env);
    await until(async () => (await creates()) >= 8, 'eight creates', [first, second]);
    const third = startCli(['--home', home.path, 'send', '--resume', batchId], env);
    const runs = [first, second, third];
    const following = /is being sent by another SignDock on this computer \(PID \d+\); following it/;
    await until(() => runs.filter((run) => following.test(run.stderr)).length >= 2, 'two followers', runs);

    // The owner goes on, but each create it sends now is made and never answered: killed with one in
    // flight, whose document exists on the service.
    await sandbox.controlClient.setFaults({ create_quota: -1, ambiguous_create_rate: 1, ambiguous_create_mode: 'hang' });
    await until(async () => (await creates()) >= 9, 'a create in flight', runs);
    const db = new Database(join(home.path, 'signdock.db'), { readonly: true });
    const lease = db.prepare('SELECT pid FROM job_leases WHERE job_id = ?').get(batchId) as { pid: number };
    db.close();
    const owner = runs.find((run) => run.child.pid === lease.pid)!;
    expect(owner).toBeDefined();
    expect(runs.filter((run) => run !== owner).every((run) => following.test(run.stderr))).toBe(true);
    expect(await creates()).toBeLessThan(30);
    owner.child.kill('SIGKILL');
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0.2, ambiguous_create_mode: 'destroy' });

    const survivors = runs.filter((run) => run !== owner);
    const codes = await Promise.race([
      Promise.all(survivors.map((run) => run.exit)),
      new Promise<never>((_, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`The survivors did not finish:\n${survivors.map((r) => r.stderr).join('\n---\n')}`)),
          100_000,
        );
        timer.unref();
      }),
    ]);
    expect(codes, survivors.map((run) => run.stderr).join('\n---\n')).toEqual([0, 0]);
    expect(survivors.some((run) => /The other SignDock stopped; this one goes on/.test(run.stderr))).toBe(true);

    const stats = await sandbox.controlClient.stats();
    expect(stats.faults.ambiguous_creates).toBeGreaterThan(0);
    expect(stats.duplicates.titles).toEqual([]);
    expect(stats.duplicates.file_hashes).toEqual([]);
    expect(Object.keys(stats.creates.by_title)).toHaveLength(30);
    expect((await sandbox.controlClient.state()).documents).toHaveLength(30);
  }, 240_000);
});
