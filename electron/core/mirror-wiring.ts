import type { DataSpine } from './data-spine';
import type { Db } from './db/database';
import type { EventBus } from './events/event-bus';
import type { ServicePort, Subsystem } from './ports';
import type { SettingsRepo } from './settings/settings-repo';
import { AddressBook } from './mirror/address-book';
import { DocumentsService } from './mirror/documents-service';

type MirrorOperations =
  | 'sync.status'
  | 'sync.now'
  | 'webhooks.state'
  | 'webhooks.configure'
  | 'webhooks.rotateToken'
  | 'inbox.list'
  | 'documents.list'
  | 'documents.get'
  | 'documents.query'
  | 'documents.dashboard'
  | 'documents.activity'
  | 'documents.detail'
  | 'documents.signature'
  | 'documents.export'
  | 'documents.selectionIds'
  | 'documents.attention'
  | 'contacts.list'
  | 'contacts.remember';

/** What the mirror's operations are given by the composition root. */
interface MirrorPorts {
  /** The core's data spine (the mirror, its sync and the webhook listener). */
  spine: DataSpine;
  /** The database of the documents views and the address book. */
  db: Db;
  service: ServicePort;
  settings: SettingsRepo;
  events: EventBus;
}

/**
 * The mirror as the contract sees it: sync, webhooks and inbox, the Documents page's queries and the
 * address book. In the background, the data spine listens for notifications and syncs the selected account.
 */
export function createMirror(ports: MirrorPorts): Subsystem<MirrorOperations> & { addressBook: AddressBook } {
  const { spine } = ports;
  const addressBook = new AddressBook({
    db: ports.db,
    queries: spine.queries,
    changed: (accountId, documentIds) => ports.events.emit('documents.changed', { accountId, documentIds }),
  });
  const documents = new DocumentsService({
    db: ports.db,
    queries: spine.queries,
    reader: spine.reader,
    account: () => spine.requireSelected(),
    readSignature: async (accountId, signatureId) => (await ports.service.forAccount(accountId)).getSignature(signatureId),
    settings: ports.settings,
  });
  return {
    addressBook,
    start: () => spine.startBackground(),
    close: () => spine.stop(),
    handlers: {
      'sync.status': () => spine.status(),
      'sync.now': () => spine.syncNow(),
      'webhooks.state': () => spine.webhookState(),
      'webhooks.configure': (patch) => spine.configureWebhooks(patch),
      'webhooks.rotateToken': () => spine.rotateToken(),
      'inbox.list': (query) => spine.inbox(query),
      'documents.list': (query) => spine.list(query),
      'documents.get': ({ documentId }) => spine.get(documentId),
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
    },
  };
}
