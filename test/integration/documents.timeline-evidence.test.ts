import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/host';
import type { TimelineEntry } from '../../shared/domain/documents';
import { call, sandboxCore } from '../helpers/evidence-core';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 24 ("History from the service's own dates"): once a completed document's evidence is archived,
 * its timeline carries the signing as the audit evidence records it — who, when, from where — beside
 * the service's own dates; before the archive it does not.
 */
describe('a document timeline and its archived evidence', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let documentId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 24, autoSign: { enabled: false } });
    const file = await samplePdf('Timeline');
    documentId = sandbox.services.workflow.create({
      title: 'Lease – Timeline',
      file,
      signatures: [{ validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    await sandbox.controlClient.signAll({ name: 'Ana García', ip: '203.0.113.24', device: 'Firefox 133 on Windows' });
    home = tempFolder('signdock-timeline-evidence-');
    core = await sandboxCore(sandbox, home.path);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    await sandbox?.stop();
    home?.remove();
  });

  const evidenceEntries = async () =>
    (await call<{ timeline: TimelineEntry[] }>(core, 'documents.detail', { documentId })).timeline.filter(
      (entry) => entry.kind === 'evidenceSigned',
    );

  it('adds the signing recorded by the archived evidence, with its date, signer and origin', async () => {
    expect(await evidenceEntries()).toEqual([]);
    const job = await call<{ id: string }>(core, 'evidence.archive', { documentIds: [documentId] });
    expect((await core.jobs.whenSettled(job.id)).state).toBe('finished');
    const [signed] = await evidenceEntries();
    expect(signed).toMatchObject({ kind: 'evidenceSigned', signer: 'Ana García', ip: '203.0.113.24', device: 'Firefox 133 on Windows' });
    expect(Number.isFinite(Date.parse(signed!.at))).toBe(true);
  }, 120_000);
});
