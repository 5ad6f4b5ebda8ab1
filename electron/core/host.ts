import { join } from 'node:path';
import type { Dispatcher as HttpDispatcher } from 'undici';
import type { Result } from '../../shared/contract/errors';
import type { HostKind } from '../../shared/contract/operations';
import type { SettingsPatch } from '../../shared/domain/settings';
import { AccountService } from './accounts/account-service';
import { createAccounts } from './accounts/accounts-wiring';
import { AccountsRepo } from './accounts/accounts-repo';
import { createActions, type AutoRemindTiming } from './actions/actions-wiring';
import type { ActionsService } from './actions/actions-service';
import { createHttpDispatcher } from './api/http';
import { createBatches } from './batches-wiring';
import type { BatchService } from './batches/batch-service';
import type { PdfCheckPoolOptions } from './batches/pdf-check-pool';
import { secureDataFolder } from './data-folder';
import { DataSpine } from './data-spine';
import { openDatabase, type Db } from './db/database';
import { Dispatcher, type Handlers } from './dispatcher';
import { EventBus } from './events/event-bus';
import { createEvidence } from './evidence/evidence-wiring';
import { TsaSettings, type TsaOverride } from './evidence/timestamp/tsa-settings';
import { checkWith, stampWith } from './evidence/timestamp/tsa-stamp';
import { whenIdle, type IdleOptions, type IdleReport } from './idle';
import { JobEngine } from './jobs/job-engine';
import { JobLeases } from './jobs/leases';
import { createJobs } from './jobs-wiring';
import { Journal } from './journal/journal';
import { JournalAnchor } from './journal/journal-anchor';
import { localBook } from './journal/journal-book';
import { loadJournalKey } from './journal/journal-key';
import { FileLogger, type Logger } from './logging/logger';
import { Redactor } from './logging/redact';
import { createMirror } from './mirror-wiring';
import { watchNotices } from './notices/notices';
import { demoServiceStarter } from './operations/demo-account';
import type { SandboxLauncher } from './sandbox-launcher';
import { KeylessAccountsStore } from './secrets/keyless-accounts-store';
import type { SecretStore } from './secrets/secret-store';
import { ServiceClients } from './service-clients';
import { LearntRates } from './accounts/learnt-rates';
import { SettingsRepo } from './settings/settings-repo';
import type { TeamConfig } from './team/team-config';
import { createTeamApp } from './team/team-app';
import { TeamSettings } from './team/team-settings';
import { TeamWatch } from './team/team-watch';
import { createTeam } from './team/team-wiring';
import type { TeamStore } from './team/team-store';
// The built-in webhook tunnel: its operations and the tunnel.changed event.
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
  /** The team store (issue 32); default: SIGNDOCK_TEAM_URL, else Settings → Team, none when neither (this computer alone). */
  team?: TeamConfig | null;
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
  /** The one job engine: every bulk action, sending included (send, cancel, remind, invalidate, archive). */
  readonly jobs: JobEngine;
  readonly actions: ActionsService;
  readonly journal: Journal;
  /** Which time-stamping authority bags are timestamped by, and the CAs that vouch for TSAs. */
  readonly timestamps: TsaSettings;
  /** The team store when a team is configured (SIGNDOCK_TEAM_URL), else null. */
  readonly team: TeamStore | null;
  dispatch(name: unknown, input: unknown): Promise<Result<unknown>>;
  /** Resolves once the team's job queue knows this computer's accounts (every dispatch waits for it; a caller of a service directly, too). */
  ready(): Promise<void>;
  /** The app's background work (webhook listener and worker, sync of the selected account); the app hosts call it. */
  startBackground(): Promise<void>;
  /**
   * Resolves once nothing runs: the selected account's full sync is over, the webhook inbox has nothing
   * due, no job runs in this process, and the process's CPU time has settled (idle.ts).
   */
  whenIdle(options?: IdleOptions): Promise<IdleReport>;
  close(): Promise<void>;
}

export const DATABASE_FILE = 'signdock.db';

/**
 * The composition root shared by every host. It creates the shared parts once (the database, the
 * events, the accounts and their service clients, the data spine, the job leases, the audit journal
 * and the job engine) and hands each subsystem the narrow ports it needs. Each subsystem answers
 * `{ handlers, start, close }`; the handlers are assembled here into the one dispatcher.
 */
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
  const updateSettings = (patch: SettingsPatch) => {
    const next = settings.update(patch);
    events.emit('settings.changed', next);
    return next;
  };
  /** Settings the demo changes (its TSA), told to open windows like any other change. */
  const demoSettings = { get: () => settings.get(), update: updateSettings };
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
  // A team store (issue 32) when one is configured (the environment's, else Settings → Team); none: this computer alone, as always.
  const teamSettings = new TeamSettings({ settings, secrets, redactor, dataFolder: options.dataFolder, version: options.version, logger });
  const config = options.team === undefined ? teamSettings.resolve() : options.team;
  if (options.team !== undefined) teamSettings.use(options.team);
  const team = createTeam({
    config,
    db,
    version: options.version,
    logger,
    redactor,
    credentials: (id) => accounts.credentialsFor(id),
    accounts: () => accounts.ids(),
    dataFolder: options.dataFolder,
  });
  // In a team, every computer's requests on an account share one pace (the team's rate budget).
  const clients = new ServiceClients({
    accounts,
    http,
    redactor,
    logger,
    events,
    rates: new LearntRates(db),
    ...(team ? { shared: (accountId: string) => team.rate.pace(accountId) } : {}),
  });
  const spine = new DataSpine({
    db,
    accounts,
    clients,
    secrets,
    events,
    logger,
    redactor,
    ...(options.webhookPort !== undefined ? { webhookPort: options.webhookPort } : {}),
    ...(team ? { webhookTeam: team.notifications() } : {}),
  });
  const leases = new JobLeases(db);
  const journal = new Journal(db, { dataFolder: options.dataFolder });
  // The journal's key (keychain, or SIGNDOCK_JOURNAL_KEY headless) and, beside a keychain key, the folder's last sealed
  // checkpoint: every call waits for them, so no entry of this run goes unsealed.
  const journalReady = loadJournalKey({ env: process.env, secrets }).then(async (key) =>
    journal.useKey(key, await JournalAnchor.open(key, secrets, options.dataFolder)),
  );
  // The journal's port: this data folder's journal alone, or carried into the team's (every computer's entries).
  // With a TSA set, the team chain's end is stamped too (team-journal-stamp.ts).
  const book = team ? team.journal(journal, { stamp: stampWith(timestamps), checkStamp: checkWith(timestamps) }) : localBook(journal);
  const engine = new JobEngine({
    db,
    leases,
    journal: book,
    logger,
    emit: (job) => events.emit('jobs.changed', job),
    pausedUntil: (accountId) => clients.limiterFor(accountId).state().pausedUntil,
    ...(team?.jobs.storage ? { team: team.jobs.storage } : {}),
  });
  // The team's job queue names accounts by their team key: each account's is read before an operation uses it.
  const ready = async () => {
    await journalReady;
    await team?.jobs.ready();
  };

  // The subsystems, each on narrow ports of the parts above (in any order: the engine and leases exist already).
  let background = false;
  let closed = false;
  const mirror = createMirror({ spine, db, service: clients, settings, events });
  const accountsPart = createAccounts({
    accounts,
    repo,
    spine,
    background: () => background,
    dataFolder: options.dataFolder,
    demoSettings,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
  const batches = createBatches({
    db,
    engine,
    leases,
    mirror: spine,
    service: clients,
    events,
    logger,
    uploadsFolder,
    rememberNames: (accountId, signers) => mirror.addressBook.rememberSigners(accountId, signers),
    ...(options.checkPool ? { checkPool: options.checkPool } : {}),
    ...(team ? { sentLedger: team.sentLedger } : {}),
    // The send job is the team's only where the team's job queue runs (see JobEngine.writeOwn).
    ...(team?.jobs.storage ? { sharing: team.sendFiles } : {}),
  });
  const jobs = createJobs({ engine, mirror: spine, db, dataFolder: options.dataFolder });
  const actions = createActions({
    engine,
    leases,
    reminders: team ? team.jobs.reminders(engine.items) : engine.items,
    mirror: spine,
    service: clients,
    settings,
    events,
    logger,
    ...(options.autoRemind ? { autoRemind: options.autoRemind } : {}),
    ...(team ? { team: team.reminders } : {}),
  });
  const evidence = createEvidence({
    engine,
    leases,
    journal,
    db,
    accounts: repo,
    mirror: spine,
    service: clients,
    settings,
    timestamps,
    dataFolder: options.dataFolder,
    version: options.version,
    hostKind: options.hostKind,
    events,
    logger,
    ...(options.reviewArchive ? { reviewArchive: options.reviewArchive } : {}),
    ...(team ? { archiveClaims: team.archiveClaims } : {}),
    ...(team?.jobs.storage ? { teamJobs: { computer: team.store.computer } } : {}),
  });
  const teamWatch = new TeamWatch({ store: team?.store ?? null, emit: (state) => events.emit('team.changed', state), logger });
  const teamApp = createTeamApp({ settings: teamSettings, watch: teamWatch, store: team?.store ?? null });
  const tunnel = createTunnelHandlers({ webhooks: spine.webhooks, selectedId: () => accounts.selectedId(), events });
  // Notifications are for the app and the web UI (hosts with background work), never the CLI.
  let stopNotices: (() => void) | null = null;
  const notices = {
    start: () => void (stopNotices ??= watchNotices({ events, settings, document: (accountId, id) => spine.document(accountId, id) })),
    close: () => {
      stopNotices?.();
      stopNotices = null;
    },
  };

  const handlers: Handlers = {
    'app.info': () => ({
      name: 'SignDock',
      version: options.version,
      hostKind: options.hostKind,
      dataFolder: options.dataFolder,
      platform: process.platform,
      sandboxAvailable: options.sandbox !== undefined,
      reviewArchive: options.reviewArchive ?? null,
    }),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => updateSettings(patch),
    'journal.list': ({ subject, limit }) => book.entries({ ...(subject ? { subject } : {}), limit }),
    'journal.verify': ({ checkpoints }) => book.verify({ checkpoints: checkpoints ?? [] }),
    ...accountsPart.handlers,
    ...mirror.handlers,
    ...batches.handlers,
    ...jobs.handlers,
    ...actions.handlers,
    ...evidence.handlers,
    ...tunnel.handlers,
    ...teamApp.handlers,
  };
  const dispatcher = new Dispatcher(handlers, logger, options.logger ? undefined : logFile);
  /** Background work in this order: timers first, then the listener and sync, then what other runs left. */
  const startOrder = [notices, teamApp, actions, evidence, mirror, accountsPart, batches, jobs];
  /** Closing: every timer first (nothing fires later), then the sends and jobs running, then the rest. */
  const closeOrder = [notices, teamApp, actions, evidence, jobs, batches];

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
    batches: batches.service,
    jobs: engine,
    actions: actions.service,
    journal,
    timestamps,
    team: team?.store ?? null,
    ready,
    dispatch: async (name, input) => {
      await ready();
      return dispatcher.dispatch(name, input);
    },
    async startBackground() {
      await ready();
      if (closed) return;
      background = true;
      for (const part of startOrder) {
        if (closed) return;
        await part.start();
      }
    },
    whenIdle: (idleOptions) =>
      whenIdle(() => [journalReady, spine.whenSynced(), spine.webhooks.whenIdle(), engine.whenIdle()], idleOptions),
    async close() {
      if (closed) return;
      closed = true;
      for (const part of closeOrder) await part.close();
      await engine.close();
      await book.settled();
      await team?.duties.close();
      await team?.jobs.close();
      await team?.store.close();
      await mirror.close();
      clients.close();
      await accountsPart.close();
      if (!options.http) await http.close();
      await journalReady;
      journal.flush();
      await journal.settled();
      db.close();
    },
  };
}
