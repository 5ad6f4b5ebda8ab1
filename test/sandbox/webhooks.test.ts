import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';
import { defaultWebhookConfig } from './webhooks/webhook-sender';
import { ApiClient, createDocument } from './helpers/api-client';
import { WebhookReceiver } from './helpers/webhook-receiver';

let sandbox: Sandbox;
let api: ApiClient;
const receiver = new WebhookReceiver();
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  await receiver.start();
  sandbox = await startSandbox({ seed: 7 });
  api = new ApiClient(sandbox);
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.stop();
});
beforeEach(async () => {
  await sandbox.controlClient.reset();
  receiver.clear();
  await sandbox.controlClient.setWebhook({
    url: receiver.url,
    secret: null,
    max_retries: 3,
    retry_base_ms: 20,
    timeout_ms: 5000,
    duplicate_rate: 0,
    shuffle: false,
  });
});

async function signedDocument(): Promise<{ documentId: string; signatureId: string }> {
  const document = await createDocument(api);
  const signatureId = document.signatures[0]?.id ?? '';
  await sandbox.controlClient.sign(signatureId);
  return { documentId: document.id, signatureId };
}

describe('§6 webhook notifications', () => {
  it('§2.3 §6 DS carries document_id, signature_id, a UUID notification_id and notification_action, as JSON', async () => {
    const { documentId, signatureId } = await signedDocument();
    await receiver.waitFor(2);
    const ds = receiver.received.find((entry) => entry.body.notification_action === 'DS');
    expect(ds?.body).toEqual({
      document_id: documentId,
      signature_id: signatureId,
      notification_id: expect.stringMatching(uuid),
      notification_action: 'DS',
    });
    expect(ds?.headers['content-type']).toBe('application/json');
    const dc = receiver.received.find((entry) => entry.body.notification_action === 'DC');
    expect(dc?.body).toEqual({
      document_id: documentId,
      new_status: 'CO',
      notification_id: expect.stringMatching(uuid),
      notification_action: 'DC',
    });
  });

  it('§6 rule 1 an answer of 200 is a delivery: nothing is sent again', async () => {
    await signedDocument();
    await sandbox.controlClient.webhookIdle();
    expect(receiver.received).toHaveLength(2);
    const deliveries = await sandbox.controlClient.deliveries();
    expect(deliveries.every((delivery) => delivery.ok && delivery.attempt === 1)).toBe(true);
  });

  it.each([500, 201, 204, 302, 404])(
    '§6 rule 2 an answer of %i (not 200) is a failed delivery and is retried, with growing delays',
    async (status) => {
      receiver.answer = (_request, index) => (index < 3 ? status : 200);
      await sandbox.controlClient.notify({ notification_action: 'DS', document_id: 'd', signature_id: 's' });
      await receiver.waitFor(4);
      const ids = new Set(receiver.received.map((entry) => entry.body.notification_id));
      expect(ids.size).toBe(1);
      const gaps = receiver.received.slice(1).map((entry, index) => entry.at - (receiver.received[index]?.at ?? 0));
      expect(gaps[0]).toBeGreaterThanOrEqual(15);
      expect(gaps[1]).toBeGreaterThanOrEqual(35);
      expect(gaps[2]).toBeGreaterThanOrEqual(75);
      const stats = (await sandbox.controlClient.stats()).webhooks;
      expect(stats).toMatchObject({ attempts: 4, failed_attempts: 3, delivered: 1, gave_up: 0 });
    },
  );

  it('§6 rule 2 after the configured number of retries the service stops', async () => {
    receiver.answer = () => 503;
    await sandbox.controlClient.setWebhook({ max_retries: 2, retry_base_ms: 5 });
    await sandbox.controlClient.notify({ notification_action: 'DC', document_id: 'd', new_status: 'CA' });
    await sandbox.controlClient.webhookIdle();
    expect(receiver.received).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(receiver.received).toHaveLength(3);
    expect((await sandbox.controlClient.stats()).webhooks).toMatchObject({ attempts: 3, failed_attempts: 3, gave_up: 1 });
  });

  it('§6 the service waits about 5 s for the answer (default), then counts the attempt as failed and retries', async () => {
    expect(defaultWebhookConfig.timeout_ms).toBe(5000);
    receiver.answer = (_request, index) => (index === 0 ? 'hang' : 200);
    await sandbox.controlClient.setWebhook({ timeout_ms: 150, retry_base_ms: 10 });
    await sandbox.controlClient.notify({ notification_action: 'DS', document_id: 'd', signature_id: 's' });
    await receiver.waitFor(2);
    await sandbox.controlClient.webhookIdle();
    const deliveries = await sandbox.controlClient.deliveries();
    expect(deliveries.map((delivery) => [delivery.attempt, delivery.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(deliveries[0]?.error).toMatch(/no answer within 150 ms/);
  });

  it('§6 rule 3 the same event may arrive more than once (duplicate mode): same notification_id', async () => {
    await sandbox.controlClient.setWebhook({ duplicate_rate: 1 });
    await sandbox.controlClient.notify({ notification_action: 'DS', document_id: 'd', signature_id: 's' });
    await receiver.waitFor(2);
    expect(receiver.received.map((entry) => entry.raw)).toEqual([receiver.received[0]?.raw, receiver.received[0]?.raw]);
    expect((await sandbox.controlClient.stats()).webhooks.duplicated).toBe(1);
  });

  it('§6 rule 3 order is not guaranteed (shuffle mode): every event arrives, in another order', async () => {
    await sandbox.controlClient.setWebhook({ shuffle: true, shuffle_window_ms: 50 });
    const sent: string[] = [];
    for (let i = 0; i < 12; i += 1)
      sent.push(
        (await sandbox.controlClient.notify({ notification_action: 'DS', document_id: `doc-${i}`, signature_id: 's' })).notification_id,
      );
    await receiver.waitFor(12);
    const arrived = receiver.received.map((entry) => String(entry.body.notification_id));
    expect([...arrived].sort()).toEqual([...sent].sort());
    expect(arrived).not.toEqual(sent);
  });

  it('§6 rule 4 unknown kinds (TU) are delivered like the others', async () => {
    const payload = await sandbox.controlClient.notify({
      notification_action: 'TU',
      document_id: 'doc-1',
      timestamp: '2025-01-01T00:00:00Z',
    });
    await receiver.waitFor(1);
    expect(receiver.received[0]?.body).toEqual({
      notification_action: 'TU',
      document_id: 'doc-1',
      timestamp: '2025-01-01T00:00:00Z',
      notification_id: payload.notification_id,
    });
  });

  it('§6 with a secret, x-signature-sha256 is the hex HMAC-SHA256 of the raw body; without one it is absent', async () => {
    await sandbox.controlClient.notify({ notification_action: 'DS', document_id: 'd', signature_id: 's' });
    await receiver.waitFor(1);
    expect(receiver.received[0]?.headers['x-signature-sha256']).toBeUndefined();
    await sandbox.controlClient.setWebhook({ secret: 'whsec-test' });
    await sandbox.controlClient.notify({ notification_action: 'DS', document_id: 'd', signature_id: 's' });
    await receiver.waitFor(2);
    const entry = receiver.received[1];
    expect(entry?.headers['x-signature-sha256']).toBe(
      createHmac('sha256', 'whsec-test')
        .update(entry?.raw ?? '')
        .digest('hex'),
    );
  });

  it('§6 without a webhook URL nothing is delivered, but the notification is recorded', async () => {
    await sandbox.controlClient.setWebhook({ url: null });
    await signedDocument();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(receiver.received).toHaveLength(0);
    expect((await sandbox.controlClient.notifications()).map((payload) => payload.notification_action)).toEqual(['DS', 'DC']);
  });

  it('§6 a failing webhook does not affect the API answer', async () => {
    receiver.answer = () => 500;
    await sandbox.controlClient.setWebhook({ max_retries: 0 });
    const { documentId } = await signedDocument();
    expect((await api.get(`/api/v2/documents/${documentId}`)).status).toBe(200);
  });
});
