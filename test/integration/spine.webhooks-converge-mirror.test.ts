import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempFolder } from '../helpers/temp-folder';
import { inParallel, startSandboxProcess, waitUntil } from './fixtures/webhook-helpers';

const DOCUMENTS = 100;
const TOTAL = 2_000;
const UNKNOWN_KINDS = 100;

// The whole core as the app runs it (service client, sync engine, webhook listener, inbox and worker),
// against the sandbox delivering notifications duplicated and in shuffled order: the mirror must end
// equal to the service's state, document by document, having learnt of every document only through
// notifications.
describe('notifications converge the mirror to the service', () => {
  let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
  let folder: ReturnType<typeof tempFolder>;
  let core: Core;
  let accountId: string;

  beforeAll(async () => {
    sandbox = await startSandboxProcess(23);
    await sandbox.control.setRateLimit({ enabled: false });
    folder = tempFolder();
    core = createCore({ dataFolder: folder.path, hostKind: 'cli', version: '0', secrets: new MemorySecretStore(), webhookPort: 0 });
    const added = await core.dispatch('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    expect(added.ok).toBe(true);
    accountId = core.accounts.selectedId() ?? '';
    await core.startBackground();
    await core.spine.whenSynced();
  });
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    folder.remove();
  });

  it(`${TOTAL} notifications with duplicates, shuffled, unknown kinds among them, leave the mirror equal to the sandbox`, async () => {
    const control = sandbox.control;
    expect(core.spine.documentCount(accountId)).toBe(0);
    await control.setWebhook({
      url: core.spine.localHookUrl(accountId),
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
      (i) => control.createDocument({ title: `Converge ${i}`, signatures: signers }),
    );
    // Every outcome: some completed, some with a rejection, some cancelled, some left pending.
    await inParallel(documents, 8, async (document, i) => {
      const [first, second] = document.signatures as { id: string }[];
      if (!first || !second) return;
      if (i % 4 === 0) {
        await control.sign(first.id);
        await control.sign(second.id);
      } else if (i % 4 === 1) {
        await control.sign(first.id);
        await control.reject(second.id);
      } else if (i % 4 === 2) {
        const res = await fetch(`${sandbox.url}/api/v2/documents/${document.id}/cancel`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cancel_reason: 'Test' }),
        });
        expect(res.status).toBe(200);
      } else {
        await control.open(first.id);
      }
    });
    const emittedSoFar = (await control.notifications()).length;
    await inParallel(
      Array.from({ length: TOTAL - emittedSoFar }, (_, i) => i),
      32,
      async (i) => {
        const document = documents[i % DOCUMENTS];
        if (!document) return;
        if (i < UNKNOWN_KINDS) await control.notify({ notification_action: 'TU', document_id: document.id });
        else await control.notify({ notification_action: 'DC', document_id: document.id, new_status: 'PE' });
      },
    );

    expect(await control.webhookIdle(150_000)).toEqual({ pending: 0 });
    await waitUntil(() => core.spine.webhooks.stats(accountId).pending === 0, 90_000, 'the inbox to drain');
    await core.spine.webhooks.whenIdle();

    const stats = core.spine.webhooks.stats(accountId);
    expect(stats.received).toBe(TOTAL);
    expect(stats.ignored).toBe(UNKNOWN_KINDS);
    expect(stats.failed).toBe(0);
    expect(stats.duplicates).toBeGreaterThan(0);

    const truth = (await control.state()).documents as { id: string; status: string; signatures: { id: string; status: string }[] }[];
    expect(core.spine.documentCount(accountId)).toBe(truth.length);
    for (const expected of truth) {
      const mirrored = core.spine.document(accountId, expected.id);
      expect(mirrored, `document ${expected.id}`).not.toBeNull();
      expect({ status: mirrored?.status, signatures: mirrored?.signatures.map((s) => [s.id, s.status]) }).toEqual({
        status: expected.status,
        signatures: expected.signatures.map((s) => [s.id, s.status]),
      });
    }
  }, 240_000);
});
