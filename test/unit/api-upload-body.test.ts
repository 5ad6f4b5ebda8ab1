import { randomBytes } from 'node:crypto';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../shared/contract/errors';
import { base64Length, createDocumentBody, uploadChunkBytes } from '../../electron/core/api/upload-body';
import { maxPdfBytes } from '../../shared/domain/pdf-limits';
import { tempFolder } from '../helpers/temp-folder';

const folder = tempFolder('signdock-upload-');
afterAll(() => folder.remove());

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of chunks) out.push(Buffer.from(chunk));
  return out;
}

const signatures = [{ validations: { EM: 'ana@example.com', PH: null }, inviteChannel: ['EM'] }];

describe('streamed create body', () => {
  it('is the create JSON with the whole file in base64, of exactly the announced length, for sizes around chunk edges', async () => {
    for (const size of [1, 2, 3, 4, uploadChunkBytes - 1, uploadChunkBytes, uploadChunkBytes + 1, 2 * uploadChunkBytes + 2]) {
      const file = join(folder.path, `f${size}.pdf`);
      const bytes = randomBytes(size);
      writeFileSync(file, bytes);
      const body = await createDocumentBody({ title: 'Año "2025"', filePath: file, signatures });
      const sent = Buffer.concat(await collect(body.chunks()));
      expect(sent.byteLength, `size ${size}`).toBe(body.length);
      const parsed = JSON.parse(sent.toString('utf8')) as { title: string; signatures: unknown; file_content: string };
      expect(parsed.title).toBe('Año "2025"');
      expect(parsed.signatures).toEqual([{ validations: { EM: 'ana@example.com', PH: null }, invite_channel: ['EM'] }]);
      expect(parsed.file_content).toHaveLength(base64Length(size));
      expect(Buffer.from(parsed.file_content, 'base64').equals(bytes), `size ${size}`).toBe(true);
    }
  });

  it('reads the file in bounded chunks instead of holding it whole', async () => {
    const file = join(folder.path, 'big.pdf');
    writeFileSync(file, randomBytes(10 * uploadChunkBytes + 7));
    const chunks = await collect((await createDocumentBody({ title: 't', filePath: file, signatures })).chunks());
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.byteLength).toBeLessThanOrEqual(base64Length(uploadChunkBytes));
    expect(uploadChunkBytes % 3).toBe(0);
  });

  it('refuses a missing, empty or too large file before anything is sent, naming the file', async () => {
    const reasons: string[] = [];
    const empty = join(folder.path, 'empty.pdf');
    writeFileSync(empty, '');
    const huge = join(folder.path, 'huge.pdf');
    writeFileSync(huge, '');
    truncateSync(huge, maxPdfBytes + 1);
    for (const filePath of [join(folder.path, 'missing.pdf'), empty, huge]) {
      const error = await createDocumentBody({ title: 't', filePath, signatures }).catch((e: unknown) => e);
      expect(isAppError(error)).toBe(true);
      if (isAppError(error)) {
        expect(error.kind).toBe('InvalidInput');
        expect(error.fields?.filePath).toBeDefined();
        reasons.push(`${error.code}: ${error.message}`);
      }
    }
    expect(reasons[0]).toMatch(/^file\.unreadable: The file missing\.pdf could not be sent: it does not exist/);
    expect(reasons[1]).toMatch(/^file\.empty: The file empty\.pdf is empty/);
    expect(reasons[2]).toMatch(/^file\.tooLarge: The file huge\.pdf is larger than 50 MB/);
  });

  it('stops when the file changes while it is being sent', async () => {
    const file = join(folder.path, 'changing.pdf');
    writeFileSync(file, randomBytes(3 * uploadChunkBytes));
    const body = await createDocumentBody({ title: 't', filePath: file, signatures });
    writeFileSync(file, randomBytes(uploadChunkBytes));
    await expect(collect(body.chunks())).rejects.toMatchObject({ kind: 'InvalidInput', code: 'file.changed' });
  });
});
