import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { tempFolder } from '../helpers/temp-folder';
import { defaultSettings } from '../../shared/domain/settings';

describe('web host', () => {
  let data: ReturnType<typeof tempFolder>;
  let ui: ReturnType<typeof tempFolder>;
  let core: Core;
  let host: WebHost;

  beforeAll(async () => {
    data = tempFolder();
    ui = tempFolder();
    writeFileSync(
      join(ui.path, 'index.html'),
      `<!doctype html><meta http-equiv="Content-Security-Policy"\n content="default-src 'self'; frame-ancestors 'none'"><title>SignDock</title>`,
    );
    core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0.0.0', secrets: new MemorySecretStore() });
    host = await startWebHost({ core, rendererDir: ui.path });
  });
  afterAll(async () => {
    await host.close();
    await core.close();
    data.remove();
    ui.remove();
  });

  const call = (headers: Record<string, string>, body: unknown = { op: 'settings.update', input: { language: 'es' } }) =>
    request(`${host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('listens on loopback only and gives the token in the URL fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
  });

  it('refuses a call without the token, and the call does not run', async () => {
    const res = await call({});
    expect(res.statusCode).toBe(401);
    expect(await res.body.json()).toMatchObject({ ok: false, error: { kind: 'Unauthorized' } });
    expect(core.settings.get().language).toBe('system');
  });

  it('refuses a call with a wrong token', async () => {
    const res = await call({ 'x-signdock-token': 'f'.repeat(64) });
    expect(res.statusCode).toBe(401);
    await res.body.dump();
    const short = await call({ 'x-signdock-token': 'abc' });
    expect(short.statusCode).toBe(401);
    await short.body.dump();
    expect(core.settings.get().language).toBe('system');
  });

  it('refuses a call from a foreign Origin even with the right token', async () => {
    const res = await call({ 'x-signdock-token': host.token, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    await res.body.dump();
    expect(core.settings.get().language).toBe('system');
  });

  it('refuses a request whose Host is not this loopback address (DNS rebinding)', async () => {
    const res = await call({ 'x-signdock-token': host.token, host: `evil.example:${host.port}` });
    expect(res.statusCode).toBe(421);
    await res.body.dump();
  });

  it('runs a call with the token from its own origin', async () => {
    const res = await call({ 'x-signdock-token': host.token, origin: host.origin });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ ok: true, value: { ...defaultSettings, language: 'es' } });
  });

  it('answers malformed calls with a typed error', async () => {
    const res = await call({ 'x-signdock-token': host.token }, { op: 'settings.update', input: { language: 42 } });
    expect(await res.body.json()).toMatchObject({ ok: false, error: { kind: 'InvalidInput', fields: { language: [expect.any(String)] } } });
  });

  it('serves the UI without the token but never a file outside it', async () => {
    const index = await request(`${host.origin}/`);
    expect(index.statusCode).toBe(200);
    expect(await index.body.text()).toContain('SignDock');
    expect(index.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    const escape = await request(`${host.origin}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(escape.statusCode).toBe(404);
    await escape.body.dump();
  });

  const openSocket = (protocols: string[], origin?: string) =>
    new Promise<{ opened: boolean; socket: WebSocket }>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/api/events`, protocols, origin ? { origin } : {});
      socket.once('open', () => resolve({ opened: true, socket }));
      socket.once('error', () => resolve({ opened: false, socket }));
    });

  it('refuses event sockets without the token, with a wrong one, or from a foreign Origin', async () => {
    expect((await openSocket([])).opened).toBe(false);
    expect((await openSocket(['signdock-token.' + '0'.repeat(64)])).opened).toBe(false);
    expect((await openSocket([`signdock-token.${host.token}`], 'https://evil.example')).opened).toBe(false);
  });

  it('pushes events to a socket with the token', async () => {
    const { opened, socket } = await openSocket([`signdock-token.${host.token}`], host.origin);
    expect(opened).toBe(true);
    const received = new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
    await (await call({ 'x-signdock-token': host.token }, { op: 'settings.update', input: { theme: 'dark' } })).body.dump();
    expect(await received).toEqual({ event: 'settings.changed', payload: { ...defaultSettings, language: 'es', theme: 'dark' } });
    socket.close();
  });
});
