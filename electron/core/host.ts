import { join } from 'node:path';
import type { Dispatcher as HttpDispatcher } from 'undici';
import type { Result } from '../../shared/contract/errors';
import type { HostKind } from '../../shared/contract/operations';
import { AccountService } from './accounts/account-service';
import { AccountsRepo } from './accounts/accounts-repo';
import { createHttpDispatcher } from './api/http';
import { secureDataFolder } from './data-folder';
import { openDatabase, type Db } from './db/database';
import { Dispatcher, type Handlers } from './dispatcher';
import { EventBus } from './events/event-bus';
import { FileLogger, type Logger } from './logging/logger';
import { Redactor } from './logging/redact';
import { demoServiceStarter, startDemo } from './operations/demo-account';
import type { SandboxLauncher } from './sandbox-launcher';
import type { SecretStore } from './secrets/secret-store';
import { KeylessAccountsStore } from './secrets/keyless-accounts-store';
import { SettingsRepo } from './settings/settings-repo';
import { DataSpine } from './data-spine';
import { ServiceClients } from './service-clients';
import { BatchService } from './batches/batch-service';
import { PresetsRepo } from './batches/presets-repo';
import type { PdfCheckPoolOptions } from './batches/pdf-check-pool';
import { DocumentsService } from './mirror/documents-service';
import { AddressBook } from './mirror/address-book';
import { createActions, type AutoRemindTiming } from './actions/actions-wiring';
import { JobLeases } from './jobs/leases';
import { Journal } from './journal/journal';
import { loadJournalKey } from './journal/journal-key';
import { watchNotices } from './notices/notices';
import type { JobEngine } from './jobs/job-engine';
import type { ActionsService } from './actions/actions-service';
import { createEvidence } from './evidence/evidence-wiring';
import { TsaSettings, type TsaOverride } from './evidence/timestamp/tsa-settings';
import type { SettingsPatch } from '../../shared/domain/settings';
// Built-in webhook tunnel (issue 27): its operations and the tunnel.changed event.
import { createTunnelHandlers } from './webhooks/tunnel/tunnel-handlers';

export interface CoreOptions {
  dataFolder: string;
  hostKind: HostKind;
  version: string;
  secrets: SecretStore;
  http?: HttpDispatcher;
  sandbox?: SandboxLauncher;
  logger?: Logger;
  redactor?: Redactor;
  /** Fixed port for the webhook listener (CLI `webhook serve --port`); else the stored setting. */
  webhookPort?: number;
  /** A key and address for this run only, stored nowhere (CLI environment variables). */
  credentialsOverride?: { apiKey?: string; baseUrl?: string };
  /** The time-stamping authority and its CAs for this run only, stored nowhere (CLI `--tsa`, `--tsa-ca`, SIGNDOCK_TSA_URL, SIGNDOCK_TSA_CA). */
  tsaOverride?: TsaOverride;
  /** PDF check workers (tests pass a time limit). */
  checkPool?: PdfCheckPoolOptions;
  /** The automatic reminders' clock and pace (tests). */
  autoRemind?: AutoRemindTiming;
  /** An evidence archive to review, read-only, in place of the archive folder setting (web host `--archive DIR`). */
  reviewArchive?: string;
}

export interface Core {
  readonly dataFolder: string;
  /** Where the web host keeps copies of files uploaded from the browser; the batches delete them once sent. */
  readonly uploadsFolder: string;
  readonly db: Db;
  readonly events: EventBus;
  readonly accounts: AccountService;
  readonly settings: SettingsRepo;
  readonly logger: Logger;
  readonly redactor: Redactor;
  readonly spine: DataSpine;
  readonly batches: BatchService;
  /** Every bulk action but sending: cancel, remind, invalidate (and later archive). */
  readonly jobs: JobEngine;
  readonly actions: ActionsService;
  readonly journal: Journal;
  /** Which time-stamping authority bags are timestamped by, and the CAs that vouch for TSAs. */
  readonly timestamps: TsaSettings;
  dispatch(name: unknown, input: unknown): Promise<Result<unknown>>;
  /** The app's background work (webhook listener and worker, sync of the selected account); the app hosts call it. */
  startBackground(): Promise<void>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'signdock.db';

/** The composition root shared by every host: builds the core's services once, wired together. */
export function createCore(options: CoreOptions): Core {
  secureDataFolder(options.dataFolder);
  const uploadsFolder = join(options.dataFolder, 'uploads');
  const redactor = options.redactor ?? new Redactor();
  const logFile = join(options.dataFolder, 'logs', 'signdock.log');
  const logger = options.logger ?? new FileLogger(logFile, redactor);
  const db = openDatabase(join(options.dataFolder, DATABASE_FILE));
  const http = options.http ?? createHttpDispatcher();
  const events = new EventBus();
  const settings = new SettingsRepo(db);
  const timestamps = new TsaSettings(settings, options.tsaOverride);
  /** Settings the demo changes (its TSA), told to open windows like any other change. */
  const demoSettings = { get: () => settings.get(), update: (patch: SettingsPatch) => {
    const next = settings.update(patch);
    events.emit('settings.changed', next);
    return next;
  } };
  const repo = new AccountsRepo(db);
  // The demo account's secrets live in memory with its key: no keychain is needed to run the demo.
  const secrets = new KeylessAccountsStore(options.secrets, (accountId) => repo.byId(accountId)?.demo === true);
  const ensureDemoService = options.sandbox
    ? demoServiceStarter(options.sandbox, options.dataFolder, () => repo.all().find((a) => a.demo)?.baseUrl, demoSettings)
    : undefined;
  const accounts = new AccountService({
    repo,
    settings,
    secrets,
    http,
    events,
    redactor,
    ...(ensureDemoService ? { ensureDemoService } : {}),
    ...(options.credentialsOverride ? { override: options.credentialsOverride } : {}),
  });

  const clients = new ServiceClients({ accounts, http, redactor, logger, events });
  const spine = new DataSpine({
    db,
    accounts,
    clients,
    secrets,
    events,
    logger,
    redactor,
    ...(options.webhookPort !== undefined ? { webhookPort: options.webhookPort } : {}),
  });
  const leases = new JobLeases(db);
  const journal = new Journal(db, { dataFolder: options.dataFolder });
  // The journal's key (keychain, or SIGNDOCK_JOURNAL_KEY headless): every call waits for it, so no entry of this run goes unsealed.
  const journalReady = loadJournalKey({ env: process.env, secrets }).then((key) => journal.useKey(key));
  const addressBook = new AddressBook({
    db,
    queries: spine.sync.queries,
    changed: (accountId, documentIds) => events.emit('documents.changed', { accountId, documentIds }),
  });
  const batches = new BatchService({
    db,
    leases,
    journal,
    selectedAccount: () => spine.requireSelected(),
    client: (accountId) => clients.forAccount(accountId),
    limiter: (accountId) => clients.limiterFor(accountId),
    mirror: (accountId, document, readAt) => void spine.sync.reconciler.apply(accountId, [document], readAt),
    stamp: () => spine.sync.stamps.next(),
    emit: (batch, items) => events.emit('batches.changed', { batch, items }),
    logger,
    uploadsFolder,
    rememberNames: (accountId, signers) => addressBook.rememberSigners(accountId, signers),
    ...(options.checkPool ? { checkPool: options.checkPool } : {}),
  });
  const presets = new PresetsRepo(db);
  const documents = new DocumentsService({
    db,
    queries: spine.sync.queries,
    reader: spine.sync.reader,
    account: () => spine.requireSelected(),
    readSignature: async (accountId, signatureId) => (await clients.forAccount(accountId)).getSignature(signatureId),
    settings,
  });
  const { engine: jobs, actions, autoRemind, handlers: actionHandlers } = createActions({ db, leases, journal, settings, spine, clients, events, logger, ...(options.autoRemind ? { autoRemind: options.autoRemind } : {}) });
  const { handlers: evidenceHandlers, startRecheck } = createEvidence({ db, engine: jobs, journal, spine, clients, settings, timestamps, dataFolder: options.dataFolder, version: options.version, hostKind: options.hostKind, events, logger, ...(options.reviewArchive ? { reviewArchive: options.reviewArchive } : {}) });
  const { handlers: tunnelHandlers } = createTunnelHandlers({ webhooks: spine.webhooks, selectedId: () => accounts.selectedId(), events });
  let background = false;
  let stopNotices: (() => void) | null = null;
  let stopAutoRemind: (() => void) | null = null;
  let stopRecheck: (() => void) | null = null;
  let orphanTimer: ReturnType<typeof setInterval> | null = null;
  /** The local sandbox of the demo account delivers its notifications to this listener. */
  const connectDemoWebhook = async (accountId: string) => {
    if (!options.sandbox || !repo.byId(accountId)?.demo) return;
    const url = spine.webhooks.endpoint(accountId).localHookUrl;
    if (url) await options.sandbox.setWebhook(url);
  };
  /** After an account change, the background work follows the selected account. */
  const followSelection = async <T>(result: T): Promise<T> => {
    const selected = accounts.selectedId();
    if (background && selected) {
      await spine.accountSelected(selected);
      await connectDemoWebhook(selected);
    }
    return result;
  };

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
    'accounts.add': async (input) => followSelection(await accounts.add(input)),
    'accounts.test': (input) => accounts.test(input),
    'accounts.update': (input) => accounts.update(input),
    'accounts.remove': async ({ accountId }) => {
      const state = await accounts.remove(accountId);
      await spine.accountRemoved(accountId);
      return followSelection(state);
    },
    'accounts.select': async ({ accountId }) => followSelection(await accounts.select(accountId)),
    'sandbox.start': async () => followSelection(await startDemo(accounts, options.sandbox, options.dataFolder, demoSettings)),
    'sync.status': () => spine.status(),
    'sync.now': () => spine.syncNow(),
    'documents.list': (query) => spine.list(query),
    'documents.get': ({ documentId }) => spine.get(documentId),
    'webhooks.state': () => spine.webhookState(),
    'webhooks.configure': (patch) => spine.configureWebhooks(patch),
    'webhooks.rotateToken': () => spine.rotateToken(),
    'inbox.list': (query) => spine.inbox(query),
    'batches.current': () => batches.current(),
    'batches.create': () => batches.create('app'),
    'batches.get': ({ batchId }) => batches.batch(batchId),
    'batches.list': ({ limit }) => batches.list(limit),
    'batches.addFiles': ({ batchId, paths }) => batches.addFiles(batchId, paths),
    'batches.updateItems': ({ batchId, itemIds, patch }) => batches.updateItems(batchId, itemIds, patch),
    'batches.removeItems': ({ batchId, itemIds }) => batches.removeItems(batchId, itemIds),
    'batches.importManifest': ({ batchId, ...source }) => batches.importManifest(batchId, source),
    'batches.manifestTemplate': ({ batchId, language }) => batches.manifestTemplate(batchId, language),
    'batches.send': ({ batchId, concurrency }) => batches.send(batchId, concurrency),
    'batches.pause': ({ batchId }) => batches.pause(batchId),
    'batches.resume': ({ batchId }) => batches.resume(batchId),
    'batches.cancel': ({ batchId }) => batches.cancel(batchId),
    'batches.retryFailed': ({ batchId }) => batches.retryFailed(batchId),
    'batches.preview': ({ batchId, itemId }) => batches.preview(batchId, itemId),
    'batches.exportResults': ({ batchId }) => batches.exportResults(batchId),
    'presets.list': () => presets.list(),
    'presets.save': ({ name, signers }) => presets.save(name, signers),
    'presets.remove': ({ presetId }) => presets.remove(presetId),
    'documents.query': (input) => documents.query(input),
    'documents.dashboard': (input) => documents.dashboard(input),
    'documents.activity': ({ limit }) => documents.feed(limit),
    'documents.detail': ({ documentId }) => documents.detail(documentId),
    'documents.signature': ({ signatureId }) => documents.signature(signatureId),
    'documents.export': (input) => documents.export(input),
    'documents.selectionIds': ({ selection }) => documents.selectionIds(selection),
    'documents.attention': (patch) => documents.setAttention(patch),
    'contacts.list': () => addressBook.list(spine.requireSelected()),
    'contacts.remember': ({ contacts }) => addressBook.remember(spine.requireSelected(), contacts),
    ...actionHandlers,
    'journal.list': ({ subject, limit }) => journal.entries({ ...(subject ? { subject } : {}), limit }),
    'journal.verify': ({ checkpoints }) => journal.verify({ checkpoints: checkpoints ?? [] }),
    'journal.reseal': () => journal.reseal(accounts.selectedId() ?? 'local'),
    ...evidenceHandlers,
    ...tunnelHandlers,
  };
  const dispatcher = new Dispatcher(handlers, logger, options.logger ? undefined : logFile);

  return {
    dataFolder: options.dataFolder,
    uploadsFolder,
    db,
    events,
    accounts,
    settings,
    logger,
    redactor,
    spine,
    batches,
    jobs,
    actions,
    journal,
    timestamps,
    dispatch: async (name, input) => {
      await journalReady;
      return dispatcher.dispatch(name, input);
    },
    async startBackground() {
      await journalReady;
      background = true;
      // Notifications are for the app and the web UI (hosts with background work), never the CLI.
      stopNotices ??= watchNotices({ events, settings, document: (accountId, id) => spine.sync.reader.get(accountId, id) ?? undefined });
      stopAutoRemind ??= autoRemind();
      // The archive re-hashed against its manifests every N days (a setting): one timer, offline.
      stopRecheck ??= startRecheck();
      await spine.startBackground();
      const selected = accounts.selectedId();
      if (selected) await connectDemoWebhook(selected);
      batches.resumeInterrupted('app');
      jobs.resumeInterrupted();
      // A job another process owned is taken up here if that process stops (its lease expires): one cheap look every 15 s.
      orphanTimer ??= setInterval(() => jobs.resumeInterrupted(), 15_000);
      orphanTimer.unref?.();
    },
    async close() {
      stopNotices?.();
      stopAutoRemind?.();
      stopRecheck?.();
      if (orphanTimer) clearInterval(orphanTimer);
      await batches.close();
      await jobs.close();
      await spine.stop();
      clients.close();
      await options.sandbox?.stop();
      if (!options.http) await http.close();
      await journalReady;
      journal.flush();
      db.close();
    },
  };
}
