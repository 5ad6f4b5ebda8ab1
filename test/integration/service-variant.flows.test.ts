import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import { parseSignerSpec, type Signer } from '../../shared/domain/signers';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * SignDock's core flows against the sandbox's `alt` variant (test/sandbox/README.md "The `alt`
 * variant"): a full sync through pages of 25 without `count`, where signatures come in another order
 * at every read and documents carry no date of their own; a batch sent through ambiguous creates,
 * each found again in the list whatever the order of its signers; cancel (one already cancelled on
 * the service counts as done); invalidate with a replacement that the answer does not name and that
 * comes first in the document; a reminder the service refuses within 2 hours without saying until when.
 */
const signer = (spec: string): Signer => {
  const parsed = parseSignerSpec(spec);
  if (!parsed.ok) throw new Error(spec);
  return parsed.signer;
};

async function call<T>(core: Core, op: string, input: unknown): Promise<T> {
  const result = await core.dispatch(op, input);
  if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
  return result.value as T;
}

async function settledItems(core: Core, job: JobView): Promise<{ job: JobView; items: JobItemView[] }> {
  const settled = await core.jobs.whenSettled(job.id);
  return { job: settled, items: (await call<{ items: JobItemView[] }>(core, 'jobs.get', { jobId: job.id })).items };
}

describe('core flows against the alt variant of the service', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;
  let accountId: string;
  let pdf: Buffer;
  const twoSigners = () => [
    { validations: { EM: 'ana@example.com' }, inviteChannel: ['EM' as const] },
    { validations: { EM: 'luis@example.com', PH: '+5491155550000' }, inviteChannel: ['EM' as const] },
  ];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 53, variant: 'alt', autoSign: { enabled: false } });
    home = tempFolder('signdock-variant-home-');
    files = tempFolder('signdock-variant-files-');
    pdf = await samplePdf('Variant');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    await call(core, 'accounts.add', { name: 'Alt', baseUrl: sandbox.url, apiKey: sandbox.key });
    accountId = core.accounts.selectedId()!;
  }, 60_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('syncs every page; a second sync, where only the order of signatures differs, changes nothing', async () => {
    for (let i = 0; i < 60; i += 1) sandbox.services.workflow.create({ title: `Synced ${i}`, file: pdf, signatures: twoSigners() });
    const first = await core.spine.fullSync(accountId);
    expect(first).toMatchObject({ pages: 3, documents: 60, changed: 60, absent: 0 });
    const some = core.spine.document(accountId, [...sandbox.services.store.documents.keys()][0]!);
    expect(some?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const again = await core.spine.fullSync(accountId);
    expect(again).toMatchObject({ documents: 60, changed: 0 });
  });

  it('sends a batch through ambiguous creates: every row sent, no document created twice', async () => {
    await writePdfs(files.path, 12, 'variant');
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0.5, ambiguous_create_mode: 'destroy', operations: ['create'] });
    try {
      const batch = core.batches.create('app');
      await core.batches.addFiles(batch.id, [files.path], {
        signers: [signer('EM=ana@example.com;invite=EM'), signer('EM=luis@example.com'), signer('EM=eva@example.com')],
      });
      core.batches.send(batch.id);
      await core.batches.whenSettled(batch.id);
      const done = core.batches.batch(batch.id);
      expect(done.items.map((item) => item.state)).toEqual(Array(12).fill('sent'));
      const stats = await sandbox.controlClient.stats();
      expect(stats.faults.ambiguous_creates).toBeGreaterThan(0);
      expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
      expect(new Set(done.items.map((item) => item.documentId)).size).toBe(12);
    } finally {
      await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0 });
    }
  });

  it('cancels; a document already cancelled on the service (400, other words) counts as done', async () => {
    const [open, gone] = [0, 1].map(
      (i) => sandbox.services.workflow.create({ title: `Cancel ${i}`, file: pdf, signatures: twoSigners() }).id,
    ) as [string, string];
    await core.spine.fullSync(accountId);
    expect(sandbox.services.workflow.cancel(gone, 'elsewhere').ok).toBe(true);
    const { job, items } = await settledItems(
      core,
      await call<JobView>(core, 'documents.cancel', { documentIds: [open, gone], reason: 'Wrong version' }),
    );
    expect(job.state).toBe('finished');
    expect(items.find((item) => item.subject === open)).toMatchObject({ state: 'done', outcome: { status: 'CA' } });
    expect(items.find((item) => item.subject === gone)).toMatchObject({ state: 'done', outcome: { status: 'CA', already: true } });
    expect(core.spine.document(accountId, gone)?.status).toBe('CA');
  });

  it('invalidates with a replacement the answer does not name, found by re-reading (it comes first)', async () => {
    const id = sandbox.services.workflow.create({ title: 'Replace', file: pdf, signatures: twoSigners() }).id;
    await core.spine.fullSync(accountId);
    const original = sandbox.services.store.documents.get(id)!.signatureIds[1]!;
    const job = await call<JobView>(core, 'signatures.invalidate', {
      signatureId: original,
      documentId: id,
      invalidation: { reason: 'Left the company', notify: false, newSigner: 'eva@example.com' },
    });
    const { items } = await settledItems(core, job);
    const replacement = [...sandbox.services.store.signatures.values()].find((s) => s.replaces === original)!;
    expect(sandbox.services.store.documents.get(id)!.signatureIds[0]).toBe(replacement.id);
    expect(items[0]).toMatchObject({ state: 'done', outcome: { documentId: id, newSignatureId: replacement.id } });
    expect(items[0]?.outcome?.newSignatureUrl).toMatch(new RegExp(`/sign/${replacement.id}$`));
    const mirrored = core.spine.document(accountId, id)!;
    expect(mirrored.signatures.find((s) => s.id === original)?.status).toBe('CA');
  });

  it('a reminder refused within 2 hours, no Retry-After, none of ours on record: skipped, "it did not say when"', async () => {
    const id = sandbox.services.workflow.create({ title: 'Remind', file: pdf, signatures: [twoSigners()[0]!] }).id;
    await core.spine.fullSync(accountId);
    const signatureId = sandbox.services.store.documents.get(id)!.signatureIds[0]!;
    expect(sandbox.services.workflow.resend(signatureId).ok).toBe(true); // someone else reminded first
    const { items } = await settledItems(core, await call<JobView>(core, 'signatures.remind', { documentIds: [id] }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'skipped', outcome: { nextPossibleAt: null }, error: { code: 'reminder.tooSoon' } });
    expect(items[0]?.error?.message).toMatch(/did not say when the next one is possible/);
  });
});
