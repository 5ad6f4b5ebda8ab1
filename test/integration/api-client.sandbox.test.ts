import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Limiter } from '../../electron/core/api/limiter';
import { ServiceClient } from '../../electron/core/api/service-client';
import { Redactor } from '../../electron/core/logging/redact';
import type { Document, NewSignature } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

let sandbox: Sandbox;
let dispatcher: Agent;
let client: ServiceClient;
const folder = tempFolder('signdock-sandbox-client-');
const pdfPath = join(folder.path, 'lease.pdf');
let pdfBytes: Buffer;

function newClient(apiKey: string, pageSize = 2): ServiceClient {
  return new ServiceClient({ baseUrl: sandbox.url, apiKey, dispatcher, limiter: new Limiter(), redactor: new Redactor(), pageSize });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7 });
  dispatcher = new Agent({ connect: { timeout: 5_000 }, headersTimeout: 10_000, bodyTimeout: 10_000 });
  pdfBytes = await samplePdf('Lease agreement 2025');
  writeFileSync(pdfPath, pdfBytes);
});
beforeEach(async () => {
  await sandbox.controlClient.reset();
  client = newClient(sandbox.key);
});
afterAll(async () => {
  await dispatcher.close();
  await sandbox.stop();
  folder.remove();
});

const signers: NewSignature[] = [
  { validations: { EM: 'ana@example.com' }, inviteChannel: ['EM'] },
  { validations: { EM: 'bo@example.com', PH: null } },
];

function create(title: string): Promise<Document> {
  return client.createDocument({ title, filePath: pdfPath, signatures: signers });
}

describe('service client against the sandbox', () => {
  it('creates a document from a real PDF and reads it back', async () => {
    const created = await create('Lease 1');
    expect(created.status).toBe('PE');
    expect(created.fileHash).toBe(createHash('sha256').update(pdfBytes).digest('hex'));
    expect(created.signatures.map((s) => [s.status, s.displayName])).toEqual([
      ['IN', 'ana@example.com'],
      ['IN', 'bo@example.com'],
    ]);
    expect(created.signatures[1]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\//);
    const read = await client.getDocument(created.id);
    expect(read).toMatchObject({ id: created.id, title: 'Lease 1', status: 'PE', createdAt: created.createdAt });
    expect(read.raw.archived).toBe(false);
  });

  it('lists every document across pages', async () => {
    const ids = [];
    for (let i = 1; i <= 5; i += 1) ids.push((await create(`Lease ${i}`)).id);
    const pages = [];
    for await (const page of client.listDocuments()) pages.push(page);
    expect(pages.map((p) => p.documents.length)).toEqual([2, 2, 1]);
    expect(pages[0]?.count).toBe(5);
    expect(pages.flatMap((p) => p.documents.map((d) => d.id)).sort()).toEqual(ids.sort());
    expect(await newClient(sandbox.key, 100).listAll()).toHaveLength(5);
  });

  it('cancels a pending document, and a second cancel is a Conflict', async () => {
    const created = await create('To cancel');
    const cancelled = await client.cancelDocument(created.id, 'Sent to the wrong client');
    expect(cancelled).toMatchObject({ status: 'CA', cancelReason: 'Sent to the wrong client' });
    expect(cancelled.signatures.every((s) => s.status === 'CA')).toBe(true);
    await expect(client.cancelDocument(created.id)).rejects.toMatchObject({ kind: 'Conflict', code: 'service.cannotCancel' });
  });

  it('invalidates a signature with a replacement, found by re-reading the document', async () => {
    const created = await create('Replace a signer');
    const first = created.signatures[0];
    if (!first) throw new Error('no signature');
    const result = await client.invalidateSignature(first.id, { reason: 'Wrong address', newSigner: 'carla@example.com', notify: true });
    expect(result).toMatchObject({ id: first.id, status: 'CA', invalidationReason: 'Wrong address' });
    const reread = await client.getDocument(created.id);
    expect(reread.status).toBe('PE');
    const replacement = reread.signatures.find((s) => s.displayName === 'carla@example.com');
    expect(replacement?.status).toBe('IN');
    expect(reread.signatures.find((s) => s.id === first.id)?.status).toBe('CA');
    const signature = await client.getSignature(first.id);
    expect(signature).toMatchObject({ id: first.id, status: 'CA', invalidationReason: 'Wrong address', documentId: created.id });
  });

  it('sends a reminder once, then says a reminder went out less than 2 hours ago', async () => {
    const created = await create('Remind');
    const invited = created.signatures[0]?.id ?? '';
    await client.resendInvitation(invited);
    await expect(client.resendInvitation(invited)).rejects.toMatchObject({
      kind: 'RateLimited',
      code: 'service.reminderLimited',
      message: expect.stringMatching(/less than 2 hours ago.*Try again in 2 hours\.$/),
    });
    // That refusal is about one signature: the account is not held back.
    expect((await client.getDocument(created.id)).id).toBe(created.id);
    // The second signer has no invitation channel: nothing to remind.
    await expect(client.resendInvitation(created.signatures[1]?.id ?? '')).rejects.toMatchObject({
      kind: 'Conflict',
      code: 'service.cannotRemind',
    });
  });

  it('downloads the three evidence files once everyone has signed, each hashed as written', async () => {
    const created = await create('To sign');
    await expect(client.downloadEvidence(created.id, 'zipfile', join(folder.path, 'early.zip'))).rejects.toMatchObject({
      kind: 'NotFound',
    });
    await sandbox.controlClient.signAll({ name: 'Ana Pérez' });
    const signed = await client.getDocument(created.id);
    expect(signed.status).toBe('CO');
    const files = {
      zipfile: join(folder.path, 'package.zip'),
      'pdf-certificate': join(folder.path, 'certificate.pdf'),
      document: join(folder.path, 'signed.pdf'),
    } as const;
    for (const [kind, dest] of Object.entries(files) as [keyof typeof files, string][]) {
      const result = await client.downloadEvidence(created.id, kind, dest);
      const bytes = readFileSync(dest);
      expect(result).toEqual({ path: dest, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(bytes.subarray(0, kind === 'zipfile' ? 2 : 5).toString('latin1')).toBe(kind === 'zipfile' ? 'PK' : '%PDF-');
    }
  });

  it('reports the service’s field errors by signer and field', async () => {
    const error = await client
      .createDocument({ title: 'Bad', filePath: pdfPath, signatures: [{ validations: { EM: 'not-an-email' }, inviteChannel: ['EM'] }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'InvalidInput', fields: { 'signatures.0.validations': ['EM: Enter a valid email address.'] } });
    expect((error as Error).message).toBe(
      'The service did not accept the request to create the document. Signer 1, e-mail: Enter a valid email address.',
    );
  });

  it('says the key was not accepted', async () => {
    await expect(newClient('sk_wrong_key_123').listAll()).rejects.toMatchObject({ kind: 'Unauthorized', status: 401 });
  });

  it('an ambiguous create (connection dropped after the document was made) is reported as Ambiguous, and the document exists', async () => {
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 1, ambiguous_create_mode: 'destroy' });
    await expect(create('Maybe sent')).rejects.toMatchObject({ kind: 'Ambiguous' });
    await sandbox.controlClient.setFaults({ ambiguous_create_rate: 0 });
    expect((await client.listAll()).map((d) => d.title)).toEqual(['Maybe sent']);
  });

  it('rides out the service’s rate limit: every read succeeds', async () => {
    // Without Retry-After the client backs off with jitter (the Retry-After path is proven elsewhere).
    await sandbox.controlClient.setRateLimit({ rate: 50, burst: 3, retry_after: 'off' });
    const created = await create('Popular');
    const reads = await Promise.all(Array.from({ length: 12 }, () => client.getDocument(created.id)));
    expect(reads.every((d) => d.id === created.id)).toBe(true);
    const stats = await sandbox.controlClient.stats();
    expect(stats.throttled.rate_limit).toBeGreaterThan(0);
    expect(stats.requests.by_status).toMatchObject({ '200': 12, '201': 1 });
  }, 20_000);
});
