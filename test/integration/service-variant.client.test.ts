import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkApiKey } from '../../electron/core/api/key-check';
import { Limiter } from '../../electron/core/api/limiter';
import { ServiceClient } from '../../electron/core/api/service-client';
import { Redactor } from '../../electron/core/logging/redact';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import type { Document } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';
import { SandboxRefresher, tempDatabase } from './fixtures/webhook-helpers';

/**
 * The service client against the sandbox's `alt` variant (test/sandbox/README.md "The `alt` variant"):
 * every choice the interface leaves open made otherwise than the default sandbox. A bad key answered
 * 403 with nothing in the body; pages of 25 with relative `next` and no `count`; a reminder refused
 * without Retry-After; a download answered 400 for a pending document, and the file itself sent as
 * chunked octet-stream; webhooks with extra fields and an unknown kind (`TU`).
 */
let sandbox: Sandbox;
let dispatcher: Agent;
const folder = tempFolder('signdock-variant-client-');
const pdfPath = join(folder.path, 'lease.pdf');
let pdfBytes: Buffer;

function newClient(apiKey = sandbox.key, pageSize: number | null = 100): ServiceClient {
  return new ServiceClient({ baseUrl: sandbox.url, apiKey, dispatcher, limiter: new Limiter(), redactor: new Redactor(), pageSize });
}

async function create(client: ServiceClient, title: string): Promise<Document> {
  return client.createDocument({
    title,
    filePath: pdfPath,
    signatures: [{ validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] }, { validations: { EM: 'luis@example.com', PH: null } }],
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 52, variant: 'alt', autoSign: { enabled: false } });
  dispatcher = new Agent({ connect: { timeout: 5_000 }, headersTimeout: 10_000, bodyTimeout: 10_000 });
  pdfBytes = await samplePdf('Lease agreement 2025');
  writeFileSync(pdfPath, pdfBytes);
});
afterAll(async () => {
  await dispatcher.close();
  await sandbox.stop();
  folder.remove();
});

describe('the service client against the alt variant', () => {
  it('checks a key: 403 with an empty body is "not accepted", the right key passes', async () => {
    const deps = { http: dispatcher, redactor: new Redactor() };
    await expect(checkApiKey(sandbox.url, 'sbx_not-a-key', deps)).resolves.toMatchObject({
      ok: false,
      reason: 'unauthorized',
      status: 403,
    });
    await expect(checkApiKey(sandbox.url, sandbox.key, deps)).resolves.toMatchObject({ ok: true, status: 200 });
  });

  it('creates (200, DR, no url for the invited signer) and lists every document across pages without a count', async () => {
    const client = newClient();
    const created = await create(client, 'Paged 0');
    expect(created.status).toBe('DR');
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.signatures.map((s) => s.url === null)).toEqual([true, false]);
    for (let i = 1; i < 60; i += 1)
      sandbox.services.workflow.create({
        title: `Paged ${i}`,
        file: pdfBytes,
        signatures: [{ validations: { EM: `s${i}@example.com` }, inviteChannel: ['EM'] }],
      });
    const pages: { count: number | null; size: number }[] = [];
    const ids = new Set<string>();
    for await (const page of client.listDocuments()) {
      pages.push({ count: page.count, size: page.documents.length });
      for (const document of page.documents) ids.add(document.id);
    }
    expect(pages).toEqual([
      { count: null, size: 25 },
      { count: null, size: 25 },
      { count: null, size: 10 },
    ]);
    expect(ids.size).toBe(60);
    // A client that asks without parameters gets a page too, and follows its relative links.
    expect(await newClient(sandbox.key, null).listAll()).toHaveLength(60);
  });

  it('a reminder within 2 hours: refused, with the service\'s words, and plainly "it did not say when"', async () => {
    const client = newClient();
    const created = await create(client, 'Remind');
    const invited = created.signatures[0]!.id;
    await client.resendInvitation(invited);
    const refusal = await client.resendInvitation(invited).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: 'RateLimited', code: 'service.reminderLimited', status: 429 });
    expect((refusal as Error).message).toMatch(/did not say when the next one is possible/);
    expect((refusal as Error).message).toMatch(/Reminder limit reached for this signer/);
    expect((refusal as Error).message).not.toMatch(/Try again in/);
  });

  it('downloads: a pending document answered 400 is "not available yet"; a completed one streams in full', async () => {
    const client = newClient();
    const created = await create(client, 'To sign');
    const early = await client.downloadEvidence(created.id, 'zipfile', join(folder.path, 'early.zip')).catch((error: unknown) => error);
    expect(early).toMatchObject({ kind: 'NotFound', code: 'service.fileNotAvailable', status: 400 });
    expect((early as Error).message).toMatch(/not available yet/);
    for (const signature of created.signatures) await sandbox.controlClient.sign(signature.id);
    for (const kind of ['zipfile', 'pdf-certificate', 'document'] as const) {
      const dest = join(folder.path, `${created.id}-${kind}`);
      const result = await client.downloadEvidence(created.id, kind, dest);
      const bytes = readFileSync(dest);
      expect(result).toMatchObject({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(bytes.subarray(0, 2).toString()).toBe(kind === 'zipfile' ? 'PK' : '%P');
    }
  });

  it('webhooks: a TU and extra fields are stored; the TU is ignored, the known kinds acted on', async () => {
    const store = tempDatabase('signdock-variant-webhooks-');
    const refresher = new SandboxRefresher(sandbox.url, sandbox.key);
    const service = new WebhookService({
      db: store.db,
      secrets: new MemorySecretStore(),
      refresher,
      accounts: () => ['acc-1'],
      worker: { backoffBaseMs: 50 },
    });
    try {
      await service.start();
      await sandbox.controlClient.setWebhook({ url: service.endpoint('acc-1').localHookUrl ?? '', retry_base_ms: 50 });
      const created = await create(newClient(), 'Hooked');
      for (const signature of created.signatures) await sandbox.controlClient.sign(signature.id);
      await sandbox.controlClient.webhookIdle();
      await service.whenIdle();
      const rows = service.list('acc-1', { limit: 100 }).items.filter((row) => row.documentId === created.id);
      const byKind = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.state);
      expect(byKind('TU')).toEqual(['ignored', 'ignored']);
      expect(byKind('DS')).toHaveLength(2);
      expect(byKind('DC')).toHaveLength(1);
      expect([...byKind('DS'), ...byKind('DC')].every((state) => state !== 'ignored' && state !== 'failed' && state !== 'pending')).toBe(
        true,
      );
      expect(JSON.parse(rows.find((row) => row.kind === 'DS')!.raw)).toMatchObject({ environment: 'sandbox' });
      expect(refresher.calls).toContain(created.id);
    } finally {
      await sandbox.controlClient.setWebhook({ url: null });
      await service.stop();
      store.remove();
    }
  });
});
