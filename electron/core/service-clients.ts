import type { Dispatcher } from 'undici';
import type { AccountService } from './accounts/account-service';
import type { LearntRates } from './accounts/learnt-rates';
import type { SharedPace } from './api/limiter-options';
import { Limiter } from './api/limiter';
import { ServiceClient } from './api/service-client';
import type { EventBus } from './events/event-bus';
import type { Logger } from './logging/logger';
import type { Redactor } from './logging/redact';

export interface ServiceClientsDeps {
  accounts: AccountService;
  http: Dispatcher;
  redactor: Redactor;
  logger: Logger;
  /** Its `accounts.changed` (an account added, re-keyed, moved to another address, selected, removed) drops every client. */
  events?: EventBus;
  /** Where each account's learnt rate limit is kept across runs (none: learnt afresh each run). */
  rates?: Pick<LearntRates, 'get' | 'set'>;
  /** In a team, each account's pace shared with the other computers (`team/team-rate.ts`); none: this computer's own. */
  shared?: (accountId: string) => SharedPace;
}

/**
 * One service client per account, built on first use from its credentials: the key is read from the
 * keychain once, not per request. Every change to the accounts (`accounts.changed`: a new key, a new
 * address, a removal) drops the clients, so the next use reads the keychain again. Every client of an
 * account shares that account's one limiter, so sync, webhooks and sending draw on the same budget;
 * it starts from the rate limit learnt for the account in an earlier run, and keeps what it learns.
 * In a team the budget is the team's: every computer's limiter takes its turns from one shared pace.
 */
export class ServiceClients {
  private readonly limiters = new Map<string, Limiter>();
  /** The client of each account, or its credentials being read (concurrent first uses share one read). */
  private readonly clients = new Map<string, Promise<ServiceClient>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ServiceClientsDeps) {
    this.unsubscribe =
      deps.events?.subscribe((message) => {
        if (message.event === 'accounts.changed') this.invalidate();
      }) ?? (() => undefined);
  }

  forAccount(accountId: string): Promise<ServiceClient> {
    const cached = this.clients.get(accountId);
    if (cached) return cached;
    const building = this.build(accountId);
    this.clients.set(accountId, building);
    // A failure (no key in the keychain, the account gone) is not kept: the next use asks again.
    building.catch(() => {
      if (this.clients.get(accountId) === building) this.clients.delete(accountId);
    });
    return building;
  }

  limiterFor(accountId: string): Limiter {
    let limiter = this.limiters.get(accountId);
    if (!limiter) {
      const { rates, shared } = this.deps;
      limiter = new Limiter(
        {},
        {
          learnt: rates?.get(accountId) ?? null,
          onLearnt: (learnt) => rates?.set(accountId, learnt),
          ...(shared ? { shared: shared(accountId) } : {}),
        },
      );
      this.limiters.set(accountId, limiter);
    }
    return limiter;
  }

  /** Drops the clients (of one account, or all): the next use reads the credentials again. Limiters stay. */
  invalidate(accountId?: string): void {
    if (accountId === undefined) this.clients.clear();
    else this.clients.delete(accountId);
  }

  /** The account is gone: its client and its limiter go. */
  forget(accountId: string): void {
    this.clients.delete(accountId);
    this.limiters.delete(accountId);
  }

  /** Stops listening for account changes. */
  close(): void {
    this.unsubscribe();
    this.clients.clear();
  }

  private async build(accountId: string): Promise<ServiceClient> {
    const credentials = await this.deps.accounts.credentialsFor(accountId);
    return new ServiceClient({
      baseUrl: credentials.baseUrl,
      apiKey: credentials.apiKey,
      dispatcher: this.deps.http,
      limiter: this.limiterFor(accountId),
      redactor: this.deps.redactor,
      logger: this.deps.logger,
    });
  }
}
