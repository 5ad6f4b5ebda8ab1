import type { EventBus } from '../events/event-bus';
import type { Logger } from '../logging/logger';
import type { JobEngine } from '../jobs/job-engine';
import type { JobItemsRepo } from '../jobs/job-items-repo';
import type { JobLeases } from '../jobs/leases';
import type { MirrorPort, ServicePort, Subsystem } from '../ports';
import type { SettingsRepo } from '../settings/settings-repo';
import type { Document } from '../../../shared/domain/documents';
import { ActionsService } from './actions-service';
import { startAutoRemind, teamRemindKind, type AutoRemindDeps, type AutoRemindTeam } from './auto-remind';
import { cancelKind } from './cancel-kind';
import { invalidateKind } from './invalidate-kind';
import { remindKind } from './remind-kind';

export type AutoRemindTiming = Pick<AutoRemindDeps, 'now' | 'everyMs' | 'firstAfterMs'>;

type ActionOperations =
  | 'documents.planCancel'
  | 'documents.cancel'
  | 'signatures.planRemind'
  | 'signatures.remind'
  | 'signatures.invalidate'
  | 'signatures.planReplace'
  | 'signatures.replace';

/** What the document actions are given by the composition root. */
interface ActionsPorts {
  /** The core's one job engine: the actions register their kinds on it. */
  engine: JobEngine;
  /** The core's one set of leases (the automatic reminders take one per account). */
  leases: JobLeases;
  /** Past reminders, from the job items' repository. */
  reminders: Pick<JobItemsRepo, 'lastReminderAt' | 'reminderHistory'>;
  mirror: MirrorPort;
  service: ServicePort;
  settings: Pick<SettingsRepo, 'get'>;
  events: EventBus;
  logger: Logger;
  /** The automatic reminders' clock and pace (tests move time instead of waiting days). */
  autoRemind?: AutoRemindTiming;
  /** A team (issue 32): one computer reminds for the account, counting every computer's reminders. */
  team?: AutoRemindTeam;
}

/**
 * The document actions (cancel, remind, invalidate, replace) as kinds of the core's job engine, their
 * contract handlers, and the automatic reminders (started with the background work).
 */
export function createActions(ports: ActionsPorts): Subsystem<ActionOperations> & { service: ActionsService } {
  const { engine, mirror, service } = ports;
  const actionDeps = {
    client: (accountId: string) => service.forAccount(accountId),
    mirror: (accountId: string, document: Document, readAt: number) => mirror.recordRead(accountId, document, readAt),
    stamp: () => mirror.readStamp(),
  };
  engine.register(cancelKind(actionDeps));
  const remind = remindKind({ ...actionDeps, lastReminderAt: (signatureId) => ports.reminders.lastReminderAt(signatureId) });
  engine.register(ports.team ? teamRemindKind(remind, ports.team, ports.autoRemind?.now) : remind);
  engine.register(invalidateKind(actionDeps));
  const pending = (accountId: string): Document[] => mirror.documentsWithStatus(accountId, 'PE');
  const readDocument = async (accountId: string, documentId: string): Promise<Document> => {
    const readAt = actionDeps.stamp();
    const read = await (await actionDeps.client(accountId)).getDocument(documentId);
    actionDeps.mirror(accountId, read, readAt);
    return read;
  };
  const actions = new ActionsService({
    engine,
    account: () => mirror.requireSelected(),
    document: (accountId, documentId) => mirror.document(accountId, documentId),
    pending,
    documentOfSignature: (accountId, signatureId) => mirror.documentOfSignature(accountId, signatureId),
    readDocument,
  });
  let stopAutoRemind: (() => void) | null = null;
  return {
    service: actions,
    start: () => {
      stopAutoRemind ??= startAutoRemind({
        reminders: ports.reminders,
        engine,
        leases: ports.leases,
        accounts: () => Object.entries(ports.settings.get().autoRemind).map(([accountId, setting]) => ({ accountId, setting })),
        pending,
        logger: ports.logger,
        ...ports.autoRemind,
        ...(ports.team ? { team: ports.team } : {}),
        onSettingsChanged: (listener) => {
          let seen = JSON.stringify(ports.settings.get().autoRemind);
          return ports.events.subscribe((message) => {
            if (message.event !== 'settings.changed') return;
            const now = JSON.stringify((message.payload as { autoRemind: unknown }).autoRemind);
            if (now === seen) return;
            seen = now;
            listener();
          });
        },
      });
    },
    close: () => {
      stopAutoRemind?.();
      stopAutoRemind = null;
    },
    handlers: {
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
