import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { BagDetail, BagSummary } from '../../shared/domain/evidence';
import type { JobView } from '../../shared/domain/jobs';
import { call, syncAll } from '../helpers/evidence-core';
import { hostileBags } from '../helpers/hostile-bags';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Through the real core (job engine, SQLite, the sandbox and its TSA over HTTP): the archive's re-check
 * adds a missing token only where it may. Never to a bag whose bytes fail (here its signed PDF altered
 * and every manifest recomputed: the BagIt re-hash passes, the verdict is failed), and never to an
 * archive opened for review (`reviewArchive`: read-only), even a sound bag there.
 */
describe('a re-check never stamps altered bytes, nor an archive under review', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let reviewer: ReturnType<typeof tempFolder>;
  let core: Core;
  let bags: BagSummary[];
  const token = (bag: BagSummary) => join(bag.bagPath, 'tagmanifest-sha256.txt.tsr');

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 37, autoSign: { enabled: false } });
    for (const title of ['Altered later', 'Sound one']) {
      sandbox.services.workflow.create({
        title,
        file: await samplePdf(title),
        signatures: [{ validations: { EM: 'v@example.com' }, inviteChannel: ['EM'] }],
      });
    }
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-tsa-vouch-');
    reviewer = tempFolder('signdock-tsa-review-');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    await call(core, 'accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    await call(core, 'settings.update', {
      timestamps: { tsaUrl: sandbox.tsa.url, tsaAnchors: [{ pem: sandbox.tsa.caPem, subject: '', fingerprint: '' }] },
    });
    await syncAll(core);
    const job = await call<JobView>(core, 'evidence.archive', { from: '2000-01-01', to: new Date().toISOString().slice(0, 10) });
    expect((await core.jobs.whenSettled(job.id)).state).toBe('finished');
    bags = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags.sort((a, b) => (a.title < b.title ? -1 : 1));
    expect(bags.map((b) => b.title)).toEqual(['Altered later', 'Sound one']);
    // Both stamped at archive time; the tokens removed, as if the TSA had been unreachable then.
    for (const bag of bags) {
      expect(existsSync(token(bag))).toBe(true);
      rmSync(token(bag));
    }
  }, 90_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
    reviewer.remove();
  });

  it('an archive under review is never written to: the re-check there adds no token, even to a sound bag', async () => {
    const review = createCore({
      dataFolder: reviewer.path,
      hostKind: 'web',
      version: '0.1.0',
      secrets: new MemorySecretStore(),
      reviewArchive: join(home.path, 'archive'),
    });
    try {
      await call(review, 'settings.update', { timestamps: { tsaUrl: sandbox.tsa.url, tsaAnchors: [] } });
      await call(review, 'evidence.rebuildIndex', {});
      await call(review, 'evidence.recheckNow', {});
      for (const bag of bags) expect(existsSync(token(bag))).toBe(false);
    } finally {
      await review.close();
    }
  }, 60_000);

  it('a bag whose bytes fail gets no token; a sound one gets its token', async () => {
    const altered = hostileBags.find((h) => h.name === 'signed PDF altered, manifests recomputed')!;
    await altered.make(bags[0]!.bagPath, '');
    await call(core, 'evidence.recheckNow', {});
    expect(existsSync(token(bags[0]!))).toBe(false);
    expect((await call<BagDetail>(core, 'evidence.get', { bagPath: bags[0]!.bagPath })).report.verdict).toBe('failed');
    expect(existsSync(token(bags[1]!))).toBe(true);
    const sound = await call<BagDetail>(core, 'evidence.get', { bagPath: bags[1]!.bagPath });
    expect(sound.timestamp).toMatchObject({ state: 'passed', trusted: true });
    expect(sound.report.verdict).toBe('passed');
  }, 60_000);
});
