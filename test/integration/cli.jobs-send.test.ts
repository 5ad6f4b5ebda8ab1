import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import { writePdfs } from '../helpers/pdf-batch';
import { runCli, startCli, untilCli, type CliProcess } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 26, must show: a send is a job like any other. While a CLI process sends 30 files (held mid-way
 * by the sandbox's quota of creates), `jobs --json list` in another process shows the batch's real
 * counts; `jobs pause ID` pauses the batch, `jobs resume ID` sends the rest to the end, and `jobs cancel
 * ID` cancels a batch as the Send page's Stop does (its rows not sent are cancelled, with why).
 * Real CLI processes on one data folder, the sandbox over HTTP.
 */
const until = (test: () => Promise<boolean>, what: string, run: CliProcess) => untilCli(test, what, [run], 60_000);

describe('jobs commands on a send job', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(['--home', home.path, ...args], { env });
  const creates = async () => (await sandbox.controlClient.stats()).creates.total;
  const rows = (batchId: string) => {
    const db = new Database(join(home.path, 'signdock.db'), { readonly: true });
    try {
      const list = db.prepare('SELECT state, error FROM batch_items WHERE batch_id = ?').all(batchId) as {
        state: string;
        error: string | null;
      }[];
      return { list, count: (state: string) => list.filter((row) => row.state === state).length };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 26 });
    home = tempFolder('signdock-jobs-send-home-');
    files = tempFolder('signdock-jobs-send-files-');
    mkdirSync(join(files.path, 'first'));
    mkdirSync(join(files.path, 'second'));
    await writePdfs(join(files.path, 'first'), 30, 'order');
    await writePdfs(join(files.path, 'second'), 10, 'claim');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SIGNDOCK_LEASE_TTL_MS: '3000' };
  }, 60_000);
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('list shows the real counts; pause, resume act on the batch and resume sends it to the end', async () => {
    // Four documents, then 429 to every create: the batch stays running mid-way.
    await sandbox.controlClient.setFaults({ create_quota: 4, latency_ms: 50, operations: ['create'] });
    const sender = startCli(
      ['--home', home.path, 'send', join(files.path, 'first'), '--signer', 'EM=buyer@example.com', '--concurrency', '2'],
      env,
    );
    await until(async () => /Batch ([0-9a-f-]{36})/.test(sender.stderr) && (await creates()) >= 4, 'four creates', sender);
    const batchId = /Batch ([0-9a-f-]{36})/.exec(sender.stderr)![1]!;

    const listed = await cli('--json', 'jobs', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const job = (JSON.parse(listed.stdout) as JobView[]).find((one) => one.id === batchId);
    expect(job, listed.stdout).toMatchObject({ kind: 'send', state: 'running' });
    expect(job!.progress.total).toBe(30);
    expect(job!.progress.byState.done).toBe(4);
    expect(job!.progress.byState.pending + job!.progress.byState.running).toBe(26);

    const paused = await cli('jobs', 'pause', batchId);
    expect(paused.code, paused.stderr).toBe(0);
    expect(paused.stdout).toMatch(/: (pausing|paused)\.$/m);
    // The sender obeys (requests in flight finish first) and ends, saying the batch is paused.
    expect(await sender.exit, sender.stderr).toBe(1);
    const shown = await cli('--json', 'jobs', 'show', batchId);
    const afterPause = JSON.parse(shown.stdout) as { job: JobView; items: JobItemView[] };
    expect(afterPause.job.state).toBe('paused');
    expect(afterPause.items).toHaveLength(30);
    expect(rows(batchId).count('sent')).toBe(4);
    expect(rows(batchId).count('ready')).toBe(26);

    await sandbox.controlClient.setFaults({ create_quota: -1 });
    const resumed = await cli('--json', 'jobs', 'resume', batchId);
    expect(resumed.code, resumed.stderr).toBe(0);
    const done = JSON.parse(resumed.stdout) as { job: JobView; items: JobItemView[] };
    expect(done.job.state).toBe('finished');
    expect(done.items.filter((item) => item.state === 'done')).toHaveLength(30);
    expect(done.items[0]!.label).toBe('order-001.pdf');
    expect(rows(batchId).count('sent')).toBe(30);
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(30);
    expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
  }, 180_000);

  it('cancel stops the batch as the Send page does: rows not sent are cancelled, the batch shows cancelled', async () => {
    const before = await creates();
    await sandbox.controlClient.setFaults({ create_quota: before + 3 }); // documents in all on the sandbox
    const sender = startCli(
      ['--home', home.path, 'send', join(files.path, 'second'), '--signer', 'EM=claims@example.com', '--concurrency', '1'],
      env,
    );
    await until(async () => /Batch ([0-9a-f-]{36})/.test(sender.stderr) && (await creates()) >= before + 3, 'three creates', sender);
    const batchId = /Batch ([0-9a-f-]{36})/.exec(sender.stderr)![1]!;

    const cancelled = await cli('jobs', 'cancel', batchId);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(await sender.exit, sender.stderr).toBe(1);
    expect(sender.stderr).not.toMatch(/Batch .* is sending/);
    const batch = rows(batchId);
    expect(batch.count('sent')).toBe(3);
    expect(batch.count('cancelled')).toBe(7);
    expect(
      batch.list.filter((row) => row.state === 'cancelled').every((row) => JSON.parse(row.error ?? '{}').code === 'batch.cancelled'),
    ).toBe(true);
    const resumed = await cli('--json', 'send', '--resume', batchId);
    expect(resumed.stderr).toMatch(/Resuming batch/);
    const result = JSON.parse(resumed.stdout) as { items: { status: string }[] };
    expect(result.items.filter((item) => item.status === 'cancelled')).toHaveLength(7);
    const listed = JSON.parse((await cli('--json', 'jobs', 'list')).stdout) as JobView[];
    expect(listed.find((one) => one.id === batchId)).toMatchObject({
      state: 'cancelled',
      progress: { byState: { done: 3, cancelled: 7 } },
    });
    await sandbox.controlClient.setFaults({ create_quota: -1 });
    expect(await creates()).toBe(before + 3);
  }, 120_000);
});
