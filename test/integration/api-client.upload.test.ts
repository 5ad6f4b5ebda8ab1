import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { NewSignature } from '../../shared/domain/documents';
import { tempFolder } from '../helpers/temp-folder';
import { json, startTestServer, testClient, wireDocument, type TestClient, type TestServer } from '../helpers/api-test-server';

const folder = tempFolder('signdock-upload-');
let server: TestServer | undefined;
let t: TestClient | undefined;
afterEach(async () => {
  await t?.close();
  await server?.close();
});
afterAll(() => folder.remove());

const signers: NewSignature[] = [
  { validations: { EM: 'ana@example.com', PH: null }, inviteChannel: ['EM'] },
  { validations: { EM: 'bo@example.com', BI: null } },
];

/** Decodes the base64 of `file_content` as it streams in and hashes it, without holding the body. */
function streamingDecoder() {
  const state = { length: 0, head: '', hash: '', tail: '', decodedBytes: 0 };
  const hash = createHash('sha256');
  let inContent = false;
  let pending = '';
  return {
    state,
    feed(chunk: Buffer) {
      state.length += chunk.byteLength;
      let text = chunk.toString('latin1');
      if (!inContent) {
        state.head += text;
        const at = state.head.indexOf('"file_content":"');
        if (at < 0) return;
        inContent = true;
        text = state.head.slice(at + '"file_content":"'.length);
        state.head = state.head.slice(0, at);
      }
      const end = text.indexOf('"');
      const part = pending + (end >= 0 ? text.slice(0, end) : text);
      if (end >= 0) state.tail = text.slice(end);
      const usable = end >= 0 ? part.length : part.length - (part.length % 4);
      const decoded = Buffer.from(part.slice(0, usable), 'base64');
      state.decodedBytes += decoded.byteLength;
      hash.update(decoded);
      pending = part.slice(usable);
      if (end >= 0) state.hash = hash.digest('hex');
    },
  };
}

describe('streamed uploads', () => {
  it('sends the exact Content-Length, no chunked encoding, and the file arrives byte for byte', async () => {
    const pdf = join(folder.path, 'contract.pdf');
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(700_001)]);
    writeFileSync(pdf, bytes);
    server = await startTestServer((_req, res) => json(res, 201, wireDocument('d1')));
    t = testClient(server.url);
    const document = await t.client.createDocument({ title: 'Lease 2025', filePath: pdf, signatures: signers });
    expect(document.id).toBe('d1');
    const sent = server.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/v2/documents/create');
    expect(sent?.headers['transfer-encoding']).toBeUndefined();
    expect(Number(sent?.headers['content-length'])).toBe(sent?.body.byteLength);
    const body = JSON.parse(sent?.body.toString('utf8') ?? '') as Record<string, unknown>;
    expect(body.title).toBe('Lease 2025');
    expect(body.signatures).toEqual([
      { validations: { EM: 'ana@example.com', PH: null }, invite_channel: ['EM'] },
      { validations: { EM: 'bo@example.com', BI: null } },
    ]);
    expect(Buffer.from(body.file_content as string, 'base64').equals(bytes)).toBe(true);
  });

  it('memory does not grow with the file: a 48 MB PDF goes out with far less than its size held', async () => {
    const pdf = join(folder.path, 'large.pdf');
    const size = 48 * 1024 * 1024;
    const fileHash = createHash('sha256');
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(pdf);
      out.on('error', reject);
      const block = randomBytes(1024 * 1024);
      for (let i = 0; i < 48; i += 1) {
        fileHash.update(block);
        out.write(block);
      }
      out.end(resolve);
    });
    // Garbage is collected before each sample, so what is measured is what the upload holds on to.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = () => {
      gc();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const decoder = streamingDecoder();
    let peak = 0;
    let chunks = 0;
    const sample = () => {
      chunks += 1;
      if (chunks % 40 === 0) peak = Math.max(peak, held());
    };
    server = await startTestServer(
      (req, res, raw) => {
        raw.on('data', (chunk: Buffer) => {
          decoder.feed(chunk);
          sample();
        });
        raw.on('end', () => {
          req.headers['x-received'] = String(decoder.state.length);
          json(res, 201, wireDocument('d-large'));
        });
      },
      { streaming: true },
    );
    t = testClient(server.url);
    const baseline = held();
    await t.client.createDocument({ title: 'Large', filePath: pdf, signatures: signers });
    expect(decoder.state.decodedBytes).toBe(size);
    expect(decoder.state.hash).toBe(fileHash.digest('hex'));
    expect(Number(server.requests[0]?.headers['content-length'])).toBe(decoder.state.length);
    // The base64 alone is 64 MB: holding it (or the file) whole would show here.
    expect(peak).toBeGreaterThan(0);
    expect(peak - baseline).toBeLessThan(16 * 1024 * 1024);
  });
});
