import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { BagDetail, BagSummary } from '../../shared/domain/evidence';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import { call, syncAll } from '../helpers/evidence-core';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Through the real core (job engine, SQLite, the sandbox over HTTP): with the TSA unreachable an archive
 * job finishes with its bag "not timestamped yet" (the item says so); the archive's re-check (Evidence
 * page, "Check again") adds the token once the TSA answers; evidence.get then shows the time.
 */
describe('a re-check adds the token the TSA could not give at archive time', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 31, autoSign: { enabled: false } });
    sandbox.services.workflow.create({
      title: 'Recheck me',
      file: await samplePdf('Recheck'),
      signatures: [{ validations: { EM: 'r@example.com' }, inviteChannel: ['EM'] }],
    });
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-tsa-recheck-');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    await call(core, 'accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    await call(core, 'settings.update', {
      timestamps: { tsaUrl: sandbox.tsa.url, tsaAnchors: [{ pem: sandbox.tsa.caPem, subject: '', fingerprint: '' }] },
    });
    await syncAll(core);
  }, 60_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
  });

  it('archives "not timestamped yet" with the TSA down, and the re-check adds the token', async () => {
    await sandbox.controlClient.setTsa({ enabled: false });
    let job: JobView;
    try {
      job = await call<JobView>(core, 'evidence.archive', { from: '2000-01-01', to: new Date().toISOString().slice(0, 10) });
      job = await core.jobs.whenSettled(job.id);
    } finally {
      await sandbox.controlClient.setTsa({ enabled: true });
    }
    expect(job.state).toBe('finished');
    const items = (await call<{ items: JobItemView[] }>(core, 'jobs.get', { jobId: job.id })).items;
    expect(items.map((item) => [item.state, item.outcome?.timestamp])).toEqual([['done', 'not-yet']]);
    const [bag] = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags;
    expect(existsSync(join(bag!.bagPath, 'tagmanifest-sha256.txt.tsr'))).toBe(false);
    expect((await call<BagDetail>(core, 'evidence.get', { bagPath: bag!.bagPath })).timestamp).toMatchObject({ state: 'not-yet' });

    await call(core, 'evidence.recheckNow', {});
    expect(existsSync(join(bag!.bagPath, 'tagmanifest-sha256.txt.tsr'))).toBe(true);
    const detail = await call<BagDetail>(core, 'evidence.get', { bagPath: bag!.bagPath });
    expect(detail.timestamp).toMatchObject({ state: 'passed', trusted: true, tsa: 'SignDock Sandbox time-stamping authority' });
    const verified = await call<{ timestamp: { state: string } | null }[]>(core, 'evidence.verify', { bagPaths: [bag!.bagPath] });
    expect(verified[0]?.timestamp?.state).toBe('passed');
  });
});
