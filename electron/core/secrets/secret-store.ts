/** Where API keys live: the OS keychain in the app, a Map in unit tests of other modules. */
export interface SecretStore {
  get(accountId: string): Promise<string | null>;
  set(accountId: string, secret: string): Promise<void>;
  delete(accountId: string): Promise<boolean>;
}

/** Keeps secrets in memory only: used for `SIGNDOCK_API_KEY` runs, which must store nothing. */
export class MemorySecretStore implements SecretStore {
  private readonly secrets = new Map<string, string>();

  async get(accountId: string): Promise<string | null> {
    return this.secrets.get(accountId) ?? null;
  }

  async set(accountId: string, secret: string): Promise<void> {
    this.secrets.set(accountId, secret);
  }

  async delete(accountId: string): Promise<boolean> {
    return this.secrets.delete(accountId);
  }
}
