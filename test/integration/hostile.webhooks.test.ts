import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import { corpusBytes, corpusFolder, loadCorpus, type WebhookCase } from '../helpers/hostile-corpus';
import { generateWebhookBody } from '../helpers/hostile-generators';
import { startSandbox, type Sandbox } from '../sandbox';
import { post, SandboxRefresher, tempDatabase } from './fixtures/webhook-helpers';

/**
 * Issue 15, the hostile-input corpus, webhook bodies (test/fixtures/hostile/expected.json "webhooks"):
 * not JSON, not an object, empty, huge, deeply nested, wrong types, unknown kinds, bytes that are not
 * UTF-8, a prototype-pollution attempt. Each is POSTed over HTTP to the real listener of a
 * WebhookService (SQLite inbox, worker reading documents from the sandbox): a refusal has its status,
 * its plain answer and its counter, and stores nothing; a stored body gets the state the worker gives
 * it. Afterwards a good notification is still taken and acted on, and the counts add up.
 */

const corpus = loadCorpus();
const bodyOf = (item: WebhookCase): Buffer =>
  item.generate ? Buffer.from(generateWebhookBody(item.generate)) : corpusBytes('webhooks', item.file);

describe('hostile webhook bodies: refused or stored and set aside, and the listener goes on', () => {
  let sandbox: Sandbox;
  let store: ReturnType<typeof tempDatabase>;
  let service: WebhookService;
  let hookUrl: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 18 });
    store = tempDatabase('signdock-hostile-webhooks-');
    service = new WebhookService({
      db: store.db,
      secrets: new MemorySecretStore(),
      refresher: new SandboxRefresher(sandbox.url, sandbox.key),
      accounts: () => ['acc-1'],
      worker: { backoffBaseMs: 50 },
    });
    await service.start();
    hookUrl = service.endpoint('acc-1').localHookUrl ?? '';
  });
  afterAll(async () => {
    await service?.stop();
    await sandbox?.stop();
    store?.remove();
  });

  it('every committed body has its line in expected.json, and every line its file', () => {
    const listed = new Set(corpus.webhooks.filter((item) => !item.generate).map((item) => item.file));
    expect([...listed].sort()).toEqual(readdirSync(join(corpusFolder, 'webhooks')).sort());
  });

  it('each body: its status, its answer, its counter; stored ones end ignored or failed with the reason', async () => {
    const refusedBefore = { ...service.counters().refused };
    const stored: { item: WebhookCase; raw: string }[] = [];
    for (const item of corpus.webhooks) {
      const body = bodyOf(item);
      const answer = await post(hookUrl, body, { 'content-type': item.contentType ?? 'application/json' });
      expect(answer.status, item.file).toBe(item.status);
      if (item.refused) {
        expect(JSON.parse(answer.body), item.file).toEqual({ detail: item.detail });
      } else {
        expect(JSON.parse(answer.body), item.file).toEqual({ status: 'stored' });
        stored.push({ item, raw: body.toString('utf8') });
      }
    }
    // Refusals are counted by reason and store nothing.
    const refusedNow = service.counters().refused;
    const expectedRefusals = new Map<string, number>();
    for (const item of corpus.webhooks) if (item.refused) expectedRefusals.set(item.refused, (expectedRefusals.get(item.refused) ?? 0) + 1);
    for (const [reason, count] of expectedRefusals)
      expect(refusedNow[reason as keyof typeof refusedNow] - refusedBefore[reason as keyof typeof refusedBefore], reason).toBe(count);
    await service.whenIdle();
    const rows = service.list('acc-1', { limit: 500 }).items;
    expect(rows).toHaveLength(stored.length);
    for (const { item, raw } of stored) {
      const row = rows.find((candidate) => candidate.raw === raw);
      expect(row, item.file).toBeDefined();
      expect({ state: row!.state, kind: row!.kind, lastError: row!.lastError }, item.file).toMatchObject(item.inbox!);
    }
    // Reading hostile keys such as "__proto__" polluted nothing.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('notification_action');
  });

  it('afterwards a good notification is still stored and acted on', async () => {
    const { id: documentId } = await sandbox.controlClient.createDocument({
      title: 'After the storm',
      signatures: [{ validations: { EM: 'ana@example.com' } }],
    });
    const body = JSON.stringify({
      notification_id: randomUUID(),
      notification_action: 'DS',
      document_id: documentId,
      signature_id: randomUUID(),
    });
    expect((await post(hookUrl, body)).status).toBe(200);
    await service.whenIdle();
    const row = service.list('acc-1', { limit: 500 }).items.find((candidate) => candidate.raw === body);
    expect(row).toMatchObject({ state: 'done', documentId, lastError: null });
    const stats = service.stats('acc-1');
    expect(stats.received).toBe(corpus.webhooks.filter((item) => !item.refused).length + 1);
    expect(stats.pending).toBe(0);
  });
});
