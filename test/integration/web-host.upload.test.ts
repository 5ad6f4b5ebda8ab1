import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHost } from '../../electron/web/server';
import { maxUploadBytes } from '../../shared/domain/pdf-limits';
import { safeFileName } from '../../electron/web/upload';
import { startTempWebHost, type TempWebHost } from '../helpers/temp-web-host';

// Dropped files reach the host from a browser as uploads: POST /api/upload?name=… with the session
// token, kept under <data folder>/uploads/<random>/<name>, at most 50 MB + 1 KiB.
describe('web host uploads', () => {
  let web: TempWebHost;
  let host: WebHost;

  beforeAll(async () => {
    web = await startTempWebHost();
    host = web.host;
  });
  afterAll(() => web.close());

  const upload = (name: string, body: Buffer | Readable, headers: Record<string, string> = { 'x-signdock-token': host.token }) =>
    request(`${host.origin}/api/upload?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body,
    });
  const uploads = () => join(web.dataFolder, 'uploads');
  const stored = () =>
    existsSync(uploads()) ? readdirSync(uploads(), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

  it('keeps the file under the data folder, by its own name, in a folder of its own', async () => {
    const bytes = Buffer.from('%PDF-1.7\n…\n%%EOF\n');
    const first = await upload('Contrato Ñandú 2025.pdf', bytes);
    expect(first.statusCode).toBe(200);
    const { value } = (await first.body.json()) as { value: { path: string } };
    expect(relative(uploads(), value.path).split(sep)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), 'Contrato Ñandú 2025.pdf']);
    expect(readFileSync(value.path)).toEqual(bytes);

    const second = (await (await upload('Contrato Ñandú 2025.pdf', Buffer.from('other'))).body.json()) as { value: { path: string } };
    expect(second.value.path).not.toBe(value.path);
    expect(readFileSync(value.path)).toEqual(bytes);
  });

  it('refuses without the token, or from a foreign Origin, and keeps nothing', async () => {
    const before = stored().length;
    const noToken = await upload('a.pdf', Buffer.from('x'), {});
    expect(noToken.statusCode).toBe(401);
    await noToken.body.dump();
    const foreign = await upload('a.pdf', Buffer.from('x'), { 'x-signdock-token': host.token, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    await foreign.body.dump();
    const get = await request(`${host.origin}/api/upload?name=a.pdf`, { headers: { 'x-signdock-token': host.token } });
    expect(get.statusCode).toBe(405);
    await get.body.dump();
    expect(stored().length).toBe(before);
  });

  it('never writes outside its folder, whatever the name says', async () => {
    const answer = (await (await upload('../../../evil.pdf', Buffer.from('x'))).body.json()) as { value: { path: string } };
    expect(answer.value.path.startsWith(uploads() + sep)).toBe(true);
    expect(answer.value.path.endsWith(`${sep}evil.pdf`)).toBe(true);
    expect(safeFileName('..\\..\\x.pdf')).toBe('x.pdf');
    expect(safeFileName('CON.pdf')).toBe('_CON.pdf');
    expect(safeFileName('a<b>:c?.pdf')).toBe('a_b__c_.pdf');
    expect(safeFileName('..')).toBeNull();
    expect(safeFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{196}\.pdf$/);
    const unnamed = await upload('', Buffer.from('x'));
    expect(unnamed.statusCode).toBe(400);
    await unnamed.body.dump();
  });

  it('refuses a file over 50 MB + 1 KiB in plain words, declared or streamed, and keeps nothing of it', async () => {
    const before = stored().length;
    const declared = await upload('big.pdf', Buffer.alloc(maxUploadBytes + 1));
    expect(declared.statusCode).toBe(413);
    expect(await declared.body.json()).toMatchObject({
      ok: false,
      error: { kind: 'InvalidInput', code: 'file.tooLarge', params: { file: 'big.pdf', maxMb: 50 } },
    });

    // Chunked (no length given): cut off once it passes the limit.
    async function* chunks() {
      for (let sent = 0; sent <= maxUploadBytes; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024);
    }
    const streamed = await upload('big.pdf', Readable.from(chunks()));
    expect(streamed.statusCode).toBe(413);
    expect(await streamed.body.json()).toMatchObject({ ok: false, error: { code: 'file.tooLarge' } });
    expect(stored().length).toBe(before);
    expect(readdirSync(uploads()).length).toBe(before);

    const justUnder = await upload('edge.pdf', Buffer.alloc(maxUploadBytes));
    expect(justUnder.statusCode).toBe(200);
    await justUnder.body.dump();
  });
});
