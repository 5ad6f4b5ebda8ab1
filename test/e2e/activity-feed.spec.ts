import { accountsState, FakeInbox, inboxItem, syncStatus, webhookState } from './support/activity-fakes';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';

// Issue 16, point 5: Activity speaks a clerk's words. Notifications become sentences with the signer
// (by the name the clerk gave, when there is one) and the document's title, "· 2 min ago", newest
// first, grouped by day, with filters; the raw table sits behind "Technical details"; the listener
// never says "Listening" beside a tunnel warning once notifications arrive; the inbox's figures are not buttons.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** Yesterday at a local hour (whatever time the test runs). */
const yesterdayAt = (hour: number) => {
  const date = new Date();
  date.setDate(date.getDate() - 1);
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
};

function feedInbox(): FakeInbox {
  const inbox = new FakeInbox();
  const doc = (n: number) => ({
    documentId: `doc-${n}`,
    raw: JSON.stringify({ notification_action: 'DC', document_id: `doc-${n}`, new_status: n === 2 ? 'CO' : 'CA' }),
  });
  inbox.items.push(inboxItem(1, 'DS', 'done', { documentId: 'doc-1', signatureId: 'sig-ana', receivedAt: minutesAgo(2) }));
  inbox.items.push(inboxItem(2, 'SD', 'done', { documentId: 'doc-3', signatureId: 'sig-carla', receivedAt: minutesAgo(3) }));
  inbox.items.push(inboxItem(3, 'DC', 'done', { ...doc(2), receivedAt: yesterdayAt(15) }));
  inbox.items.push(inboxItem(4, 'DC', 'failed', { ...doc(4), receivedAt: yesterdayAt(11) }));
  inbox.items.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)).forEach((item, index) => (item.id = index + 1));
  return inbox;
}

const documents: Record<string, { title: string; signatures: { id: string; displayName: string; localName?: string }[] }> = {
  // Ana was named on the Send page earlier: the host's mirror gives her name with the signature.
  'doc-1': { title: 'NDA Acme 2026', signatures: [{ id: 'sig-ana', displayName: 'ana@example.com', localName: 'Ana García' }] },
  'doc-2': { title: 'Lease renewal', signatures: [] },
  'doc-3': { title: 'Order 118', signatures: [{ id: 'sig-carla', displayName: 'carla@example.com' }] },
  'doc-4': { title: 'Service contract', signatures: [] },
};

test('Activity in a clerk’s words: sentences with names and titles, by day, filters; technical table hidden; no contradiction', async ({
  page,
  webHost,
}) => {
  const inbox = feedInbox();
  await stubHost(page, {
    'accounts.list': () => accountsState(true),
    'sync.status': () => syncStatus({ counts: { PE: 2, CO: 3 }, total: 5, watching: 2 }),
    'webhooks.state': () => webhookState(),
    'inbox.list': (input) => inbox.list(input),
    // Issue 24: the feed is built from the changes the mirror learned; only a notification that could not be taken in comes from the inbox.
    'documents.activity': () => ({
      total: 3,
      items: [
        {
          id: 3,
          at: minutesAgo(2),
          documentId: 'doc-1',
          title: 'NDA Acme 2026',
          signatureId: 'sig-ana',
          signer: 'Ana García',
          from: 'IN',
          to: 'CO',
        },
        {
          id: 2,
          at: minutesAgo(3),
          documentId: 'doc-3',
          title: 'Order 118',
          signatureId: 'sig-carla',
          signer: 'carla@example.com',
          from: 'PE',
          to: 'DE',
        },
        { id: 1, at: yesterdayAt(15), documentId: 'doc-2', title: 'Lease renewal', signatureId: null, signer: null, from: 'PE', to: 'CO' },
      ],
    }),
    'documents.get': (input) => {
      const doc = documents[String(input.documentId)]!;
      return {
        id: input.documentId,
        status: 'PE',
        createdAt: null,
        cancelReason: null,
        fileName: null,
        fileHash: null,
        raw: {},
        readAt: null,
        ...doc,
        signatures: doc.signatures.map((s) => ({
          ...s,
          status: 'CO',
          createdAt: null,
          url: null,
          inviteChannel: [],
          validations: {},
          invalidationReason: null,
          signedDate: null,
          ip: null,
          device: null,
          documentId: null,
          raw: {},
        })),
      };
    },
  });
  await page.goto(webHost.url);
  await page.getByTestId('nav-activity').click();

  const feed = page.getByTestId('feed-card');
  const entries = feed.getByTestId('feed-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toHaveText(/^Ana García signed ‘NDA Acme 2026’\s*2 min\. ago$/);
  await expect(entries.nth(1)).toContainText('carla@example.com rejected ‘Order 118’');
  await expect(entries.nth(2)).toContainText('‘Lease renewal’ was completed: everyone signed');
  await expect(entries.nth(3)).toContainText('SignDock could not take in news about ‘Service contract’');
  await expect(feed.getByRole('heading', { level: 3 })).toHaveText(['Today', 'Yesterday']);
  await expect(feed).not.toContainText('doc-');

  await feed.getByRole('radio', { name: 'Rejected' }).check();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('rejected');
  await feed.getByRole('radio', { name: 'Problems' }).check();
  await expect(entries).toHaveCount(1);
  await feed.getByRole('radio', { name: 'Everything' }).check();

  // Notifications arrive: "Receiving", no tunnel warning beside it.
  const webhook = page.getByTestId('webhook-card');
  await expect(webhook.getByTestId('listener-state')).toHaveText('Receiving');
  await expect(webhook.getByTestId('no-public-address')).toHaveCount(0);
  await expect(webhook.getByTestId('notifications-arriving')).toHaveText('Notifications are arriving: the last one 2 min. ago.');

  // The table of kinds, attempts and raw bodies is behind Technical details.
  await expect(page.getByTestId('inbox-card')).toBeHidden();
  await page.getByTestId('technical-details-toggle').click();
  await expect(page.getByTestId('inbox-card')).toBeVisible();

  // The inbox's figures are not dressed as buttons: no border, no fill (the documents' figures are
  // buttons: activity-tiles.spec).
  const tile = page.getByTestId('inbox-stats').getByRole('listitem').first();
  await expect(tile).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(tile).toHaveCSS('border-top-width', '0px');
});
