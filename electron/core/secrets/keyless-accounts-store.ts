import type { SecretStore } from './secret-store';

/**
 * Keeps the secrets of accounts whose key is not in the keychain next to that key: in this process's
 * memory. The demo account's key is a throw-away made at every start, so its webhook path token (and an
 * HMAC secret set for it) live in memory too and are made again at the next start, when the local
 * sandbox is pointed at the new address anyway. Everything else goes to the keychain as before, so a
 * machine with no Secret Service still starts the demo and the offline Evidence review.
 */
export class KeylessAccountsStore implements SecretStore {
  private readonly inMemory = new Map<string, string>();

  constructor(
    private readonly keychain: SecretStore,
    /** True for an account whose key lives outside the keychain in memory (the demo's). */
    private readonly keyless: (accountId: string) => boolean,
  ) {}

  /** Secret ids are an account id, or `<kind>:<account id>` for an account's other secrets. */
  private owned(id: string): boolean {
    const colon = id.indexOf(':');
    return this.keyless(colon === -1 ? id : id.slice(colon + 1));
  }

  async get(id: string): Promise<string | null> {
    return this.owned(id) ? (this.inMemory.get(id) ?? null) : this.keychain.get(id);
  }

  async set(id: string, secret: string): Promise<void> {
    if (this.owned(id)) this.inMemory.set(id, secret);
    else await this.keychain.set(id, secret);
  }

  async delete(id: string): Promise<boolean> {
    return this.owned(id) ? this.inMemory.delete(id) : this.keychain.delete(id);
  }
}
