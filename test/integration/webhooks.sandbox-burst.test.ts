import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import { inParallel, SandboxRefresher, startSandboxProcess, tempDatabase, waitUntil } from './fixtures/webhook-helpers';

const DOCUMENTS = 100;
const TOTAL = 2_000;
const UNKNOWN_KINDS = 100;

let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
let store: ReturnType<typeof tempDatabase>;
let service: WebhookService;
let refresher: SandboxRefresher;

beforeAll(async () => {
  // The sandbox runs in a process of its own, as the service does: opening thousands of delivery
  // connections on our event loop would measure the test, not the listener.
  sandbox = await startSandboxProcess(11);
  await sandbox.control.setRateLimit({ enabled: false });
  store = tempDatabase();
  refresher = new SandboxRefresher(sandbox.url, sandbox.key);
  service = new WebhookService({
    db: store.db,
    secrets: new MemorySecretStore(),
    refresher,
    accounts: () => ['acc-1'],
    worker: { concurrency: 8 },
  });
  await service.start();
});
afterAll(async () => {
  await service.stop();
  await sandbox.stop();
  store.remove();
});

describe('webhooks: a 2,000-notification burst from the sandbox, duplicated and shuffled', () => {
  it('stores every distinct notification exactly once, counts the duplicates, ignores unknown kinds and processes the rest', async () => {
    const control = sandbox.control;
    await control.setWebhook({
      url: service.endpoint('acc-1').localHookUrl,
      secret: null,
      duplicate_rate: 0.3,
      shuffle: true,
      shuffle_window_ms: 40,
      max_retries: 8,
      retry_base_ms: 200,
    });
    const signers = [{ validations: { EM: 'ana@example.com' } }, { validations: { EM: 'bo@example.com' } }];
    const documents = await inParallel(
      Array.from({ length: DOCUMENTS }, (_, i) => i),
      16,
      (i) => control.createDocument({ title: `Burst ${i}`, signatures: signers }),
    );

    // Real signing: a DS per signature and a DC (CO) per document…
    await control.signAll();
    // …then notifications of every kind on the same documents, unknown kinds among them, up to 2,000.
    const extra = TOTAL - DOCUMENTS * 3;
    await inParallel(
      Array.from({ length: extra }, (_, i) => i),
      32,
      (i) => {
        const document = documents[i % DOCUMENTS]!;
        if (i < UNKNOWN_KINDS)
          return control.notify({ notification_action: 'TU', document_id: document.id, timestamp: new Date().toISOString() });
        const kinds = ['DS', 'SD', 'DC'] as const;
        const kind = kinds[i % 3]!;
        return control.notify(
          kind === 'DC'
            ? { notification_action: kind, document_id: document.id, new_status: 'CO' }
            : { notification_action: kind, document_id: document.id, signature_id: randomUUID() },
        );
      },
    );
    expect(await control.webhookIdle(150_000)).toEqual({ pending: 0 });
    await waitUntil(() => service.stats('acc-1').pending === 0, 60_000, 'the inbox to drain');

    const emitted = await control.notifications();
    const stats = await control.stats();
    expect(emitted).toHaveLength(TOTAL);
    expect(stats.webhooks.gave_up).toBe(0);
    expect(stats.webhooks.duplicated).toBeGreaterThan(400);

    const rows = service.list('acc-1', { limit: 500 });
    const all = [...rows.items];
    for (let offset = 500; offset < rows.total; offset += 500) all.push(...service.list('acc-1', { limit: 500, offset }).items);
    expect(all).toHaveLength(TOTAL);
    expect(new Set(all.map((row) => row.notificationId))).toEqual(new Set(emitted.map((n) => n.notification_id)));
    // Every repeat that reached the listener is counted once: the sandbox's duplicates, plus any retry
    // of an attempt the sandbox gave up waiting for (none on a quiet machine).
    const duplicates = all.reduce((sum, row) => sum + row.duplicates, 0);
    expect(duplicates).toBe(service.counters().duplicates);
    expect(duplicates).toBeGreaterThanOrEqual(stats.webhooks.delivered - TOTAL);
    expect(duplicates).toBeLessThanOrEqual(stats.webhooks.attempts - TOTAL);
    if (stats.webhooks.failed_attempts === 0) expect(duplicates).toBe(stats.webhooks.duplicated);
    expect(all.filter((row) => row.kind === 'TU').every((row) => row.state === 'ignored')).toBe(true);
    expect(all.filter((row) => row.kind !== 'TU').every((row) => row.state === 'done')).toBe(true);
    expect(service.stats('acc-1')).toMatchObject({
      received: TOTAL,
      duplicates,
      ignored: UNKNOWN_KINDS,
      done: TOTAL - UNKNOWN_KINDS,
      pending: 0,
      failed: 0,
    });
    // Coalesced: far fewer reads than notifications, every document read at least once.
    expect(new Set(refresher.calls).size).toBe(DOCUMENTS);
    expect(refresher.calls.length).toBeLessThan(TOTAL - UNKNOWN_KINDS);
    console.log(`burst: ${TOTAL} notifications (${duplicates} duplicates), ${refresher.calls.length} reads of ${DOCUMENTS} documents`);
  }, 180_000);
});
