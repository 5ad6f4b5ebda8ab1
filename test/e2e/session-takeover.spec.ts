import { createHmac } from 'node:crypto';
import { WebSocket } from 'ws';
import { SESSION_KEY_LABEL } from '../../shared/contract/web-session';
import { startDemo } from './support/demo';
import { expect, test } from './support/fixtures';
import { startImpostor } from './support/impostor';
import { startWebHost, type RunningWebHost } from './support/web-host';

// Issue 31, point 5: another local user must not take over the web session. A tab left open reconnects
// to its host when the host restarts at the same address; when another program holds that address
// instead (a real server on the saved port, after the host stopped), the tab gives it nothing — not
// the token, not anything the restarted host accepts — even when that program relays the real host's
// answers, and the page says what happened in words.

/** Whether `host` takes this credential (as header and as the token) for a call; the status of each. */
async function callStatuses(host: RunningWebHost, value: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const header of ['x-signdock-session', 'x-signdock-token']) {
    const response = await fetch(`${host.origin}/api/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.origin, [header]: value },
      body: JSON.stringify({ op: 'settings.update', input: { language: 'es' } }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

/** Whether the host's event stream opens with this value as the session or the token subprotocol. */
async function socketOpens(host: RunningWebHost, value: string): Promise<boolean[]> {
  const opened: boolean[] = [];
  for (const prefix of ['signdock-session.', 'signdock-token.']) {
    const socket = new WebSocket(`${host.origin.replace('http', 'ws')}/api/events`, [prefix + value], { origin: host.origin });
    opened.push(
      await new Promise<boolean>((resolve) => {
        socket.once('open', () => resolve(true));
        socket.once('error', () => resolve(false));
        socket.once('unexpected-response', () => resolve(false));
      }),
    );
    socket.terminate();
  }
  return opened;
}

test('a program on the saved port gets nothing the host takes; the restarted host refuses its replay', async ({ page, webHost, home }) => {
  test.setTimeout(180_000);
  const port = Number(new URL(webHost.origin).port);
  const key = createHmac('sha256', webHost.token).update(SESSION_KEY_LABEL).digest('hex');
  // Every credential the tab gave the real host (run 1 and 2), to replay later.
  const givenToHost: string[] = [];
  const tokensSent: string[] = [];
  page.on('request', (request) => {
    const credential = request.headers()['x-signdock-session'];
    if (credential) givenToHost.push(credential);
    if (request.headers()['x-signdock-token']) tokensSent.push(request.url());
  });
  const hostStarts = () => new Set(givenToHost.map((credential) => credential.split('.')[1])).size;
  await startDemo(page, webHost);
  await page.getByTestId('nav-activity').click();
  expect(givenToHost.length).toBeGreaterThan(0);

  // A normal restart at the same address, with the same token: the tab reconnects by itself, and the
  // credential it used before is refused by the new start (which the tab handles by proving it again).
  const firstStart = [...new Set(givenToHost)];
  await webHost.stop();
  await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 20_000 });
  const again = await startWebHost(home);
  const impostorHolds: RunningWebHost[] = [];
  try {
    expect(again.url).toBe(webHost.url);
    await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 30_000 });
    for (const credential of firstStart) expect(await callStatuses(again, credential)).toEqual([401, 401]);
    // The tab catches up with the new start under a new credential (the host proved itself again).
    await expect.poll(hostStarts, { timeout: 20_000 }).toBe(2);
  } finally {
    await again.stop();
  }

  // Another program takes the port while the host is down.
  const impostor = await startImpostor(port);
  try {
    // All it ever gets is hellos: a nonce each, no token, no key, no credential, no call, no socket.
    const nothingGivenAway = () => {
      for (const request of impostor.received) {
        const everything = JSON.stringify(request);
        expect(everything, 'the token reached another program').not.toContain(webHost.token);
        expect(everything, 'the session key reached another program').not.toContain(key);
        expect(request, 'only hellos reach a program that has not proved itself').toMatchObject({
          method: 'POST',
          path: '/api/hello',
          upgrade: false,
        });
        expect(Object.keys(JSON.parse(request.body) as object)).toEqual(['nonce']);
      }
    };
    await expect.poll(() => impostor.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    nothingGivenAway();
    await expect(page.getByTestId('connection-banner-unproven')).toHaveText(
      'Another program is answering at this address, not the SignDock you opened: nothing was sent to it. If you restarted SignDock, open the new link it printed.',
      { timeout: 30_000 },
    );
    // The clerk carries on: the call is not sent to it either, and the page says why.
    await page.getByTestId('nav-documents').click();
    await expect(page.getByText('could not prove it is the SignDock you opened', { exact: false }).first()).toBeVisible();

    // SignDock starts again: its port is taken, so it starts elsewhere with a new token. The impostor now
    // relays the tab's hellos to it, and the real answers back: still not a proof at the tab's address.
    const third = await startWebHost(home);
    impostorHolds.push(third);
    expect(third.origin).not.toBe(webHost.origin);
    expect(third.token).not.toBe(webHost.token);
    impostor.relayTo(third.origin);
    const relayedFrom = impostor.received.length;
    await expect
      .poll(() => impostor.received.slice(relayedFrom).filter((r) => r.path === '/api/hello').length, { timeout: 40_000 })
      .toBeGreaterThan(0);
    await expect(page.getByTestId('connection-banner-unproven')).toBeVisible();

    nothingGivenAway();

    // Replayed to the restarted host — everything it received, and every credential the real host was
    // ever given — nothing is taken, as a call or as the event stream.
    const replay = new Set([...givenToHost, ...impostor.received.flatMap((r) => [r.body, ...Object.values(r.headers).flat()])]);
    for (const value of replay) {
      if (value === undefined || value.length < 16) continue;
      expect(await callStatuses(third, value), value).toEqual([401, 401]);
      if (/^[0-9a-f.]+$/.test(value)) expect(await socketOpens(third, value), value).toEqual([false, false]);
    }
    expect((await third.call('settings.get')).value).toMatchObject({ language: 'system' });
    expect(tokensSent, 'the page never sends the token').toEqual([]);
  } finally {
    await impostor.close();
    for (const host of impostorHolds) await host.stop();
  }
});
