import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { BatchSummary } from '../../shared/domain/batches';
import { parseSignerSpec, type Signer } from '../../shared/domain/signers';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 5, must show: against the sandbox with 10% 429s and 5% ambiguous creates (the document is
 * created, then the connection is cut), a 200-file batch ends with exactly 200 documents on the
 * sandbox, no title or file hash created twice, and 200 rows marked sent.
 */

const signer = (spec: string): Signer => {
  const parsed = parseSignerSpec(spec);
  if (!parsed.ok) throw new Error(spec);
  return parsed.signer;
};

describe('sending a 200-file batch through 429s and ambiguous creates', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let files: ReturnType<typeof tempFolder>;
  let core: Core;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5 });
    home = tempFolder('signdock-send-home-');
    files = tempFolder('signdock-send-files-');
    await writePdfs(files.path, 200, 'agreement');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    const added = await core.dispatch('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    expect(added.ok).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
    files.remove();
  });

  it('creates each document exactly once and marks every row sent', async () => {
    await sandbox.controlClient.setFaults({
      throttle_rate: 0.1,
      ambiguous_create_rate: 0.05,
      ambiguous_create_mode: 'destroy',
      operations: ['create', 'list'],
    });
    const summaries: BatchSummary[] = [];
    const unsubscribe = core.events.subscribe((message) => {
      if (message.event === 'batches.changed') summaries.push((message.payload as { batch: BatchSummary }).batch);
    });

    const batch = core.batches.create('app');
    await core.batches.addFiles(batch.id, [files.path], { signers: [signer('EM=legal@example.com;invite=EM'), signer('PH')] });
    core.batches.send(batch.id);
    await core.batches.whenSettled(batch.id);
    unsubscribe();

    const done = core.batches.batch(batch.id);
    expect(done.state).toBe('done');
    expect(done.items.filter((item) => item.state === 'sent')).toHaveLength(200);

    const stats = await sandbox.controlClient.stats();
    expect(stats.faults.ambiguous_creates, 'the sandbox did cut some creates after making the document').toBeGreaterThan(0);
    expect(stats.throttled.fault, 'the sandbox did refuse some requests with 429').toBeGreaterThan(0);
    expect(stats.duplicates).toEqual({ titles: [], file_hashes: [] });
    expect(stats.creates.total).toBe(200);
    const onService = (await sandbox.controlClient.state()).documents;
    expect(onService).toHaveLength(200);

    // Each row's document is on the service with the row's title, and no two rows share one.
    const ids = new Set(done.items.map((item) => item.documentId));
    expect(ids.size).toBe(200);
    const titleOf = new Map(onService.map((document) => [String(document.id), String(document.title)]));
    for (const item of done.items) expect(titleOf.get(item.documentId ?? '')).toBe(item.title);
    // Rows whose create was cut were found in the list rather than sent again.
    expect(done.items.filter((item) => item.recovered).length).toBe(stats.faults.ambiguous_creates);

    // The rows are in the mirror at once, and progress was reported along the way.
    const listed = await core.dispatch('documents.list', { limit: 500 });
    expect(listed.ok && (listed.value as { total: number }).total).toBe(200);
    expect(
      summaries.some((summary) => summary.state === 'sending' && summary.progress.byState.sent > 0 && summary.progress.byState.sent < 200),
    ).toBe(true);
  }, 180_000);
});
