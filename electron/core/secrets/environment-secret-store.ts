import { createHmac } from 'node:crypto';
import type { SecretStore } from './secret-store';

/**
 * The secret store of a run on `SIGNDOCK_API_KEY`: the environment account's secrets (its webhook path
 * token) are derived from the key, so they are the same on every run and stored nowhere; its webhook
 * HMAC secret comes from `SIGNDOCK_WEBHOOK_SECRET`. Everything else goes to the keychain as usual.
 */
export class EnvironmentSecretStore implements SecretStore {
  private readonly changed = new Map<string, string | null>();

  constructor(
    private readonly keychain: SecretStore,
    private readonly apiKey: string,
    private readonly webhookSecret: string | undefined,
  ) {}

  private isEnvironment(id: string): boolean {
    return /(^|:)env-[0-9a-f]{16}$/.test(id);
  }

  async get(id: string): Promise<string | null> {
    if (!this.isEnvironment(id)) return this.keychain.get(id);
    if (this.changed.has(id)) return this.changed.get(id) ?? null;
    if (id.startsWith('webhook-token:')) return createHmac('sha256', this.apiKey).update(`signdock webhook path ${id}`).digest('base64url');
    if (id.startsWith('webhook-hmac:')) return this.webhookSecret || null;
    return null;
  }

  async set(id: string, secret: string): Promise<void> {
    if (!this.isEnvironment(id)) return this.keychain.set(id, secret);
    this.changed.set(id, secret);
  }

  async delete(id: string): Promise<boolean> {
    if (!this.isEnvironment(id)) return this.keychain.delete(id);
    this.changed.set(id, null);
    return true;
  }
}
