import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 13, must show: a bulk cancel of 300 documents SIGKILLed in the middle and run again: every one
 * cancelled, and no cancel request sent twice for a document whose first answer was recorded (a cancel
 * in flight at the kill is looked into by reading the document, not sent blind). Also: a 255-character
 * reason sends nothing, and a document already cancelled counts as done.
 */
describe('bulk cancel as a job', () => {
  /** `cancel --from-file LIST --reason …` SIGKILLed once the service has seen `cancels` cancel requests in all; its stderr. */
  async function cancelKilledAt(list: string, cancels: number): Promise<string> {
    const child = spawnCli(['--home', home.path, 'cancel', '--from-file', list, '--reason', 'Wrong template'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', async (chunk: Buffer) => {
        stderr += chunk.toString();
        if (child.killed) return;
        const seen = (await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0;
        if (seen >= cancels && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await exited;
    return stderr;
  }

  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;
  const ids: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 13, autoSign: { enabled: false } });
    const file = await samplePdf('Cancel me');
    for (let i = 1; i <= 300; i += 1) {
      const document = sandbox.services.workflow.create({
        title: `Lease ${i}`,
        file,
        signatures: [{ validations: { EM: `tenant${i}@example.com` }, inviteChannel: ['EM'] }],
      });
      ids.push(document.id);
    }
    home = tempFolder('signdock-cancel-home-');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SIGNDOCK_LEASE_TTL_MS: '2000' };
    const sync = await runCli(['--home', home.path, 'sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
  });
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
  });

  it('refuses a 255-character reason before any request', async () => {
    const before = (await sandbox.controlClient.stats()).requests.total;
    const run = await runCli(['--home', home.path, 'cancel', ids[0]!, '--reason', 'x'.repeat(255)], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/at most 254/);
    expect((await sandbox.controlClient.stats()).requests.total).toBe(before);
  });

  it('finishes after a SIGKILL mid-way: all 300 cancelled, none cancelled twice', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 40, operations: ['cancel'] });
    const list = join(home.path, 'ids.txt');
    writeFileSync(list, ids.join('\n'));
    const stderr = await cancelKilledAt(list, 100);
    const jobId = /Job ([0-9a-f-]{36})/.exec(stderr)?.[1];
    expect(jobId, stderr).toBeDefined();
    const cancelledAtKill = (await sandbox.controlClient.state()).documents.filter((d) => d.status === 'CA').length;
    expect(cancelledAtKill).toBeLessThan(300);

    const resumed = await runCli(['--home', home.path, '--json', 'jobs', 'resume', jobId!], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const result = JSON.parse(resumed.stdout) as { job: { state: string }; items: { state: string }[] };
    expect(result.job.state).toBe('finished');
    expect(result.items.filter((item) => item.state === 'done')).toHaveLength(300);
    const documents = (await sandbox.controlClient.state()).documents;
    expect(documents.filter((d) => d.status === 'CA')).toHaveLength(300);
    // A cancel the service answered was never sent again (a second one would have been answered 400);
    // only the requests cut off by the kill before the service acted (at most 4 in flight) went twice.
    const stats = await sandbox.controlClient.stats();
    expect(stats.requests.by_status['400'] ?? 0).toBe(0);
    // Beyond those, only requests the service refused with 429 (it acted on none of them) went again.
    expect((stats.requests.by_operation.cancel ?? 0) - stats.status_429).toBeLessThanOrEqual(304);
    const sentBefore = stats.requests.by_operation.cancel ?? 0;

    // The journal has one entry per cancelled document, and its chain is intact.
    const journal = await runCli(['--home', home.path, '--json', 'journal'], { env });
    const entries = JSON.parse(journal.stdout) as {
      action: string;
      subject: string;
      outcome: { state: string };
      inputs: { reason?: string };
    }[];
    const cancels = entries.filter((e) => e.action === 'cancel' && e.outcome.state === 'done');
    expect(new Set(cancels.map((e) => e.subject)).size).toBe(300);
    expect(cancels[0]!.inputs.reason).toBe('Wrong template');
    expect((await runCli(['--home', home.path, 'journal', '--verify'], { env })).code).toBe(0);

    // Cancelling again (issue 24): every document is already cancelled, which is what was asked: done,
    // exit 0, and nothing is sent.
    const again = await runCli(['--home', home.path, '--json', 'cancel', ids[0]!, ids[1]!, '--reason', 'Wrong template'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Already cancelled: .*counts as done/);
    expect((JSON.parse(again.stdout) as { items: { state: string; outcome: { already?: boolean } }[] }).items).toEqual([
      expect.objectContaining({ state: 'done', outcome: expect.objectContaining({ already: true }) }),
      expect.objectContaining({ state: 'done', outcome: expect.objectContaining({ already: true }) }),
    ]);
    expect((await sandbox.controlClient.stats()).requests.by_operation.cancel).toBe(sentBefore);
  });

  it('asks for a reason before anything is sent', async () => {
    const before = (await sandbox.controlClient.stats()).requests.total;
    const run = await runCli(['--home', home.path, 'cancel', ids[0]!], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--reason is required/);
    expect((await sandbox.controlClient.stats()).requests.total).toBe(before);
  });

  it('SIGKILLed and run again with the same command: exit 0, every document cancelled once', async () => {
    const file = await samplePdf('Cancel me too');
    const more = Array.from(
      { length: 80 },
      (_, i) =>
        sandbox.services.workflow.create({
          title: `Deed ${i + 1}`,
          file,
          signatures: [{ validations: { EM: `owner${i}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
    );
    // One is cancelled on the service behind SignDock's back: the mirror still says pending.
    sandbox.services.workflow.cancel(more[0]!, 'Cancelled on the service');
    const sync = await runCli(['--home', home.path, 'sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    const list = join(home.path, 'more.txt');
    writeFileSync(list, more.join('\n'));
    const before = (await sandbox.controlClient.stats()).requests.by_operation.cancel ?? 0;
    await cancelKilledAt(list, before + 30);
    expect((await sandbox.controlClient.state()).documents.filter((d) => more.includes(d.id) && d.status === 'CA').length).toBeLessThan(80);

    const rerun = await runCli(['--home', home.path, '--json', 'cancel', '--from-file', list, '--reason', 'Wrong template'], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    const result = JSON.parse(rerun.stdout) as { job: { state: string }; items: { subject: string; state: string }[] };
    expect(result.job.state).toBe('finished');
    expect(
      result.items
        .filter((item) => item.state === 'done')
        .map((item) => item.subject)
        .sort(),
    ).toEqual([...more].sort());
    expect((await sandbox.controlClient.state()).documents.filter((d) => more.includes(d.id) && d.status === 'CA')).toHaveLength(80);
  });
});
