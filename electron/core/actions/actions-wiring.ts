import type { Handlers } from '../dispatcher';
import type { DataSpine } from '../data-spine';
import type { ServiceClients } from '../service-clients';
import type { EventBus } from '../events/event-bus';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import { JobEngine } from '../jobs/job-engine';
import type { JobLeases } from '../jobs/leases';
import { ActionsService } from './actions-service';
import { cancelKind } from './cancel-kind';
import { invalidateKind } from './invalidate-kind';
import { remindKind } from './remind-kind';
import type { Document } from '../../../shared/domain/documents';
import type { Journal } from '../journal/journal';
import type { SettingsRepo } from '../settings/settings-repo';
import { startAutoRemind, type AutoRemindDeps } from './auto-remind';

export type AutoRemindTiming = Pick<AutoRemindDeps, 'now' | 'everyMs' | 'firstAfterMs'>;

type ActionHandlers = Pick<
  Handlers,
  | 'jobs.list' | 'jobs.get' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retryFailed'
  | 'documents.planCancel' | 'documents.cancel' | 'signatures.planRemind' | 'signatures.remind'
  | 'signatures.invalidate' | 'signatures.planReplace' | 'signatures.replace'
>;

/** The job engine with the document actions' kinds, and their contract handlers. */
export function createActions(deps: {
  db: Db;
  leases: JobLeases;
  journal: Journal;
  settings: SettingsRepo;
  spine: DataSpine;
  clients: ServiceClients;
  events: EventBus;
  logger: Logger;
  /** The automatic reminders' clock and pace (tests move time instead of waiting days). */
  autoRemind?: AutoRemindTiming;
}): {
  engine: JobEngine;
  actions: ActionsService;
  /** Starts the automatic reminders' timer (background hosts only); answers its stop. */
  autoRemind: () => () => void;
  handlers: ActionHandlers;
} {
  const { spine, clients } = deps;
  const engine = new JobEngine({
    db: deps.db,
    leases: deps.leases,
    emit: (job) => deps.events.emit('jobs.changed', job),
    pausedUntil: (accountId) => clients.limiterFor(accountId).state().pausedUntil,
    logger: deps.logger,
    journal: deps.journal,
  });
  const actionDeps = {
    client: (accountId: string) => clients.forAccount(accountId),
    mirror: (accountId: string, document: Document, readAt: number) => void spine.sync.reconciler.apply(accountId, [document], readAt),
    stamp: () => spine.sync.stamps.next(),
  };
  const lastReminderAt = (signatureId: string): number | null => {
    const row = deps.db
      .prepare(`SELECT MAX(i.finished_at) AS at FROM job_items i JOIN jobs j ON j.id = i.job_id WHERE j.kind = 'remind' AND i.subject = ? AND i.state = 'done'`)
      .get(signatureId) as { at: number | null } | undefined;
    return row?.at ?? null;
  };
  engine.register(cancelKind(actionDeps));
  engine.register(remindKind({ ...actionDeps, lastReminderAt }));
  engine.register(invalidateKind(actionDeps));
  const document = (accountId: string, documentId: string): Document | undefined => spine.sync.reader.get(accountId, documentId) ?? undefined;
  const pending = (accountId: string): Document[] => {
    const all: Document[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = spine.sync.queries.page({ accountId, statuses: ['PE'], sort: { key: 'created', direction: 'desc' }, limit: 500, offset });
      all.push(...page.documents);
      if (page.documents.length < 500) return all;
    }
  };
  const readDocument = async (accountId: string, documentId: string): Promise<Document> => {
    const readAt = actionDeps.stamp();
    const read = await (await actionDeps.client(accountId)).getDocument(documentId);
    actionDeps.mirror(accountId, read, readAt);
    return read;
  };
  const actions = new ActionsService({
    engine,
    account: () => spine.requireSelected(),
    document,
    pending,
    documentOfSignature: (accountId, signatureId) => spine.sync.reader.documentIdOfSignature(accountId, signatureId),
    readDocument,
  });
  const autoRemind = () =>
    startAutoRemind({
      db: deps.db,
      engine,
      leases: deps.leases,
      accounts: () => Object.entries(deps.settings.get().autoRemind).map(([accountId, setting]) => ({ accountId, setting })),
      pending,
      logger: deps.logger,
      ...deps.autoRemind,
      onSettingsChanged: (listener) => {
        let seen = JSON.stringify(deps.settings.get().autoRemind);
        return deps.events.subscribe((message) => {
          if (message.event !== 'settings.changed') return;
          const now = JSON.stringify((message.payload as { autoRemind: unknown }).autoRemind);
          if (now === seen) return;
          seen = now;
          listener();
        });
      },
    });
  const titles = (jobId: string) => {
    const input = engine.get(jobId).input as { titles?: Record<string, string> };
    return (subject: string) => input.titles?.[subject] ?? null;
  };
  return {
    engine,
    actions,
    autoRemind,
    handlers: {
      'jobs.list': ({ limit }) => engine.list(spine.requireSelected(), limit),
      'jobs.get': ({ jobId }) => ({ job: engine.get(jobId), items: engine.itemViews(jobId, titles(jobId)) }),
      'jobs.pause': ({ jobId }) => engine.command(jobId, 'pause'),
      'jobs.resume': ({ jobId }) => engine.command(jobId, 'resume'),
      'jobs.cancel': ({ jobId }) => engine.command(jobId, 'cancel'),
      'jobs.retryFailed': ({ jobId }) => engine.command(jobId, 'retryFailed'),
      'documents.planCancel': ({ documentIds }) => actions.planCancel(documentIds),
      'documents.cancel': ({ documentIds, reason }) => actions.cancel(documentIds, reason),
      'signatures.planRemind': (selection) => actions.planRemind(selection),
      'signatures.remind': (selection) => actions.remind(selection),
      'signatures.invalidate': ({ signatureId, documentId, invalidation }) => actions.invalidate(signatureId, documentId, invalidation),
      'signatures.planReplace': ({ from, documentIds }) => actions.planReplace(from, documentIds),
      'signatures.replace': (input) => actions.replace(input),
    },
  };
}
