import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Batch } from '../../shared/domain/batches';
import { writePdfs } from '../helpers/pdf-batch';
import { startTempWebHost, type TempWebHost } from '../helpers/temp-web-host';
import { tempFolder } from '../helpers/temp-folder';
import { startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 15, finding 2: the web API read any path — `batches.addFiles` walked any folder, a PDF
 * anywhere became a row whose bytes `batches.preview` returned, and `batches.importManifest {path}`
 * opened any file. From the web host, only files uploaded through it (real path under the uploads
 * folder, symbolic links resolved) may be added, and a manifest comes as content. The Electron shell
 * and the CLI (the core called directly) keep host paths. Over real HTTP with the real web host.
 */
describe('web host: the browser names no file on this computer but its own uploads', () => {
  let sandbox: Sandbox;
  let web: TempWebHost;
  let outside: ReturnType<typeof tempFolder>;
  let secretPdf: string;

  type Answer<T> =
    | { ok: true; value: T }
    | { ok: false; error: { kind: string; message: string; params?: Record<string, unknown>; fields?: Record<string, string[]> } };
  const call = async <T>(op: string, input: unknown): Promise<Answer<T>> => {
    const res = await request(`${web.host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': web.host.token },
      body: JSON.stringify({ op, input }),
    });
    expect(res.statusCode).toBe(200);
    return (await res.body.json()) as Answer<T>;
  };
  const value = async <T>(op: string, input: unknown): Promise<T> => {
    const answer = await call<T>(op, input);
    if (!answer.ok) throw new Error(`${op}: ${answer.error.message}`);
    return answer.value;
  };
  const upload = async (name: string, bytes: Buffer): Promise<string> => {
    const res = await request(`${web.host.origin}/api/upload?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-signdock-token': web.host.token },
      body: bytes,
    });
    return ((await res.body.json()) as { value: { path: string } }).value.path;
  };
  const newBatch = async () => (await value<Batch>('batches.create', {})).id;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 15 });
    web = await startTempWebHost();
    outside = tempFolder('signdock-private-');
    secretPdf = (await writePdfs(outside.path, 2, 'private'))[0]!;
    await value('accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
  });
  afterAll(async () => {
    await web.close();
    await sandbox.stop();
    outside.remove();
  });

  it('refuses a folder or a PDF outside the uploads folder, naming it, and adds nothing', async () => {
    const batchId = await newBatch();
    for (const path of [outside.path, secretPdf, '/', 'relative/file.pdf']) {
      const answer = await call<Batch>('batches.addFiles', { batchId, paths: [path] });
      expect(answer.ok).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.kind).toBe('InvalidInput');
      expect(answer.error.message).toContain(`“${path}” was not uploaded from this browser`);
      expect(answer.error.fields).toEqual({ 'paths.0': [expect.any(String)] });
    }
    expect((await value<Batch>('batches.get', { batchId })).items).toEqual([]);
  });

  it('refuses a path that leaves the uploads folder by "..", or by a symbolic link inside it', async () => {
    const batchId = await newBatch();
    const uploaded = await upload('mine.pdf', readFileSync(secretPdf));
    const uploads = join(web.dataFolder, 'uploads');
    writeFileSync(join(web.dataFolder, 'beside.pdf'), readFileSync(secretPdf));
    mkdirSync(join(uploads, 'planted'));
    symlinkSync(secretPdf, join(uploads, 'planted', 'link.pdf'));
    symlinkSync(outside.path, join(uploads, 'planted-folder'));
    const sneaky = [
      join(uploads, '..', 'beside.pdf'),
      join(uploads, 'planted', 'link.pdf'),
      join(uploads, 'planted-folder'),
      join(uploads, 'planted-folder', 'private-002.pdf'),
      uploads,
    ];
    for (const path of sneaky) {
      const answer = await call<Batch>('batches.addFiles', { batchId, paths: [uploaded, path] });
      expect(answer.ok, path).toBe(false);
      if (!answer.ok) expect(answer.error.fields).toEqual({ 'paths.1': [expect.any(String)] });
    }
    expect((await value<Batch>('batches.get', { batchId })).items).toEqual([]);
  });

  it('adds a file uploaded through the web host, and shows its preview', async () => {
    const batchId = await newBatch();
    const bytes = readFileSync(secretPdf);
    const uploaded = await upload('Contrato.pdf', bytes);
    const batch = await value<Batch>('batches.addFiles', { batchId, paths: [uploaded] });
    expect(batch.items.map((item) => [item.path, item.fileName])).toEqual([[uploaded, 'Contrato.pdf']]);
    const preview = await value<{ dataBase64: string | null }>('batches.preview', { batchId, itemId: batch.items[0]!.id });
    expect(Buffer.from(preview.dataBase64 ?? '', 'base64')).toEqual(bytes);
  });

  it('reads a manifest only as content, never from a path', async () => {
    const batchId = await newBatch();
    const manifest = join(outside.path, 'secret.csv');
    writeFileSync(manifest, 'file,title\nsecret-cell.pdf,Top secret title\n');
    const byPath = await call<Batch>('batches.importManifest', { batchId, path: manifest });
    expect(byPath.ok).toBe(false);
    if (!byPath.ok) {
      expect(byPath.error.kind).toBe('InvalidInput');
      expect(byPath.error.message).toContain('not from a path on this computer');
      expect(JSON.stringify(byPath.error)).not.toContain('secret-cell');
    }
    await value('batches.addFiles', { batchId, paths: [await upload('Contrato.pdf', readFileSync(secretPdf))] });
    const csv = Buffer.from('file,title,signer1_email\nContrato.pdf,Alquiler 2025,ana@example.com\n').toString('base64');
    const byContent = await value<Batch>('batches.importManifest', { batchId, fileName: 'manifest.csv', contentBase64: csv });
    expect(byContent.items.map((item) => item.title)).toEqual(['Alquiler 2025']);
  });

  it('keeps host paths for the Electron shell and the CLI, but shows no preview of such a row in the browser', async () => {
    const batchId = await newBatch();
    // The core called directly, as the Electron shell's IPC and the CLI do.
    const direct = await web.core.dispatch('batches.addFiles', { batchId, paths: [secretPdf] });
    expect(direct.ok).toBe(true);
    const item = (direct as { value: Batch }).value.items[0]!;
    expect(item.path).toBe(secretPdf);
    expect(await value('batches.preview', { batchId, itemId: item.id })).toEqual({ dataBase64: null });
  });
});
