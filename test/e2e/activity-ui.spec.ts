import { expect, test } from './support/fixtures';
import { accountsState, FakeInbox, inboxItem, syncStatus, webhookState } from './support/activity-fakes';
import { StubError, stubHost } from './support/host-stub';

// The Activity page against made-up host answers: states the real host cannot produce on demand
// (a sync half-way, unknown codes, refusals, a burst of notifications). activity.spec.ts runs it for real.

function sampleInbox(): FakeInbox {
  const inbox = new FakeInbox();
  for (let id = 1; id <= 120; id += 1) {
    if (id % 10 === 0) inbox.items.push(inboxItem(id, 'DC', 'failed', { attempts: 5, lastError: 'The service did not answer in time.' }));
    else if (id % 7 === 0) inbox.items.push(inboxItem(id, 'SD', 'pending'));
    else inbox.items.push(inboxItem(id, 'DS', 'done', id === 3 ? { duplicates: 2 } : {}));
  }
  inbox.items.push(inboxItem(121, 'XY', 'ignored'));
  inbox.items.push(inboxItem(122, '', 'ignored'));
  inbox.refused = { 'not-found': 3, 'bad-signature': 1, 'new-reason': 2 };
  return inbox;
}

test.describe('Activity page (host answers stubbed)', () => {
  test('sync: live progress, counts by status with unknown codes as the code, Sync now disabled while syncing', async ({
    page,
    webHost,
  }) => {
    let status = syncStatus();
    const inbox = sampleInbox();
    let shortSync = false;
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => status,
      'sync.now': async () => {
        const answer = syncStatus({
          state: 'syncing',
          lastFullSync: { startedAt: new Date().toISOString(), finishedAt: null, documents: 0, error: null },
        });
        if (!shortSync) return (status = answer);
        // A sync so short that its last event overtakes the answer to Sync now.
        stub.emit('sync.changed', { ...status, state: 'idle' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        return answer;
      },
      'webhooks.state': () => webhookState(),
      'inbox.list': (input) => inbox.list(input),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-activity').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByTestId('last-sync')).toHaveText('Not yet. Press Sync now to read your documents from the service.');
    await expect(page.getByTestId('sync-state')).toHaveText('Idle');

    const syncNow = page.getByTestId('sync-now');
    await syncNow.click();
    await expect(page.getByTestId('sync-state')).toHaveText('Syncing');
    await expect(syncNow).toBeDisabled();
    await expect(page.getByTestId('sync-progress')).toContainText('Asking the service for the list of documents…');

    stub.emit('sync.changed', syncStatus({ state: 'syncing', progress: { pages: 1, documents: 50, total: 120 } }));
    const bar = page.getByRole('progressbar', { name: 'Sync progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect(bar).toHaveAttribute('aria-valuemax', '120');
    await expect(page.getByTestId('sync-progress')).toContainText('Documents read: 50 of 120 (page 1).');

    // An event for another account changes nothing here.
    stub.emit('sync.changed', syncStatus({ accountId: 'someone-else', state: 'error' }));
    stub.emit('sync.changed', syncStatus({ state: 'syncing', progress: { pages: 2, documents: 100, total: null } }));
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(page.getByTestId('sync-progress')).toContainText('Documents read so far: 100 (page 2).');

    status = syncStatus({
      lastFullSync: { startedAt: '2025-11-21T09:00:00.000Z', finishedAt: '2025-11-21T09:00:12.000Z', documents: 121, error: null },
      counts: { DR: 3, PE: 12, CO: 100, CA: 5, ZZ: 1 },
      total: 121,
      watching: 15,
    });
    stub.emit('sync.changed', status);
    await expect(page.getByTestId('sync-state')).toHaveText('Idle');
    await expect(syncNow).toBeEnabled();
    await expect(page.getByTestId('sync-progress')).toHaveCount(0);
    await expect(page.getByTestId('count-total')).toHaveText('121');
    const counts = page.getByTestId('status-counts');
    await expect(counts.getByRole('listitem')).toHaveText(['All documents121', 'Draft3', 'Pending12', 'Completed100', 'Cancelled5', 'ZZ1']);
    await expect(page.getByTestId('watching')).toHaveText('15');
    await expect(page.getByTestId('last-sync')).toContainText('121 read');

    // A failed sync in plain words, the host's wording under Technical details.
    stub.emit('sync.changed', {
      ...status,
      state: 'error',
      lastFullSync: { ...status.lastFullSync, error: 'connect ECONNREFUSED 10.0.0.1:443' },
    });
    await expect(page.getByTestId('sync-error')).toContainText('The last sync did not finish.');
    await expect(page.getByTestId('sync-error').getByText('Technical details')).toBeVisible();

    // The answer to Sync now arriving after the sync's last event does not bring back "Syncing".
    shortSync = true;
    await syncNow.click();
    await expect(page.getByTestId('sync-state')).toHaveText('Idle');
    await expect(syncNow).toHaveText('Sync now');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('sync-state')).toHaveText('Idle');
    await expect(syncNow).toBeEnabled();
  });

  test('webhook listener: the address to paste with Copy, the hint without a public address, live changes', async ({ page, webHost }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webHost.origin });
    const inbox = new FakeInbox();
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => syncStatus(),
      'webhooks.state': () => webhookState(),
      'inbox.list': (input) => inbox.list(input),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-activity').click();
    const card = page.getByTestId('webhook-card');
    // Listening, but nothing has arrived yet: it says so, and what to do (never "Listening" beside a warning).
    await expect(card.getByTestId('listener-state')).toHaveText('Waiting for the first');
    await expect(card.getByTestId('hook-url')).toHaveText(webhookState().hookUrl);
    await expect(card.getByTestId('local-url')).toHaveText('http://127.0.0.1:47821');
    await expect(card.getByTestId('no-public-address')).toContainText('Start a tunnel in Settings → Notifications');

    await card.getByTestId('copy-hook-url').click();
    await expect(card.getByTestId('copy-hook-url')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookState().hookUrl);

    stub.emit(
      'webhooks.changed',
      webhookState({ publicBaseUrl: 'https://hooks.example.com', hookUrl: 'https://hooks.example.com/hooks/abc', hmacConfigured: true }),
    );
    await expect(card.getByTestId('hook-url')).toHaveText('https://hooks.example.com/hooks/abc');
    await expect(card.getByTestId('no-public-address')).toHaveCount(0);
    await expect(card.getByTestId('hmac-state')).toHaveText('Set: each notification’s signature is checked');

    stub.emit(
      'webhooks.changed',
      webhookState({
        listening: false,
        hookUrl: null,
        localUrl: null,
        port: null,
        error: 'listen EADDRINUSE: address already in use 127.0.0.1:47821',
      }),
    );
    await expect(card.getByTestId('listener-state')).toHaveText('Not listening');
    await expect(card.getByTestId('listener-error')).toContainText('The notification listener is not working');

    // Listening again, nothing arrived and no public address: the hint leads to Settings, where the address is set.
    stub.emit('webhooks.changed', webhookState());
    await card.getByRole('button', { name: 'Open Settings' }).click();
    await expect(page.getByTestId('settings-webhooks')).toBeVisible();
  });

  test('inbox: counts, filter, 50 per page, unknown kinds tagged, raw body, throttled refresh under a burst', async ({ page, webHost }) => {
    const inbox = sampleInbox();
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => syncStatus(),
      'webhooks.state': () => webhookState(),
      'inbox.list': (input) => inbox.list(input),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-activity').click();
    // The inbox is the technical detail behind the feed.
    await page.getByTestId('technical-details-toggle').click();
    const card = page.getByTestId('inbox-card');
    await expect(card.getByTestId('inbox-received')).toHaveText('122');
    await expect(card.getByTestId('inbox-failed')).toHaveText('12');
    await expect(card.getByTestId('inbox-ignored')).toHaveText('2');
    await expect(card.getByTestId('inbox-duplicates')).toHaveText('2');
    await expect(card.getByTestId('inbox-refused')).toHaveText('6');
    await card.getByText('Refused requests, by reason').click();
    await expect(card.getByTestId('refused-reasons')).toContainText('Wrong address (an old or mistyped secret path)3');
    await expect(card.getByTestId('refused-reasons')).toContainText('new-reason2');

    const rows = card.getByTestId('inbox-row');
    await expect(rows).toHaveCount(50);
    await expect(card.getByTestId('inbox-range')).toHaveText('1–50 of 122');
    await expect(rows.nth(0)).toContainText('No kind');
    await expect(rows.nth(1)).toContainText('XYignored');
    await expect(rows.nth(2)).toContainText('Document status changed');
    await expect(rows.nth(2)).toContainText('The service did not answer in time.');
    await expect(rows.nth(2)).toContainText('doc-…3a9c2e');

    await rows.nth(2).getByRole('button', { name: /^Show/ }).click();
    await expect(card.getByTestId('inbox-raw')).toContainText('"notification_action": "DC"');
    await rows.nth(2).getByRole('button', { name: /^Hide/ }).press('Enter');
    await expect(card.getByTestId('inbox-raw')).toHaveCount(0);

    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card.getByTestId('inbox-range')).toHaveText('51–100 of 122');
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card.getByTestId('inbox-range')).toHaveText('101–122 of 122');
    await expect(rows).toHaveCount(22);
    await expect(card.getByRole('button', { name: 'Next' })).toBeDisabled();

    await card.getByRole('radio', { name: /Failed/ }).check();
    await expect(rows).toHaveCount(12);
    await expect(card.getByTestId('inbox-range')).toHaveCount(0);
    for (const state of await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-state')))) expect(state).toBe('failed');
    await card.getByRole('radio', { name: /All/ }).check();
    await expect(rows).toHaveCount(50);

    // A burst: 40 notifications in about a second refresh the page at most a few times, and the last one shows.
    // The table's reads (50 a page); the feed above reads on its own, throttled the same way.
    const tableReads = () => stub.calls.filter((call) => call.op === 'inbox.list' && call.input.limit === 50).length;
    const before = tableReads();
    const started = Date.now();
    for (let id = 200; id < 240; id += 1) {
      inbox.items.push(inboxItem(id, 'DS', 'pending'));
      stub.emit('inbox.changed', inbox.stats());
      await page.waitForTimeout(25);
    }
    await expect(card.getByTestId('inbox-received')).toHaveText('162');
    await expect(rows.nth(0)).toContainText('Waiting');
    const elapsed = Date.now() - started;
    const refreshes = tableReads() - before;
    expect(refreshes, `refreshes in ${elapsed} ms`).toBeLessThanOrEqual(Math.ceil(elapsed / 500) + 2);
    expect(refreshes).toBeGreaterThanOrEqual(2);
  });

  test('no account in use: an honest empty state that leads to Settings', async ({ page, webHost }) => {
    await stubHost(page, { 'accounts.list': () => accountsState(false) });
    await page.goto(webHost.url);
    await page.getByTestId('nav-activity').click();
    const empty = page.getByTestId('activity-no-account');
    await expect(empty).toContainText('No account in use');
    await empty.getByRole('button', { name: 'Go to Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('in Spanish', async ({ page, webHost }) => {
    const inbox = sampleInbox();
    await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => syncStatus({ counts: { DR: 1, PE: 2, CO: 3, CA: 4 }, total: 10, watching: 3 }),
      'webhooks.state': () => webhookState(),
      'inbox.list': (input) => inbox.list(input),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-settings').click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Actividad' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Actividad' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sincronizar ahora' })).toBeVisible();
    await expect(page.getByTestId('status-counts').getByRole('listitem')).toHaveText([
      'Total10',
      'Borrador1',
      'Pendiente2',
      'Completado3',
      'Cancelado4',
    ]);
    await expect(page.getByTestId('listener-state')).toHaveText('Recibiendo');
    await page.getByTestId('technical-details-toggle').click();
    await expect(page.getByTestId('inbox-card').getByTestId('inbox-row').nth(1)).toContainText('XYignorada');
    await expect(page.getByTestId('inbox-card').getByTestId('inbox-row').nth(2)).toContainText('Cambio de estado del documento');
  });
});

test.describe('Settings → Notifications (host answers stubbed)', () => {
  test('field errors next to the fields, only changes are sent, secret removal, a new secret path after a confirmation', async ({
    page,
    webHost,
  }) => {
    let state = webhookState();
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'webhooks.state': () => state,
      'webhooks.configure': (input) => {
        if (input.port === 80)
          throw new StubError({
            kind: 'InvalidInput',
            message: 'Invalid input.',
            fields: { port: ['Port 80 is already in use by another program.'] },
          });
        state = {
          ...state,
          ...('publicBaseUrl' in input ? { publicBaseUrl: input.publicBaseUrl as string | null } : {}),
          ...('hmacSecret' in input ? { hmacConfigured: input.hmacSecret !== null } : {}),
          ...(typeof input.port === 'number' ? { port: input.port } : {}),
        };
        return state;
      },
      'webhooks.rotateToken': () => (state = { ...state, hookUrl: 'http://127.0.0.1:47821/hooks/NEW-token-after-rotation' }),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('settings-webhooks');
    await expect(section.getByLabel('Port on this computer')).toHaveValue('47821');
    await expect(section.getByTestId('secret-state')).toHaveText('Not set');

    // Checked here first, worded next to each field; nothing leaves the window.
    await section.getByLabel('Public address').fill('ftp://files.example.com');
    await section.getByLabel('Port on this computer').fill('70000');
    await section.getByLabel('Webhook secret', { exact: true }).fill('short');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByTestId('publicBaseUrl-error')).toHaveText('The public address must start with https:// (or http://).');
    await expect(section.getByTestId('port-error')).toHaveText('The port is a whole number from 0 to 65535.');
    await expect(section.getByTestId('hmacSecret-error')).toHaveText('A webhook secret has at least 8 characters.');
    await expect(section.getByLabel('Public address')).toBeFocused();
    expect(stub.count('webhooks.configure')).toBe(0);

    // The host's own field message lands next to its field.
    await section.getByLabel('Public address').fill('https://hooks.example.com');
    await section.getByLabel('Port on this computer').fill('80');
    await section.getByLabel('Webhook secret', { exact: true }).fill('a-long-enough-secret');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByTestId('port-error')).toHaveText('Port 80 is already in use by another program.');
    await expect(section.getByLabel('Port on this computer')).toBeFocused();

    // Only what changed is sent.
    await section.getByLabel('Port on this computer').fill('47821');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByTestId('webhook-saved')).toHaveText('Saved.');
    expect(stub.calls.filter((call) => call.op === 'webhooks.configure').at(-1)?.input).toEqual({
      publicBaseUrl: 'https://hooks.example.com',
      hmacSecret: 'a-long-enough-secret',
    });
    await expect(section.getByTestId('secret-state')).toHaveText('Set');
    await expect(section.getByLabel('Webhook secret', { exact: true })).toHaveValue('');

    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Nothing changed, so nothing was saved.')).toBeVisible();

    await section.getByTestId('remove-secret').click();
    await expect(section.getByTestId('secret-state')).toHaveText('Not set');
    expect(stub.calls.at(-1)).toMatchObject({ op: 'webhooks.configure', input: { hmacSecret: null } });

    // A new secret path only after saying what it means; Cancel is the safe default.
    await section.getByRole('button', { name: 'Make a new secret path' }).click();
    const dialog = page.getByTestId('rotate-token-dialog');
    await expect(dialog).toContainText('The current notification address stops working at once.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeVisible();
    expect(stub.count('webhooks.rotateToken')).toBe(0);
    await section.getByRole('button', { name: 'Make a new secret path' }).click();
    await dialog.getByRole('button', { name: 'Make a new path' }).click();
    await expect(dialog).not.toBeVisible();
    await expect(section.getByTestId('settings-hook-url')).toHaveText('http://127.0.0.1:47821/hooks/NEW-token-after-rotation');
    await expect(section.getByTestId('rotated-notice')).toContainText(
      'in the service’s web console choose API, then Webhooks, and replace the old one',
    );
  });
});
