import { describe, expect, it } from 'vitest';
import type { Tunnel, TunnelEvents } from '../../electron/core/webhooks/tunnel';
import { TunnelFailure } from '../../electron/core/webhooks/tunnel/tunnel-failure';
import { TunnelManager, type TunnelCoreStatus } from '../../electron/core/webhooks/tunnel/tunnel-manager';

/** A tunnel that fails the given ways, one per attempt, then opens; `cut()` breaks the open one. */
function scripted(failures: Error[]) {
  let events: TunnelEvents | undefined;
  const attempts: number[] = [];
  const tunnel: Tunnel = {
    name: 'scripted',
    async start(port, e) {
      attempts.push(port);
      const failure = failures.shift();
      if (failure) throw failure;
      events = e;
      return 'https://hooks.example.com/';
    },
    async stop() {},
  };
  return { tunnel, attempts, cut: () => events?.lost(new TunnelFailure('sshConnectionLost', { host: 'h' })) };
}

function manager(tunnel: Tunnel, watch: { every: number; network: () => string } = { every: 0, network: () => 'lan' }) {
  const urls: (string | null)[] = [];
  const states: TunnelCoreStatus[] = [];
  const m = new TunnelManager({
    tunnel: async () => ({ provider: 'ssh', tunnel }),
    localPort: () => 4321,
    onUrl: (url) => urls.push(url),
    baseDelayMs: 5,
    maxDelayMs: 40,
    watchEveryMs: watch.every,
    network: watch.network,
  });
  m.onChange(() => states.push(m.status()));
  const reaches = (state: TunnelCoreStatus['state']) =>
    new Promise<TunnelCoreStatus>((resolve) => {
      if (m.status().state === state) return resolve(m.status());
      const off = m.onChange(() => {
        if (m.status().state !== state) return;
        off();
        resolve(m.status());
      });
    });
  return { m, urls, states, reaches };
}

describe('the tunnel manager', () => {
  it('retries with growing waits, shows the problem and the next try, then runs', async () => {
    const s = scripted([new TunnelFailure('sshUnreachable', { host: 'h', port: 22 }), new TunnelFailure('noNetwork', { host: 'h' })]);
    const { m, urls, states, reaches } = manager(s.tunnel);
    const running = reaches('running');
    await m.start();
    const status = await running;
    expect(status.publicBaseUrl).toBe('https://hooks.example.com');
    expect(urls.at(-1)).toBe('https://hooks.example.com');
    const waits = states.filter((x) => x.state === 'reconnecting' && x.nextRetryAt !== null);
    expect(waits.map((x) => x.error?.code)).toEqual(['webhooks.tunnel.sshUnreachable', 'webhooks.tunnel.noNetwork']);
    expect(waits.map((x) => x.attempts)).toEqual([1, 2]);
    expect(s.attempts).toEqual([4321, 4321, 4321]);
    await m.stop();
    expect(m.status()).toMatchObject({ state: 'off', publicBaseUrl: null });
    expect(urls.at(-1)).toBeNull();
  });

  it('a lost connection reconnects by itself; the URL is withdrawn meanwhile', async () => {
    const s = scripted([]);
    const { m, urls, reaches } = manager(s.tunnel);
    await m.start();
    expect(m.status().state).toBe('running');
    const back = reaches('reconnecting').then(() => reaches('running'));
    s.cut();
    expect(urls.at(-1)).toBeNull();
    await back;
    expect(s.attempts.length).toBe(2);
    await m.stop();
  });

  it('a network change opens a running tunnel again at once', async () => {
    const s = scripted([]);
    let network = 'home-wifi';
    const { m, reaches } = manager(s.tunnel, { every: 10, network: () => network });
    await m.start();
    expect(s.attempts.length).toBe(1);
    const again = reaches('reconnecting').then(() => reaches('running'));
    network = 'office-ethernet';
    await again;
    expect(s.attempts.length).toBe(2);
    await m.stop();
  });

  it('a problem no retry can fix stops it (failed); an unknown host key asks to be confirmed', async () => {
    const refused = manager(scripted([new TunnelFailure('sshHostKeyChanged', { host: 'h', fingerprint: 'SHA256:x' })]).tunnel);
    await refused.m.start();
    expect(refused.m.status()).toMatchObject({ state: 'failed', nextRetryAt: null, error: { code: 'webhooks.tunnel.sshHostKeyChanged' } });
    const unknown = manager(
      scripted([
        new TunnelFailure(
          'sshHostKeyUnknown',
          { host: 'h', fingerprint: 'SHA256:y' },
          { host: 'h', port: 22, keyType: 'ssh-ed25519', fingerprint: 'SHA256:y' },
        ),
      ]).tunnel,
    );
    await unknown.m.start();
    expect(unknown.m.status()).toMatchObject({ state: 'needsHostKeyConfirmation', hostKey: { fingerprint: 'SHA256:y' } });
    await refused.m.stop();
    await unknown.m.stop();
  });
});
