import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { CONTROL_TOKEN_ENV, localSandbox } from '../../electron/demo/local-sandbox';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 15, finding 3, as the app runs it: "Try the sandbox" from the web host starts the local
 * sandbox, whose control API wants the control token; the launcher reports it with the address (the
 * web host prints it), takes it from SIGNDOCK_SANDBOX_CONTROL_TOKEN when set, and its own client sends it.
 */
describe('Try the sandbox from the web host: the control API wants its token', () => {
  const fixed = 'c'.repeat(64);
  const launcher = localSandbox({ started: (info) => started.push(info) });
  const started: { url: string; control: string; controlToken: string }[] = [];
  let data: ReturnType<typeof tempFolder>;
  let ui: ReturnType<typeof tempFolder>;
  let core: Core;
  let host: WebHost;

  beforeAll(async () => {
    process.env[CONTROL_TOKEN_ENV] = fixed;
    data = tempFolder();
    ui = tempFolder();
    writeFileSync(join(ui.path, 'index.html'), '<!doctype html><title>SignDock</title>');
    core = createCore({ dataFolder: data.path, hostKind: 'web', version: '0', secrets: new MemorySecretStore(), sandbox: launcher });
    host = await startWebHost({ core, rendererDir: ui.path });
  });
  afterAll(async () => {
    delete process.env[CONTROL_TOKEN_ENV];
    await host.close();
    await core.close();
    data.remove();
    ui.remove();
  });

  it('reports the address and token; the control API refuses without it; the launcher sends it', async () => {
    const res = await request(`${host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': host.token },
      body: JSON.stringify({ op: 'sandbox.start', input: {} }),
    });
    const answer = (await res.body.json()) as { ok: boolean; value: { baseUrl: string } };
    expect(answer.ok).toBe(true);
    expect(started).toEqual([{ url: answer.value.baseUrl, control: `${answer.value.baseUrl}/_sandbox`, controlToken: fixed }]);

    const control = started[0]!.control;
    expect((await request(`${control}/webhook`)).statusCode).toBe(401);
    await launcher.setWebhook('http://127.0.0.1:9/hook/demo');
    const webhook = await request(`${control}/webhook`, { headers: { 'x-sandbox-control-token': fixed } });
    expect(webhook.statusCode).toBe(200);
    expect(await webhook.body.json()).toMatchObject({ url: 'http://127.0.0.1:9/hook/demo' });
    await launcher.stop();
  });
});
