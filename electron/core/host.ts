import { join } from 'node:path';
import type { Dispatcher as HttpDispatcher } from 'undici';
import type { Result } from '../../shared/contract/errors';
import type { HostKind } from '../../shared/contract/operations';
import { AccountService } from './accounts/account-service';
import { AccountsRepo } from './accounts/accounts-repo';
import { createHttpDispatcher } from './api/http';
import { openDatabase, type Db } from './db/database';
import { Dispatcher, type Handlers } from './dispatcher';
import { EventBus } from './events/event-bus';
import { FileLogger, type Logger } from './logging/logger';
import { Redactor } from './logging/redact';
import { demoServiceStarter, startDemo } from './operations/demo-account';
import type { SandboxLauncher } from './sandbox-launcher';
import type { SecretStore } from './secrets/secret-store';
import { SettingsRepo } from './settings/settings-repo';

export interface CoreOptions {
  dataFolder: string;
  hostKind: HostKind;
  version: string;
  secrets: SecretStore;
  http?: HttpDispatcher;
  sandbox?: SandboxLauncher;
  logger?: Logger;
  redactor?: Redactor;
}

export interface Core {
  readonly dataFolder: string;
  readonly db: Db;
  readonly events: EventBus;
  readonly accounts: AccountService;
  readonly settings: SettingsRepo;
  readonly logger: Logger;
  readonly redactor: Redactor;
  dispatch(name: unknown, input: unknown): Promise<Result<unknown>>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'signdock.db';

/** The composition root shared by every host: builds the core's services once, wired together. */
export function createCore(options: CoreOptions): Core {
  const redactor = options.redactor ?? new Redactor();
  const logger = options.logger ?? new FileLogger(join(options.dataFolder, 'logs', 'signdock.log'), redactor);
  const db = openDatabase(join(options.dataFolder, DATABASE_FILE));
  const http = options.http ?? createHttpDispatcher();
  const events = new EventBus();
  const settings = new SettingsRepo(db);
  const repo = new AccountsRepo(db);
  const ensureDemoService = options.sandbox
    ? demoServiceStarter(options.sandbox, options.dataFolder, () => repo.all().find((a) => a.demo)?.baseUrl)
    : undefined;
  const accounts = new AccountService({ repo, settings, secrets: options.secrets, http, events, redactor, ...(ensureDemoService ? { ensureDemoService } : {}) });

  const handlers: Handlers = {
    'app.info': () => ({
      name: 'SignDock',
      version: options.version,
      hostKind: options.hostKind,
      dataFolder: options.dataFolder,
      platform: process.platform,
      sandboxAvailable: options.sandbox !== undefined,
    }),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      const next = settings.update(patch);
      events.emit('settings.changed', next);
      return next;
    },
    'accounts.list': () => accounts.state(),
    'accounts.add': (input) => accounts.add(input),
    'accounts.test': (input) => accounts.test(input),
    'accounts.update': (input) => accounts.update(input),
    'accounts.remove': ({ accountId }) => accounts.remove(accountId),
    'accounts.select': ({ accountId }) => accounts.select(accountId),
    'sandbox.start': () => startDemo(accounts, options.sandbox, options.dataFolder),
  };
  const dispatcher = new Dispatcher(handlers, logger);

  return {
    dataFolder: options.dataFolder,
    db,
    events,
    accounts,
    settings,
    logger,
    redactor,
    dispatch: (name, input) => dispatcher.dispatch(name, input),
    async close() {
      await options.sandbox?.stop();
      if (!options.http) await http.close();
      db.close();
    },
  };
}
