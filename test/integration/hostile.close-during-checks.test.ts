import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Batch, BatchItem } from '../../shared/domain/batches';
import { generatePdf } from '../helpers/hostile-generators';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox } from '../sandbox';

// Found while feeding the hostile corpus through the core: a file check that ends while the core
// closes recorded its row and scheduled a `batches.changed` that read the database 100 ms after it
// was closed — an uncaught TypeError in whatever process closed the core (the CLI, the web host).

describe('closing the core while files are checked', () => {
  it('leaves no pending event that would read the closed database', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 17 });
    const home = tempFolder('signdock-hostile-close-');
    const files = tempFolder('signdock-hostile-close-files-');
    // Ten files of 5,000 pages: each takes a worker a while, so most are still being checked at the close.
    await generatePdf('thousandsOfPages', join(files.path, 'late-01.pdf'));
    for (let i = 2; i <= 10; i++) copyFileSync(join(files.path, 'late-01.pdf'), join(files.path, `late-${String(i).padStart(2, '0')}.pdf`));
    const core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore() });
    try {
      expect((await core.dispatch('accounts.add', { name: 'S', baseUrl: sandbox.url, apiKey: sandbox.key })).ok).toBe(true);
      const created = await core.dispatch('batches.create', {});
      if (!created.ok) throw new Error(created.error.message);
      const batchId = (created.value as Batch).id;
      expect((await core.dispatch('batches.addFiles', { batchId, paths: [files.path] })).ok).toBe(true);
      // The first rows are checked: the workers run; most rows are still being checked.
      await new Promise<void>((resolve) => {
        const off = core.events.subscribe((message) => {
          if (message.event === 'batches.changed' && (message.payload as { items: BatchItem[] }).items.some((item) => item.checked)) {
            off();
            resolve();
          }
        });
      });
      // Fake timers from here: the checks that end while the core closes record their rows and
      // schedule a throttled `batches.changed`; run after the close, it must not touch the closed
      // database (in a real process: an uncaught TypeError 100 ms after closing).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      expect(core.batches.batch(batchId).items.filter((item) => !item.checked).length).toBeGreaterThan(0);
      await core.close();
      expect(() => vi.runOnlyPendingTimers()).not.toThrow();
    } finally {
      vi.useRealTimers();
      await sandbox.stop();
      home.remove();
      files.remove();
    }
  });
});
