import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../electron/core/logging/redact';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { WebhookCredentials } from '../../electron/core/webhooks/webhook-credentials';

describe('webhook tokens and HMAC secrets', () => {
  it('gives each account its own unguessable token, kept in the secret store and reused on the next start', async () => {
    const secrets = new MemorySecretStore();
    const first = new WebhookCredentials(secrets);
    await first.load('acc-1');
    await first.load('acc-2');
    const token = first.token('acc-1') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token('acc-2')).not.toBe(token);
    expect(await secrets.get('webhook-token:acc-1')).toBe(token);
    const again = new WebhookCredentials(secrets);
    await again.load('acc-1');
    expect(again.token('acc-1')).toBe(token);
  });

  it('a token identifies its account; anything else, a prefix included, identifies none', async () => {
    const credentials = new WebhookCredentials(new MemorySecretStore());
    await credentials.load('acc-1');
    await credentials.load('acc-2');
    const token = credentials.token('acc-2') ?? '';
    expect(credentials.accountFor(token)).toBe('acc-2');
    expect(credentials.accountFor(token.slice(0, -1))).toBeNull();
    expect(credentials.accountFor('')).toBeNull();
  });

  it('rotation replaces the token at once, in memory and in the store', async () => {
    const secrets = new MemorySecretStore();
    const credentials = new WebhookCredentials(secrets);
    await credentials.load('acc-1');
    const old = credentials.token('acc-1') ?? '';
    const fresh = await credentials.rotate('acc-1');
    expect(fresh).not.toBe(old);
    expect(credentials.accountFor(old)).toBeNull();
    expect(credentials.accountFor(fresh)).toBe('acc-1');
    expect(await secrets.get('webhook-token:acc-1')).toBe(fresh);
  });

  it('with a secret, only the hex HMAC-SHA256 of the exact raw body passes', async () => {
    const credentials = new WebhookCredentials(new MemorySecretStore());
    await credentials.load('acc-1');
    const body = Buffer.from('{"notification_action":"DS"}');
    expect(credentials.verify('acc-1', body, undefined)).toBe(true);
    await credentials.setHmacSecret('acc-1', 'whsec-1234');
    const good = createHmac('sha256', 'whsec-1234').update(body).digest('hex');
    expect(credentials.verify('acc-1', body, good)).toBe(true);
    expect(credentials.verify('acc-1', body, good.toUpperCase())).toBe(true);
    expect(credentials.verify('acc-1', body, `sha256=${good}`)).toBe(true);
    expect(credentials.verify('acc-1', body, undefined)).toBe(false);
    expect(credentials.verify('acc-1', body, createHmac('sha256', 'other').update(body).digest('hex'))).toBe(false);
    expect(credentials.verify('acc-1', Buffer.from('{"notification_action":"DS" }'), good)).toBe(false);
    expect(credentials.verify('acc-1', body, 'short')).toBe(false);
    await credentials.clearHmacSecret('acc-1');
    expect(credentials.verify('acc-1', body, undefined)).toBe(true);
  });

  it('tokens and secrets are registered with the redactor; forgetting an account deletes both', async () => {
    const secrets = new MemorySecretStore();
    const redactor = new Redactor();
    const credentials = new WebhookCredentials(secrets, redactor);
    await credentials.load('acc-1');
    await credentials.setHmacSecret('acc-1', 'whsec-abcdef');
    const token = credentials.token('acc-1') ?? '';
    expect(redactor.redact(`token ${token} secret whsec-abcdef`)).toBe('token [redacted] secret [redacted]');
    await credentials.forget('acc-1');
    expect(credentials.accountFor(token)).toBeNull();
    expect(await secrets.get('webhook-token:acc-1')).toBeNull();
    expect(await secrets.get('webhook-hmac:acc-1')).toBeNull();
  });
});
