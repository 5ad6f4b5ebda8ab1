import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch, BatchSummary } from '../../shared/domain/batches';
import { parseSignerSpec, type Signer } from '../../shared/domain/signers';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';
import { waitUntil } from './fixtures/webhook-helpers';

/**
 * The send queue's controls against the sandbox, through the contract operations the UI calls:
 * rows with problems are not sent and excluded rows stay drafts; pause, resume and cancel; a file
 * changed after its check is refused; a refused key stops the batch (resumable); a batch that was
 * sending when the app stopped resumes when it starts again; signer presets.
 */

const signer = (spec: string): Signer => {
  const parsed = parseSignerSpec(spec);
  if (!parsed.ok) throw new Error(spec);
  return parsed.signer;
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 21 });
});
afterAll(async () => {
  await sandbox.stop();
});

describe('the send queue', () => {
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;
  let secrets: MemorySecretStore;

  const open = () => createCore({ dataFolder: home.path, hostKind: 'web', version: '0', secrets });
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const result = await core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const callError = async (name: string, input: unknown) => {
    const result = await core.dispatch(name, input);
    if (result.ok) throw new Error(`${name} should have failed`);
    return result.error;
  };
  const settled = async (batchId: string) => {
    await core.batches.whenSettled(batchId);
    return call<Batch>('batches.get', { batchId });
  };

  beforeEach(async () => {
    await sandbox.controlClient.reset();
    home = tempFolder('signdock-queue-home-');
    files = tempFolder('signdock-queue-files-');
    secrets = new MemorySecretStore();
    core = open();
    await call('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  });
  afterEach(async () => {
    await core.close();
    home.remove();
    files.remove();
  });

  it('sends only clean rows: problems fail with their reason, excluded rows stay drafts, duplicates are flagged', async () => {
    const [first] = await writePdfs(files.path, 3, 'memo');
    writeFileSync(join(files.path, 'memo-copy.pdf'), readFileSync(first!));
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths: [files.path] });
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.get', { batchId: batch.id });
    expect(batch.items.map((item) => item.fileName)).toEqual(['memo-001.pdf', 'memo-002.pdf', 'memo-003.pdf', 'memo-copy.pdf']);
    expect(batch.items.every((item) => item.problems.some((problem) => problem.code === 'batch.noSigners'))).toBe(true);
    expect(batch.progress.sendable).toBe(0);
    expect((await callError('batches.send', { batchId: batch.id })).code).toBe('batch.nothingToSend');

    const ids = batch.items.map((item) => item.id);
    batch = await call<Batch>('batches.updateItems', {
      batchId: batch.id,
      itemIds: ids,
      patch: { signers: [{ validations: { EM: ' Ana@Example.com ' }, invite: ['EM'] }] },
    });
    expect(batch.items[0]!.signers[0]!.validations.EM).toBe('Ana@Example.com');
    // A bad phone on row 2 only; row 3 excluded; the copy of row 1 is the same file.
    batch = await call<Batch>('batches.updateItems', {
      batchId: batch.id,
      itemIds: [ids[1]],
      patch: { signers: [{ validations: { PH: '12345' }, invite: ['PH'] }] },
    });
    batch = await call<Batch>('batches.updateItems', {
      batchId: batch.id,
      itemIds: [ids[2]],
      patch: { excluded: true, title: 'Never sent' },
    });
    const byName = (name: string) => batch.items.find((item) => item.fileName === name)!;
    expect(byName('memo-002.pdf').problems.map((problem) => problem.code)).toEqual(['signer.phoneInvalid']);
    expect(byName('memo-002.pdf').problems[0]!.field).toBe('signers.0.PH');
    expect(byName('memo-copy.pdf').problems.map((problem) => problem.code)).toEqual(['batch.duplicateOf']);
    expect(batch.progress.sendable).toBe(1);

    await call<BatchSummary>('batches.send', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('done');
    const rows = new Map(batch.items.map((item) => [item.fileName, item]));
    expect(rows.get('memo-001.pdf')!.state).toBe('sent');
    expect(rows.get('memo-002.pdf')).toMatchObject({ state: 'failed', error: { code: 'signer.phoneInvalid' } });
    expect(rows.get('memo-003.pdf')).toMatchObject({ state: 'draft', excluded: true });
    expect(rows.get('memo-copy.pdf')).toMatchObject({ state: 'failed', error: { code: 'batch.duplicateOf' } });
    expect((await sandbox.controlClient.stats()).creates.total).toBe(1);
    expect((await callError('batches.updateItems', { batchId: batch.id, itemIds: [ids[0]], patch: { title: 'x' } })).code).toBe(
      'batch.notDraft',
    );

    // The sent document is in the mirror at once, and the results export names each row.
    const document = await call<{ id: string; title: string }>('documents.get', { documentId: rows.get('memo-001.pdf')!.documentId });
    expect(document.title).toBe('memo 001');
    const csv = await call<{ text: string }>('batches.exportResults', { batchId: batch.id });
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('file,title,status,document_id,error,signer1,signer1_signature_id,signer1_link,signer1_phone,signer1_channel');
    expect(lines.find((line) => line.startsWith('memo-001.pdf'))).toContain(rows.get('memo-001.pdf')!.signatures[0]!.url!);
    expect(lines.find((line) => line.startsWith('memo-003.pdf'))).toContain(',excluded,');
  });

  it('pauses, resumes and cancels; a file changed after its check is refused', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 150, operations: ['create'] });
    const paths = await writePdfs(files.path, 12, 'order');
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths });
    await core.batches.whenChecked(batch.id);
    batch = await call<Batch>('batches.updateItems', {
      batchId: batch.id,
      itemIds: batch.items.map((item) => item.id),
      patch: { signers: [signer('EM=buyer@example.com')] },
    });

    await call('batches.send', { batchId: batch.id, concurrency: 1 });
    await waitUntil(() => core.batches.summary(batch.id).progress.byState.sent >= 2, 20_000, 'two rows sent');
    await call('batches.pause', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('paused');
    const sentWhilePaused = batch.progress.byState.sent;
    expect(sentWhilePaused).toBeLessThan(12);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(core.batches.summary(batch.id).progress.byState.sent).toBe(sentWhilePaused);

    await call('batches.resume', { batchId: batch.id });
    await waitUntil(() => core.batches.summary(batch.id).progress.byState.sent >= sentWhilePaused + 2, 20_000, 'more rows sent');
    await call('batches.cancel', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('cancelled');
    const sent = batch.items.filter((item) => item.state === 'sent').length;
    const cancelled = batch.items.filter((item) => item.state === 'cancelled');
    expect(sent + cancelled.length).toBe(12);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled[0]!.error?.code).toBe('batch.cancelled');
    expect((await sandbox.controlClient.stats()).creates.total).toBe(sent);

    // Now the changed file, alone in a batch of its own (it was sent above: the clerk chose Send again).
    let second = await call<Batch>('batches.create', {});
    second = await call<Batch>('batches.addFiles', { batchId: second.id, paths: [paths[0]!] });
    await core.batches.whenChecked(second.id);
    const patch = { signers: [signer('EM=buyer@example.com')], sendAgain: true };
    await call('batches.updateItems', { batchId: second.id, itemIds: [second.items[0]!.id], patch });
    appendFileSync(paths[0]!, '\n% changed between the check and the send\n');
    await call('batches.send', { batchId: second.id });
    second = await settled(second.id);
    expect(second.items[0]).toMatchObject({ state: 'failed', error: { code: 'file.changed' } });
    expect(second.items[0]!.error!.message).toContain('order-001.pdf');
  });

  it('stops when the key is refused, and resumes after the app restarts', async () => {
    const paths = await writePdfs(files.path, 6, 'permit');
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths });
    await core.batches.whenChecked(batch.id);
    await call('batches.updateItems', {
      batchId: batch.id,
      itemIds: batch.items.map((item) => item.id),
      patch: { signers: [signer('AF=20123456789')] },
    });
    await sandbox.controlClient.revokeKey(sandbox.key);
    await call('batches.send', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('paused');
    expect(batch.stoppedBy?.code).toBe('batch.stoppedKeyRefused');
    expect(batch.items.every((item) => item.state === 'ready')).toBe(true);

    // The key works again; the app is closed and opened: the batch is still paused until resumed.
    await sandbox.controlClient.addKey(sandbox.key);
    await core.close();
    core = open();
    await core.startBackground();
    expect(core.batches.summary(batch.id).state).toBe('paused');
    await call('batches.resume', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('done');
    expect(batch.stoppedBy).toBeNull();
    expect(batch.items.every((item) => item.state === 'sent')).toBe(true);
    expect((await sandbox.controlClient.stats()).creates.total).toBe(6);
  });

  it('a batch interrupted while sending resumes by itself when the app starts again', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 200, operations: ['create'] });
    const paths = await writePdfs(files.path, 8, 'claim');
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths });
    await core.batches.whenChecked(batch.id);
    await call('batches.updateItems', {
      batchId: batch.id,
      itemIds: batch.items.map((item) => item.id),
      patch: { signers: [signer('EM=claims@example.com')] },
    });
    await call('batches.send', { batchId: batch.id, concurrency: 2 });
    await waitUntil(() => core.batches.summary(batch.id).progress.byState.sent >= 2, 20_000, 'two rows sent');
    await core.close(); // rows in flight stay "sending"
    core = open();
    expect(core.batches.summary(batch.id).state).toBe('sending');
    await core.startBackground();
    batch = await settled(batch.id);
    expect(batch.state).toBe('done');
    expect(batch.items.every((item) => item.state === 'sent')).toBe(true);
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(8);
    expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
  });

  it('a row the service keeps failing on (and that the list shows was never made) fails after six tries; Retry failed sends it', async () => {
    await sandbox.controlClient.setFaults({ error_rate: 1, error_statuses: [503], operations: ['create'] });
    const paths = await writePdfs(files.path, 1, 'deed');
    let batch = await call<Batch>('batches.create', {});
    batch = await call<Batch>('batches.addFiles', { batchId: batch.id, paths });
    await core.batches.whenChecked(batch.id);
    await call('batches.updateItems', {
      batchId: batch.id,
      itemIds: [batch.items[0]!.id],
      patch: { signers: [signer('EM=owner@example.com')] },
    });
    const listsBefore = (await sandbox.controlClient.stats()).requests.by_operation.list ?? 0;
    await call('batches.send', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.state).toBe('done');
    expect(batch.items[0]).toMatchObject({
      state: 'failed',
      attempts: 6,
      error: { code: 'batch.gaveUp', params: { file: 'deed-001.pdf', attempts: 6 } },
    });
    const stats = await sandbox.controlClient.stats();
    expect(stats.creates.total).toBe(0);
    expect((stats.requests.by_operation.list ?? 0) - listsBefore, 'one look in the list after each unclear try').toBe(6);

    await sandbox.controlClient.setFaults({ error_rate: 0 });
    await call('batches.retryFailed', { batchId: batch.id });
    batch = await settled(batch.id);
    expect(batch.items[0]!.state).toBe('sent');
    expect((await sandbox.controlClient.stats()).creates.total).toBe(1);
  });

  it('keeps signer presets by name', async () => {
    expect(await call('presets.list', {})).toEqual([]);
    await call('presets.save', { name: 'Legal', signers: [signer('EM=legal@example.com;invite=EM')] });
    const saved = await call<{ id: string; name: string; signers: Signer[] }[]>('presets.save', {
      name: 'legal',
      signers: [signer('EM=notary@example.com'), signer('PH')],
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.signers.map((s) => s.validations)).toEqual([{ EM: 'notary@example.com' }, { PH: null }]);
    expect(await call('presets.remove', { presetId: saved[0]!.id })).toEqual([]);
    expect((await callError('presets.remove', { presetId: saved[0]!.id })).code).toBe('preset.notFound');
  });
});

describe('copies of files uploaded from the browser', () => {
  it('are deleted once no row can still send them, and a user’s own files never are', async () => {
    const home = tempFolder('signdock-uploads-home-');
    const own = tempFolder('signdock-uploads-own-');
    const core = createCore({ dataFolder: home.path, hostKind: 'web', version: '0', secrets: new MemorySecretStore() });
    try {
      await sandbox.controlClient.reset();
      const added = await core.dispatch('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
      expect(added.ok).toBe(true);
      // Uploads as the web host stores them: <data>/uploads/<random>/<name>.
      const uploaded = await Promise.all(
        ['u1', 'u2', 'u3'].map(async (dir) => {
          const folder = join(home.path, 'uploads', dir);
          mkdirSync(folder, { recursive: true });
          return (await writePdfs(folder, 1, `upload-${dir}`))[0]!;
        }),
      );
      const [mine] = await writePdfs(own.path, 1, 'mine');
      const batch = await core.batches.addFiles(core.batches.create('app').id, [...uploaded, mine!], {
        signers: [signer('EM=a@example.com')],
      });
      await core.batches.whenChecked(batch.id);
      // A removed row's copy stays while the batch is a draft (Undo adds the same file back), then goes
      // with the others once the batch is done.
      core.batches.removeItems(batch.id, [batch.items[0]!.id]);
      expect(existsSync(uploaded[0]!)).toBe(true);
      expect(existsSync(uploaded[1]!)).toBe(true);
      core.batches.updateItems(batch.id, [batch.items[2]!.id], { excluded: true });
      core.batches.send(batch.id);
      await core.batches.whenSettled(batch.id);
      expect(core.batches.batch(batch.id).items.filter((item) => item.state === 'sent')).toHaveLength(2);
      expect(existsSync(uploaded[0]!)).toBe(false); // removed while a draft: no Undo once sent
      expect(existsSync(join(home.path, 'uploads', 'u1'))).toBe(false);
      expect(existsSync(uploaded[1]!)).toBe(false);
      // Excluded in the newest batch, which is done: kept, the next batch takes the row along.
      expect(existsSync(uploaded[2]!)).toBe(true);
      const next = core.batches.create('app');
      expect(next.items.map((item) => item.path)).toEqual([uploaded[2]]);
      await core.batches.whenChecked(next.id);
      expect(existsSync(mine!)).toBe(true);
    } finally {
      await core.close();
      home.remove();
      own.remove();
    }
  });
});
