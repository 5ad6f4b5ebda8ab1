import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/contract/errors';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import { startTempWebHost, type TempWebHost } from '../helpers/temp-web-host';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 25 (findings 1–3), through the web host's HTTP API over a core synced with the sandbox: an
 * invalidation naming another document than the signature's is refused and nothing is sent; the job
 * and the journal record the document the signature really belongs to (from the mirror, or read from
 * the service when the mirror does not know the signature); ids not in the account's mirror are
 * planned as not found and never sent; ids that are not ids ('..', 'a/b', '%2e%2e') and unbounded
 * inputs (a 7 MB new signer, a 3,000-character message) are refused in words naming the field, before
 * a job exists.
 */
describe('document actions check what they are given', () => {
  let sandbox: Sandbox;
  let web: TempWebHost;
  const docs = { a: '', b: '', c: '' };
  let sigA = '';

  const call = async (op: string, input: unknown): Promise<Result<unknown>> => {
    const res = await request(`${web.host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': web.host.token },
      body: JSON.stringify({ op, input }),
    });
    return (await res.body.json()) as Result<unknown>;
  };
  const value = async <T>(op: string, input: unknown): Promise<T> => {
    const result = await call(op, input);
    if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
    return result.value as T;
  };
  const sent = async (operation: string) => (await sandbox.controlClient.stats()).requests.by_operation[operation] ?? 0;
  const jobs = () => value<JobView[]>('jobs.list', {});
  const settled = async (job: JobView) => {
    await web.core.jobs.whenSettled(job.id);
    return value<{ job: JobView; items: JobItemView[] }>('jobs.get', { jobId: job.id });
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 25, autoSign: { enabled: false } });
    const file = await samplePdf('Checked');
    const { workflow } = sandbox.services;
    const a = workflow.create({
      title: 'Lease A',
      file,
      signatures: [
        { validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] },
        { validations: { EM: 'bo@example.com' }, inviteChannel: ['EM'] },
      ],
    });
    const b = workflow.create({ title: 'Lease B', file, signatures: [{ validations: { EM: 'cy@example.com' }, inviteChannel: ['EM'] }] });
    const c = workflow.create({ title: 'Lease C', file, signatures: [{ validations: { EM: 'di@example.com' }, inviteChannel: ['EM'] }] });
    Object.assign(docs, { a: a.id, b: b.id, c: c.id });
    sigA = a.signatureIds[0]!;
    web = await startTempWebHost();
    await value('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    await web.core.startBackground();
    await web.core.spine.whenSynced();
  });
  afterAll(async () => {
    await web.close();
    await sandbox.stop();
  });

  it('refuses to invalidate a signature under another document’s id, and sends nothing', async () => {
    const result = await call('signatures.invalidate', {
      signatureId: sigA,
      documentId: docs.b,
      invalidation: { reason: 'Wrong person', notify: false, newSigner: 'eve@example.com' },
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'InvalidInput', fields: { documentId: [expect.stringContaining(docs.a)] } } });
    if (!result.ok) expect(result.error.message).toMatch(/belongs to the document “Lease A”.*Nothing was sent/);
    expect(await sent('invalidate')).toBe(0);
    expect(await jobs()).toEqual([]);
    expect(await value<unknown[]>('journal.list', {})).toEqual([]);
    const truth = (await sandbox.controlClient.state()).documents.find((d) => d.id === docs.a) as {
      signatures: { id: string; status: string }[];
    };
    expect(truth.signatures.find((s) => s.id === sigA)?.status).toBe('IN');
  });

  it('refuses ids that are not ids and unbounded inputs in words naming the field, before a job exists', async () => {
    for (const id of ['..', '.', 'a/b', '%2e%2e']) {
      const result = await call('documents.cancel', { documentIds: [id], reason: 'x' });
      expect(result, id).toMatchObject({
        ok: false,
        error: { kind: 'InvalidInput', fields: { 'documentIds.0': [expect.stringMatching(/not an id/)] } },
      });
      expect(
        await call('signatures.invalidate', { signatureId: id, documentId: docs.a, invalidation: { reason: 'x', notify: false } }),
      ).toMatchObject({ ok: false, error: { fields: { signatureId: [expect.any(String)] } } });
    }
    const huge = await call('signatures.invalidate', {
      signatureId: sigA,
      documentId: docs.a,
      invalidation: { reason: 'Replace', notify: false, newSigner: `${'a'.repeat(7 * 1024 * 1024)}@example.com` },
    });
    expect(huge).toMatchObject({
      ok: false,
      error: {
        kind: 'InvalidInput',
        fields: { 'invalidation.newSigner': [expect.stringMatching(/^At most 254 characters \(this one has 7,340,044\)/)] },
      },
    });
    if (!huge.ok) expect(huge.error.message.length).toBeLessThan(2_000);
    const wordy = await call('signatures.invalidate', {
      signatureId: sigA,
      documentId: docs.a,
      invalidation: {
        reason: 'Replace',
        notify: false,
        customSignature: { validations: { EM: 'eve@example.com' }, inviteChannel: ['EM'], message: 'm'.repeat(3_000) },
      },
    });
    expect(wordy).toMatchObject({
      ok: false,
      error: { fields: { 'invalidation.customSignature.message': ['At most 1,000 characters (this one has 3,000).'] } },
    });
    for (const [field, invalidation] of [
      ['invalidation.newSigner', { reason: 'r', notify: false, newSigner: 'not a signer' }],
      ['invalidation.newSigner', { reason: 'r', notify: false, newSigner: '+12' }],
      ['invalidation.customSignature.validations.PH', { reason: 'r', notify: false, customSignature: { validations: { PH: '12345' } } }],
      [
        'invalidation.customSignature.validations.EM',
        { reason: 'r', notify: false, customSignature: { validations: { EM: `${'e'.repeat(300)}@example.com` } } },
      ],
      ['invalidation.reason', { reason: 'r'.repeat(255), notify: false }],
    ] as const) {
      expect(await call('signatures.invalidate', { signatureId: sigA, documentId: docs.a, invalidation }), field).toMatchObject({
        ok: false,
        error: { kind: 'InvalidInput', fields: { [field]: [expect.any(String)] } },
      });
    }
    expect(await call('signatures.replace', { from: 'ana@example.com', to: 'x'.repeat(300), reason: 'r', notify: false })).toMatchObject({
      ok: false,
      error: { fields: { to: [expect.stringMatching(/At most 254/)] } },
    });
    expect(await sent('cancel')).toBe(0);
    expect(await sent('invalidate')).toBe(0);
    expect(await sent('unknown')).toBe(0);
    expect(await jobs()).toEqual([]);
  });

  it('plans an id not in the account’s mirror as not found, and sends nothing for it', async () => {
    const stranger = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const plan = await value<{ documents: { documentId: string }[]; skipped: { documentId: string; reason: string }[] }>(
      'documents.planCancel',
      { documentIds: [stranger, docs.c] },
    );
    expect(plan.documents.map((d) => d.documentId)).toEqual([docs.c]);
    expect(plan.skipped).toEqual([expect.objectContaining({ documentId: stranger, reason: 'notInMirror' })]);
    const { job, items } = await settled(
      await value<JobView>('documents.cancel', { documentIds: [stranger, docs.c], reason: 'Not needed' }),
    );
    expect(job.state).toBe('finished');
    expect(items.find((i) => i.subject === stranger)).toMatchObject({ state: 'skipped', outcome: { reason: 'notInMirror' } });
    expect(items.find((i) => i.subject === docs.c)).toMatchObject({ state: 'done' });
    expect(await sent('cancel')).toBe(1);
    const remind = await value<{ skipped: { id: string; reason: string }[] }>('signatures.planRemind', {
      documentIds: [stranger],
      signatureIds: ['0190a1b2-0000-7000-8000-000000000001'],
    });
    expect(remind.skipped.map((s) => s.reason)).toEqual(['notInMirror', 'notInMirror']);
  });

  it('records the document the signature belongs to, from the mirror or read from the service', async () => {
    const { items } = await settled(
      await value<JobView>('signatures.invalidate', {
        signatureId: sigA,
        documentId: docs.a,
        invalidation: { reason: 'Left the company', notify: false },
      }),
    );
    expect(items[0]).toMatchObject({ subject: sigA, state: 'done', outcome: { documentId: docs.a } });
    const journal = await value<{ subject: string; inputs: { documentId?: string } }[]>('journal.list', { subject: sigA });
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.every((e) => e.inputs.documentId === docs.a)).toBe(true);

    // A document the mirror has not seen yet: its signature is checked against the service's copy.
    const late = sandbox.services.workflow.create({
      title: 'Lease D',
      file: await samplePdf('Late'),
      signatures: [{ validations: { EM: 'fi@example.com' }, inviteChannel: ['EM'] }],
    });
    const lateSignature = late.signatureIds[0]!;
    expect(
      await call('signatures.invalidate', { signatureId: lateSignature, documentId: docs.b, invalidation: { reason: 'r', notify: false } }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'InvalidInput', message: expect.stringMatching(/“Lease B”.*has no signature/) },
    });
    const before = await sent('invalidate');
    const done = await settled(
      await value<JobView>('signatures.invalidate', {
        signatureId: lateSignature,
        documentId: late.id,
        invalidation: { reason: 'r', notify: false },
      }),
    );
    expect(done.items[0]).toMatchObject({ state: 'done', outcome: { documentId: late.id } });
    expect(await sent('invalidate')).toBe(before + 1);
  });
});
