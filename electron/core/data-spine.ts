import { AppError } from '../../shared/contract/errors';
import type { OperationOutput, OperationParsedInput } from '../../shared/contract/operations';
import type { Document } from '../../shared/domain/documents';
import type { DocumentStatus } from '../../shared/domain/status-codes';
import type { SyncStatus } from '../../shared/domain/sync';
import type { AccountService } from './accounts/account-service';
import type { Db } from './db/database';
import type { EventBus } from './events/event-bus';
import type { Logger } from './logging/logger';
import type { SecretStore } from './secrets/secret-store';
import type { ServiceClients } from './service-clients';
import { SyncEngine } from './sync/sync-engine';
import type { FullSyncProgress } from './sync/full-sync';
import { WebhookService } from './webhooks/webhook-service';
import type { WebhookTeam } from './webhooks/webhook-service-options';
import type { Redactor } from './logging/redact';
import type { MirrorDocument } from './mirror/mirror-types';
import type { DocumentQueries } from './mirror/document-query';
import type { DocumentReader } from './mirror/document-reader';
import type { FullSyncResult } from './sync/full-sync';

export interface DataSpineDeps {
  db: Db;
  accounts: AccountService;
  clients: ServiceClients;
  secrets: SecretStore;
  events: EventBus;
  logger: Logger;
  redactor: Redactor;
  /** Fixed webhook port (CLI `webhook serve --port`); otherwise the stored setting. */
  webhookPort?: number;
  /** A team: the listener runs on one computer, the others learn of its notifications (issue 32). */
  webhookTeam?: WebhookTeam;
}

/**
 * The data spine as the contract sees it: the mirror and sync of the selected account, and the
 * webhook listener whose notifications trigger reads. Every screen reads the mirror; the service is
 * reached only through the account's client.
 */
export class DataSpine {
  readonly sync: SyncEngine;
  readonly webhooks: WebhookService;
  /** The mirror's read side, for the documents views and the address book. */
  readonly queries: DocumentQueries;
  readonly reader: DocumentReader;
  private readonly runs = new Map<string, Promise<unknown>>();
  private lastEmit = 0;

  constructor(private readonly deps: DataSpineDeps) {
    this.sync = new SyncEngine({
      db: deps.db,
      clientFor: (accountId) => deps.clients.forAccount(accountId),
      logger: deps.logger,
      onChange: (accountId, documentIds) => {
        deps.events.emit('documents.changed', { accountId, documentIds });
        this.emitStatus();
      },
    });
    this.webhooks = new WebhookService({
      db: deps.db,
      secrets: deps.secrets,
      refresher: this.sync.refresher,
      accounts: () => deps.accounts.ids(),
      logger: deps.logger,
      redactor: deps.redactor,
      ...(deps.webhookPort !== undefined ? { port: deps.webhookPort } : {}),
      ...(deps.webhookTeam ? { team: deps.webhookTeam } : {}),
      onChange: () => this.emitInbox(),
    });
    this.queries = this.sync.queries;
    this.reader = this.sync.reader;
  }

  /** A document of the mirror (undefined when the mirror does not know it). */
  document(accountId: string, documentId: string): MirrorDocument | undefined {
    return this.sync.reader.get(accountId, documentId) ?? undefined;
  }

  /** When the sync engine re-reads a document next (undefined when it is not scheduled: final, or unknown). */
  nextReread(accountId: string, documentId: string): { dueAt: number; intervalMs: number; reading: boolean } | undefined {
    return this.sync.scheduler.scheduleOf(accountId, documentId);
  }

  /** Every mirrored document of the account in one status, newest first (read 500 at a time). */
  documentsWithStatus(accountId: string, status: DocumentStatus): MirrorDocument[] {
    const all: MirrorDocument[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = this.sync.queries.page({
        accountId,
        statuses: [status],
        sort: { key: 'created', direction: 'desc' },
        limit: 500,
        offset,
      });
      all.push(...page.documents);
      if (page.documents.length < 500) return all;
    }
  }

  /** The id of the document a signature belongs to, when the mirror knows it. */
  documentOfSignature(accountId: string, signatureId: string): string | null {
    return this.sync.reader.documentIdOfSignature(accountId, signatureId);
  }

  /** How many documents the mirror holds for the account. */
  documentCount(accountId: string): number {
    return this.sync.queries.counts(accountId).total;
  }

  /**
   * A read stamp, taken just before asking the service for a document (a cancel, a create): the answer
   * is then handed to `recordRead` with it, so an older read never overwrites a newer one.
   */
  readStamp(): number {
    return this.sync.stamps.next();
  }

  /** A document the service answered with, into the mirror (stamped by `readStamp`). */
  recordRead(accountId: string, document: Document, readAt: number): void {
    this.sync.reconciler.apply(accountId, [document], readAt);
  }

  /** A full sync of one account, answered when it ends. */
  fullSync(accountId: string): Promise<FullSyncResult> {
    return this.sync.fullSync.run(accountId);
  }

  /** The address on this computer where the account's notifications are delivered (null when none). */
  localHookUrl(accountId: string): string | null {
    return this.webhooks.endpoint(accountId).localHookUrl;
  }

  /** The app's background work: the listener and worker, and a full sync of the selected account. */
  async startBackground(): Promise<void> {
    await this.webhooks.start();
    const selected = this.selectedId();
    if (selected) this.startSync(selected);
  }

  async stop(): Promise<void> {
    this.sync.stop();
    await this.webhooks.stop();
  }

  /** A new or newly selected account: give it a webhook endpoint and bring its mirror up to date. */
  async accountSelected(accountId: string): Promise<void> {
    await this.webhooks.addAccount(accountId);
    this.startSync(accountId);
    this.deps.events.emit('webhooks.changed', this.webhooks.state(accountId));
  }

  async accountRemoved(accountId: string): Promise<void> {
    this.sync.forget(accountId);
    this.deps.clients.forget(accountId);
    await this.webhooks.forgetAccount(accountId);
  }

  status(): SyncStatus {
    const accountId = this.selectedId();
    if (!accountId) return { accountId: null, state: 'no-account', progress: null, lastFullSync: null, counts: {}, total: 0, watching: 0 };
    const counts = this.sync.queries.counts(accountId);
    const state = this.sync.syncState.get(accountId);
    const running = this.sync.fullSync.isRunning(accountId);
    const progress: FullSyncProgress | null = running ? this.sync.fullSync.progressOf(accountId) : null;
    return {
      accountId,
      state: running ? 'syncing' : state?.error ? 'error' : 'idle',
      progress: progress
        ? { pages: progress.pages, documents: progress.documents, total: progress.total }
        : running
          ? { pages: 0, documents: 0, total: null }
          : null,
      lastFullSync: state?.startedAt
        ? { startedAt: state.startedAt, finishedAt: state.finishedAt, documents: state.documents, error: state.error?.message ?? null }
        : null,
      counts: counts.byStatus,
      total: counts.total,
      watching: this.sync.scheduler.watching(accountId),
    };
  }

  /** `sync.now`: starts a full sync (or joins the one running) and answers at once. */
  syncNow(): SyncStatus {
    const accountId = this.requireSelected();
    this.startSync(accountId);
    return this.status();
  }

  /** Resolves when the selected account's running full sync (if any) ends. */
  async whenSynced(): Promise<void> {
    const accountId = this.selectedId();
    if (accountId) await this.runs.get(accountId);
  }

  list(query: OperationParsedInput<'documents.list'>): OperationOutput<'documents.list'> {
    const accountId = this.requireSelected();
    const page = this.sync.queries.page({
      accountId,
      ...(query.status ? { statuses: [query.status] } : {}),
      ...(query.search?.trim() ? { search: query.search } : {}),
      sort: { key: query.sort, direction: query.direction },
      limit: query.limit,
      offset: query.offset,
    });
    return { total: page.total, documents: page.documents.map(({ raw: _raw, accountId: _a, readAt: _r, ...document }) => document) };
  }

  get(documentId: string): OperationOutput<'documents.get'> {
    const accountId = this.requireSelected();
    const document = this.sync.reader.get(accountId, documentId);
    if (!document) {
      throw new AppError({
        kind: 'NotFound',
        code: 'documentNotInMirror',
        params: { id: documentId },
        message: `No document with id ${documentId} is known for this account. Run a sync if it was created elsewhere.`,
      });
    }
    const { accountId: _account, ...rest } = document;
    return rest;
  }

  webhookState() {
    return this.webhooks.state(this.selectedId());
  }

  async configureWebhooks(patch: OperationParsedInput<'webhooks.configure'>) {
    const accountId = this.selectedId();
    const publicBaseUrl =
      patch.publicBaseUrl === undefined ? undefined : patch.publicBaseUrl === '' ? null : patch.publicBaseUrl?.replace(/\/+$/, '');
    const state = await this.webhooks.configure(accountId, { ...patch, ...(publicBaseUrl !== undefined ? { publicBaseUrl } : {}) });
    this.deps.events.emit('webhooks.changed', state);
    return state;
  }

  async rotateToken() {
    const state = await this.webhooks.rotateToken(this.requireSelected());
    this.deps.events.emit('webhooks.changed', state);
    return state;
  }

  inbox(query: OperationParsedInput<'inbox.list'>) {
    const accountId = this.selectedId();
    return this.webhooks.list(accountId ?? undefined, query);
  }

  private startSync(accountId: string): void {
    if (this.runs.has(accountId)) return;
    const run = this.sync
      .start(accountId, { onProgress: () => this.emitStatus(true) })
      .catch((error: unknown) => {
        this.deps.logger.log('warn', 'full sync failed', { accountId, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        this.runs.delete(accountId);
        this.emitStatus();
      });
    this.runs.set(accountId, run);
    this.emitStatus();
  }

  /** Pushes `sync.changed`; progress updates at most every 200 ms. */
  private emitStatus(progressOnly = false): void {
    const now = Date.now();
    if (progressOnly && now - this.lastEmit < 200) return;
    this.lastEmit = now;
    this.deps.events.emit('sync.changed', this.status());
  }

  private emitInbox(): void {
    const accountId = this.selectedId();
    this.deps.events.emit('inbox.changed', this.webhooks.stats(accountId ?? undefined));
  }

  private selectedId(): string | null {
    return this.deps.accounts.selectedId();
  }

  /** The selected account's id, or the plain `noAccount` error. */
  requireSelected(): string {
    const id = this.selectedId();
    if (!id) throw new AppError({ kind: 'NotFound', code: 'noAccount', message: 'No account is set up yet. Add one first.' });
    return id;
  }
}
