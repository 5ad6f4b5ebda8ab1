import type { Dispatcher } from 'undici';
import type { AccountService } from './accounts/account-service';
import { Limiter } from './api/limiter';
import { ServiceClient } from './api/service-client';
import type { Logger } from './logging/logger';
import type { Redactor } from './logging/redact';

/**
 * The service client of each account, built from its credentials on first use. Every client of an
 * account shares that account's one limiter, so sync, webhooks and sending draw on the same budget.
 */
export class ServiceClients {
  private readonly limiters = new Map<string, Limiter>();
  private readonly clients = new Map<string, { key: string; client: ServiceClient }>();

  constructor(
    private readonly deps: { accounts: AccountService; http: Dispatcher; redactor: Redactor; logger: Logger },
  ) {}

  async forAccount(accountId: string): Promise<ServiceClient> {
    const credentials = await this.deps.accounts.credentialsFor(accountId);
    const key = `${credentials.baseUrl}\n${credentials.apiKey}`;
    const cached = this.clients.get(accountId);
    if (cached && cached.key === key) return cached.client;
    const client = new ServiceClient({
      baseUrl: credentials.baseUrl,
      apiKey: credentials.apiKey,
      dispatcher: this.deps.http,
      limiter: this.limiterFor(accountId),
      redactor: this.deps.redactor,
      logger: this.deps.logger,
    });
    this.clients.set(accountId, { key, client });
    return client;
  }

  limiterFor(accountId: string): Limiter {
    let limiter = this.limiters.get(accountId);
    if (!limiter) {
      limiter = new Limiter();
      this.limiters.set(accountId, limiter);
    }
    return limiter;
  }

  forget(accountId: string): void {
    this.clients.delete(accountId);
    this.limiters.delete(accountId);
  }
}
