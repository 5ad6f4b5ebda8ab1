import { createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { SESSION_KEY_LABEL, hostProofText, tabProofText } from '../../shared/contract/web-session';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 31, point 5, the host's side of the session proof (shared/contract/web-session.ts), played here
 * as the tab plays it: the host proves it knows the token for our nonce at its own address before we
 * give anything; the credential we then make works for calls and the event stream of that start only —
 * a host restarted with the same token and port refuses it, and a credential made for another address
 * (a proof relayed from the host at another port) is refused.
 */

const token = randomBytes(32).toString('hex');
const key = createHmac('sha256', token).update(SESSION_KEY_LABEL).digest();
const mac = (text: string) => createHmac('sha256', key).update(text).digest('hex');

describe('the web session proof', () => {
  let data: ReturnType<typeof tempFolder>;
  let ui: ReturnType<typeof tempFolder>;
  let core: Core;
  let host: WebHost;
  const start = (port = 0) => startWebHost({ core, rendererDir: ui.path, token, port });

  beforeAll(async () => {
    data = tempFolder();
    ui = tempFolder();
    writeFileSync(join(ui.path, 'index.html'), '<!doctype html><title>SignDock</title>');
    core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0.0.0', secrets: new MemorySecretStore() });
    host = await start();
  });
  afterAll(async () => {
    await host.close();
    await core.close();
    data.remove();
    ui.remove();
  });

  const hostName = () => `127.0.0.1:${host.port}`;
  const hello = async (nonce: string) => {
    const response = await request(`${host.origin}/api/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin },
      body: JSON.stringify({ nonce }),
      reset: true,
    });
    return {
      status: response.statusCode,
      body: (await response.body.json()) as { ok: boolean; value: { hostNonce: string; proof: string } },
    };
  };
  /** Proves the host as the tab does; the credential for `at` (this host's address unless said). */
  const credential = async (at = hostName()) => {
    const tabNonce = randomBytes(32).toString('hex');
    const { body } = await hello(tabNonce);
    expect(body.value.proof).toBe(mac(hostProofText(hostName(), tabNonce, body.value.hostNonce)));
    return `${tabNonce}.${body.value.hostNonce}.${mac(tabProofText(at, tabNonce, body.value.hostNonce))}`;
  };
  const callWith = async (session: string) => {
    const response = await request(`${host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin, 'x-signdock-session': session },
      body: JSON.stringify({ op: 'settings.get', input: {} }),
      reset: true,
    });
    await response.body.dump();
    return response.statusCode;
  };
  const socketOpens = (session: string) =>
    new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`ws://${hostName()}/api/events`, [`signdock-session.${session}`], { origin: host.origin });
      socket.once('open', () => {
        socket.terminate();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });

  it('proves itself for the tab’s nonce at its own address, and asks nothing secret', async () => {
    const tabNonce = randomBytes(32).toString('hex');
    const { status, body } = await hello(tabNonce);
    expect(status).toBe(200);
    expect(body.value.proof).toBe(mac(hostProofText(hostName(), tabNonce, body.value.hostNonce)));
    expect(body.value.proof).not.toBe(mac(hostProofText('127.0.0.1:1', tabNonce, body.value.hostNonce)));
    expect((await hello('not hex')).status).toBe(400);
  });

  it('takes the credential made after the proof, for calls and the event stream', async () => {
    const session = await credential();
    expect(await callWith(session)).toBe(200);
    expect(await socketOpens(session)).toBe(true);
  });

  it('refuses a credential made for another address, a made-up host nonce, or a wrong MAC', async () => {
    expect(await callWith(await credential('127.0.0.1:1'))).toBe(401);
    const tabNonce = randomBytes(32).toString('hex');
    const madeUp = randomBytes(32).toString('hex');
    expect(await callWith(`${tabNonce}.${madeUp}.${mac(tabProofText(hostName(), tabNonce, madeUp))}`)).toBe(401);
    const good = await credential();
    expect(await callWith(good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'))).toBe(401);
    expect(await socketOpens(await credential('127.0.0.1:1'))).toBe(false);
  });

  it('after a restart with the same token and port, refuses the credential of the start before', async () => {
    const before = await credential();
    expect(await callWith(before)).toBe(200);
    const port = host.port;
    await host.close();
    host = await start(port);
    expect(host.port).toBe(port);
    expect(await callWith(before)).toBe(401);
    expect(await socketOpens(before)).toBe(false);
    expect(await callWith(await credential())).toBe(200);
  });
});
