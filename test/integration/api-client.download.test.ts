import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';
import type { ServerResponse } from 'node:http';
import { startTestServer, testClient, type TestClient, type TestServer } from '../helpers/api-test-server';

let server: TestServer;
let t: TestClient;
let folder: ReturnType<typeof tempFolder>;
const file = randomBytes(3 * 1024 * 1024 + 17);
const sha256 = createHash('sha256').update(file).digest('hex');

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await t?.close();
  server.requests.length = 0;
  folder.remove();
});
afterAll(() => server.close());

function serveFile(res: ServerResponse, bytes: Buffer, cutAfter?: number): void {
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(bytes.byteLength) });
  if (cutAfter === undefined) {
    res.end(bytes);
    return;
  }
  res.write(bytes.subarray(0, cutAfter), () => setTimeout(() => res.socket?.destroy(), 10));
}

describe('evidence downloads', () => {
  it('stream into place and report the path, size and SHA-256 of what was written', async () => {
    folder = tempFolder('signdock-download-');
    server.handle((_req, res) => serveFile(res, file));
    t = testClient(server.url);
    const dest = join(folder.path, 'package.zip');
    const result = await t.client.downloadEvidence('d1', 'zipfile', dest);
    expect(result).toEqual({ path: dest, bytes: file.byteLength, sha256 });
    expect(readFileSync(dest).equals(file)).toBe(true);
    expect(readdirSync(folder.path)).toEqual(['package.zip']);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v2/documents/d1/download/zipfile']);
  });

  it('ask for each of the three files by its path', async () => {
    folder = tempFolder('signdock-download-');
    server.handle((_req, res) => serveFile(res, Buffer.from('%PDF-1.7\n')));
    t = testClient(server.url);
    await t.client.downloadEvidence('d1', 'pdf-certificate', join(folder.path, 'certificate.pdf'));
    await t.client.downloadEvidence('d1', 'document', join(folder.path, 'signed.pdf'));
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v2/documents/d1/download/pdf-certificate',
      '/api/v2/documents/d1/download/document',
    ]);
  });

  it('start again after a connection cut mid-file, and the result is whole', async () => {
    folder = tempFolder('signdock-download-');
    let calls = 0;
    server.handle((_req, res) => {
      calls += 1;
      serveFile(res, file, calls === 1 ? 1024 * 1024 : undefined);
    });
    t = testClient(server.url);
    const dest = join(folder.path, 'package.zip');
    const result = await t.client.downloadEvidence('d1', 'zipfile', dest);
    expect(calls).toBe(2);
    expect(result.sha256).toBe(sha256);
    expect(readdirSync(folder.path)).toEqual(['package.zip']);
  });

  it('on failure remove the temporary file and leave an existing file untouched', async () => {
    folder = tempFolder('signdock-download-');
    const dest = join(folder.path, 'package.zip');
    writeFileSync(dest, 'previous version');
    server.handle((_req, res) => serveFile(res, file, 512 * 1024));
    t = testClient(server.url, { client: { maxAttempts: 2 } });
    await expect(t.client.downloadEvidence('d1', 'zipfile', dest)).rejects.toMatchObject({ kind: 'Network', code: 'network.reset' });
    expect(server.requests).toHaveLength(2);
    expect(readdirSync(folder.path)).toEqual(['package.zip']);
    expect(readFileSync(dest, 'utf8')).toBe('previous version');
  });

  it('say so plainly when the destination folder does not exist', async () => {
    folder = tempFolder('signdock-download-');
    server.handle((_req, res) => serveFile(res, file));
    t = testClient(server.url);
    await expect(t.client.downloadEvidence('d1', 'zipfile', join(folder.path, 'missing', 'package.zip'))).rejects.toMatchObject({
      code: 'file.writeFailed',
      message: expect.stringMatching(/^Could not save package\.zip in .*missing: the folder does not exist\.$/),
    });
    expect(server.requests).toHaveLength(1);
  });
});
