import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { MAX_BODY_BYTES, startSandbox } from './start-sandbox';
import { ApiClient } from './helpers/api-client';
import { MAX_PDF_BYTES } from './api/validate-create';

let sandbox: Sandbox;
let api: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 8 });
  api = new ApiClient(sandbox);
});
afterAll(() => sandbox.stop());

/** A "PDF" of exactly `size` bytes: the header, then filler. */
function pdfOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
}

function body(file: Buffer): string {
  return JSON.stringify({
    title: 'Big one',
    file_content: file.toString('base64'),
    signatures: [{ validations: { EM: 'big@example.com' } }],
  });
}

describe('§8 limits', () => {
  it('§8 a PDF of exactly 50 MB is accepted (201)', async () => {
    expect(MAX_PDF_BYTES).toBe(50 * 1024 * 1024);
    const answer = await api.call('POST', '/api/v2/documents/create', body(pdfOfSize(MAX_PDF_BYTES)), {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(201);
  });

  it('§8 a PDF over 50 MB → 400 on file_content', async () => {
    const answer = await api.call('POST', '/api/v2/documents/create', body(pdfOfSize(MAX_PDF_BYTES + 1)), {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ file_content: [expect.stringMatching(/larger than the limit of 50 MB/)] });
  });

  it('§8 a request body over the 70 MB cap → 413 without reading it', async () => {
    const oversized = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const answer = await api.call('POST', '/api/v2/documents/create', oversized, { 'content-type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(answer.json).toHaveProperty('detail');
    const stats = await sandbox.controlClient.stats();
    expect(stats.requests.by_status['413']).toBe(1);
  });
});
