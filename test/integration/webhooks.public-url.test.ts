import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../electron/core/logging/logger';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { Tunnel } from '../../electron/core/webhooks/tunnel';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';
import type { WebhookServiceOptions } from '../../electron/core/webhooks/webhook-service-options';
import { post, ScriptedRefresher, tempDatabase } from './fixtures/webhook-helpers';

let store: ReturnType<typeof tempDatabase>;
let secrets: MemorySecretStore;
let services: WebhookService[];
const lines: string[] = [];
const logger: Logger = { log: (level, message, detail) => lines.push(JSON.stringify({ level, message, ...detail })) };

beforeEach(() => {
  store = tempDatabase();
  secrets = new MemorySecretStore();
  services = [];
  lines.length = 0;
});
afterEach(async () => {
  for (const service of services) await service.stop();
  store.remove();
});

function make(options: Partial<WebhookServiceOptions> = {}): WebhookService {
  const service = new WebhookService({
    db: store.db,
    secrets,
    refresher: new ScriptedRefresher(),
    accounts: () => ['acc-1'],
    logger,
    ...options,
  });
  services.push(service);
  return service;
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('webhooks: the URL to paste in the service console', () => {
  it('without a public base URL there is only the local address; with one, the hook URL carries the token, logs never do', async () => {
    const service = make();
    await service.start();
    const bare = service.state('acc-1');
    expect(bare).toMatchObject({ listening: true, publicBaseUrl: null, hookUrl: null, hmacConfigured: false, error: null });
    expect(bare.localUrl).toBe(`http://127.0.0.1:${bare.port}`);
    const state = await service.configure('acc-1', { publicBaseUrl: 'https://hooks.example.com/signdock/' });
    const token = await secrets.get('webhook-token:acc-1');
    expect(state.hookUrl).toBe(`https://hooks.example.com/signdock/hooks/${token}`);
    expect(service.endpoint('acc-1').hookUrlRedacted).toBe('https://hooks.example.com/signdock/hooks/[redacted]');
    await service.rotateToken('acc-1');
    await service.stop();
    await service.start();
    expect(lines.join('\n')).toContain('hooks/[redacted]');
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain(String(await secrets.get('webhook-token:acc-1')));
  });

  it('refuses a base URL that is not http(s) or carries a query; an empty one clears it', async () => {
    const service = make();
    await service.start();
    await expect(service.configure('acc-1', { publicBaseUrl: 'ftp://example.com' })).rejects.toMatchObject({ kind: 'InvalidInput' });
    await expect(service.configure('acc-1', { publicBaseUrl: 'https://example.com/?a=1' })).rejects.toMatchObject({ kind: 'InvalidInput' });
    await service.configure('acc-1', { publicBaseUrl: 'https://example.com' });
    expect((await service.configure('acc-1', { publicBaseUrl: '' })).publicBaseUrl).toBeNull();
  });

  it('settings and the token survive a restart; a new port moves the listener there', async () => {
    const port = await freePort();
    const first = make();
    await first.start();
    await first.configure('acc-1', { port, publicBaseUrl: 'https://hooks.example.com' });
    expect(first.state('acc-1').port).toBe(port);
    const url = first.endpoint('acc-1').localHookUrl ?? '';
    expect((await post(url, '{"notification_action":"TU"}')).status).toBe(200);
    await first.stop();
    const second = make();
    await second.start();
    expect(second.state('acc-1')).toMatchObject({ port, publicBaseUrl: 'https://hooks.example.com' });
    expect(second.endpoint('acc-1').localHookUrl).toBe(url);
  });

  it('a port in use is reported in the state, not thrown; the inbox still works', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    const service = make({ port });
    await service.start();
    expect(service.state('acc-1')).toMatchObject({ listening: false, port: null, error: expect.stringMatching(/port is in use/) });
    expect(service.stats().received).toBe(0);
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('the built-in tunnel, when on, gives the public base URL; NoTunnel explains why there is none', async () => {
    const started: number[] = [];
    const tunnel: Tunnel = {
      name: 'fake',
      start: async (port) => (started.push(port), 'https://abc.tunnel.example/'),
      stop: async () => undefined,
    };
    const withTunnel = make({ tunnel });
    await withTunnel.start();
    const state = await withTunnel.configure('acc-1', { useTunnel: true });
    expect(started).toEqual([state.port]);
    expect(state.hookUrl).toMatch(/^https:\/\/abc\.tunnel\.example\/hooks\/[A-Za-z0-9_-]{43}$/);
    expect((await withTunnel.configure('acc-1', { useTunnel: false })).hookUrl).toBeNull();
    await withTunnel.stop();

    const none = make();
    await none.start();
    expect((await none.configure('acc-1', { useTunnel: true })).error).toMatch(/No built-in tunnel/);
  });
});
