import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { defaultLimits, startWebHost, type WebHost, type WebHostLimits } from '../../electron/web/server';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 15, finding 8 (web host part): a call over 8 MiB dropped the connection instead of answering
 * 413, uploads had no quota, and slow connections were not capped. Over real HTTP (and raw sockets,
 * to be the slow sender) against the real web host.
 */
async function startHost(limits: Partial<WebHostLimits> = {}) {
  const data = tempFolder();
  const ui = tempFolder();
  writeFileSync(join(ui.path, 'index.html'), '<!doctype html><title>SignDock</title>');
  const core: Core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0.0.0', secrets: new MemorySecretStore() });
  const host: WebHost = await startWebHost({ core, rendererDir: ui.path, limits });
  return {
    host,
    uploads: core.uploadsFolder,
    async close() {
      await host.close();
      await core.close();
      data.remove();
      ui.remove();
    },
  };
}

/** Writes `text` on a raw connection and resolves with all it received once the host closes it. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

const json = (answer: string) =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { ok: boolean; error?: { kind: string; message: string } };

describe('web host: a call over 8 MiB', () => {
  let web: Awaited<ReturnType<typeof startHost>>;
  beforeAll(async () => {
    web = await startHost();
  });
  afterAll(() => web.close());

  const headers = () => ({ 'content-type': 'application/json', 'x-signdock-token': web.host.token });
  const big = () => `{"op":"settings.get","input":{},"pad":"${'x'.repeat(8 * 1024 * 1024)}"}`;

  it('is answered 413 in plain words, whether its length is declared or streamed', async () => {
    const declared = await request(`${web.host.origin}/api/call`, { method: 'POST', headers: headers(), body: big() });
    expect(declared.statusCode).toBe(413);
    expect(await declared.body.json()).toEqual({
      ok: false,
      error: { kind: 'InvalidInput', message: 'The call is larger than 8 MB, the most SignDock takes in one call.' },
    });

    const streamed = await request(`${web.host.origin}/api/call`, {
      method: 'POST',
      headers: headers(),
      body: Readable.from([Buffer.from(big())]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(await streamed.body.json()).toMatchObject({ ok: false, error: { kind: 'InvalidInput' } });

    // As a browser sends it (fetch writes the whole body first, then reads).
    const browserLike = await fetch(`${web.host.origin}/api/call`, { method: 'POST', headers: headers(), body: big() });
    expect(browserLike.status).toBe(413);
    expect(await browserLike.json()).toMatchObject({ ok: false });

    // The host is fine afterwards.
    const small = await request(`${web.host.origin}/api/call`, {
      method: 'POST',
      headers: headers(),
      body: '{"op":"settings.get","input":{}}',
    });
    expect(await small.body.json()).toMatchObject({ ok: true });
  });

  it('is the default limit', () => {
    expect(defaultLimits.callBytes).toBe(8 * 1024 * 1024);
  });

  it('declaring far more than it will read is answered 413 at once, and the connection closed', async () => {
    const answer = await rawExchange(
      web.host.port,
      `POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:${web.host.port}\r\nx-signdock-token: ${web.host.token}\r\ncontent-type: application/json\r\ncontent-length: ${1024 ** 3}\r\n\r\n{"op":`,
    );
    expect(answer.startsWith('HTTP/1.1 413')).toBe(true);
    expect(json(answer)).toMatchObject({ ok: false, error: { kind: 'InvalidInput' } });
  });
});

describe('web host: uploads have a quota', () => {
  const quota = 100 * 1024;
  let web: Awaited<ReturnType<typeof startHost>>;
  beforeAll(async () => {
    web = await startHost({ uploadQuotaBytes: quota });
  });
  afterAll(() => web.close());

  const upload = async (name: string, size: number) => {
    const res = await request(`${web.host.origin}/api/upload?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-signdock-token': web.host.token },
      body: Buffer.alloc(size, 7),
    });
    return {
      status: res.statusCode,
      body: (await res.body.json()) as { ok: boolean; value?: { path: string }; error?: { kind: string; message: string } },
    };
  };
  const kept = () =>
    existsSync(web.uploads)
      ? readdirSync(web.uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
      : 0;

  it('is 2 GiB unless told otherwise', () => {
    expect(defaultLimits.uploadQuotaBytes).toBe(2 * 1024 ** 3);
  });

  it('refuses an upload that does not fit with 507 in plain words, keeps nothing of it, and takes files again once room is made', async () => {
    const first = await upload('uno.pdf', 60 * 1024);
    expect(first.status).toBe(200);
    const second = await upload('dos.pdf', 60 * 1024);
    expect(second.status).toBe(507);
    expect(second.body).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'Unavailable',
        message:
          '“dos.pdf” was not added: files waiting to be sent already fill the 100 KB SignDock keeps for uploads. Send or remove rows of the current batch, then add it again.',
      }),
    });
    expect(kept()).toBe(1);

    // A sent row's copy is deleted by the batches (not through the web host): the room comes back.
    rmSync(dirname(first.body.value!.path), { recursive: true });
    expect((await upload('dos.pdf', 60 * 1024)).status).toBe(200);
  });

  it('two uploads at once cannot both take the last room', async () => {
    rmSync(web.uploads, { recursive: true, force: true });
    const both = await Promise.all([upload('a.pdf', 60 * 1024), upload('b.pdf', 60 * 1024)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 507]);
    expect(kept()).toBe(1);
  });
});

describe('web host: slow connections are cut off', () => {
  let web: Awaited<ReturnType<typeof startHost>>;
  beforeAll(async () => {
    web = await startHost({ headersTimeoutMs: 300, requestTimeoutMs: 2_000, bodyIdleMs: 300, maxConnections: 4 });
  });
  afterAll(() => web.close());

  const start = (path: string, length: number, type: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${web.host.port}\r\nx-signdock-token: ${web.host.token}\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\n\r\n`;

  it('headers that never finish: 408, and the connection is closed', async () => {
    const answer = await rawExchange(web.host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${web.host.port}\r\n`);
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('a call whose body stops arriving: 408 in plain words, and the connection is closed', async () => {
    const answer = await rawExchange(web.host.port, `${start('/api/call', 100, 'application/json')}{"op":"settings.get"`);
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(json(answer)).toEqual({
      ok: false,
      error: { kind: 'InvalidInput', message: 'The call stopped arriving, so SignDock stopped waiting for it.' },
    });
  });

  it('an upload that stops arriving: 408 naming the file, nothing kept, and the connection is closed', async () => {
    const answer = await rawExchange(web.host.port, `${start('/api/upload?name=slow.pdf', 10_000, 'application/octet-stream')}%PDF-1.7`);
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(json(answer).error?.message).toBe('“slow.pdf” stopped arriving, so SignDock stopped waiting for it. Add it again.');
    expect(existsSync(web.uploads) ? readdirSync(web.uploads, { recursive: true }).length : 0).toBe(0);
  });

  it('no more than maxConnections at once: one more is closed as it comes', async () => {
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<ReturnType<typeof connect>>((resolve) => {
            const socket = connect(web.host.port, '127.0.0.1', () => resolve(socket));
          }),
      ),
    );
    const extra = await rawExchange(web.host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${web.host.port}\r\n\r\n`).catch(() => '');
    expect(extra).toBe('');
    for (const socket of held) socket.destroy();
  });
});
