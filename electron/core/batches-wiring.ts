import type { Signer } from '../../shared/domain/signers';
import type { Db } from './db/database';
import type { EventBus } from './events/event-bus';
import type { JobLeases } from './jobs/leases';
import type { JobEngine } from './jobs/job-engine';
import type { Logger } from './logging/logger';
import type { MirrorPort, ServicePort, Subsystem } from './ports';
import { BatchService, type BatchServiceDeps } from './batches/batch-service';
import type { PdfCheckPoolOptions } from './batches/pdf-check-pool';
import { PresetsRepo } from './batches/presets-repo';

type BatchOperations =
  | 'batches.current'
  | 'batches.create'
  | 'batches.get'
  | 'batches.list'
  | 'batches.addFiles'
  | 'batches.updateItems'
  | 'batches.removeItems'
  | 'batches.importManifest'
  | 'batches.manifestTemplate'
  | 'batches.send'
  | 'batches.pause'
  | 'batches.resume'
  | 'batches.cancel'
  | 'batches.retryFailed'
  | 'batches.preview'
  | 'batches.exportResults'
  | 'presets.list'
  | 'presets.save'
  | 'presets.remove';

/** What sending is given by the composition root. */
interface BatchesPorts {
  db: Db;
  /** The one job engine: sending is its `send` kind. */
  engine: JobEngine;
  /** The core's one set of leases (who owns a batch's job). */
  leases: JobLeases;
  mirror: MirrorPort;
  service: ServicePort;
  events: EventBus;
  logger: Logger;
  /** Where the web host keeps copies of uploaded files (deleted once sent). */
  uploadsFolder: string;
  /** The address book remembers the names given to signers. */
  rememberNames: (accountId: string, signers: Signer[]) => void;
  checkPool?: PdfCheckPoolOptions;
  /** A team's sent-file ledger (issue 32); none: this data folder's own. */
  sentLedger?: BatchServiceDeps['sentLedger'];
  /** A team's batches: the send job the team's, its files copied there, carried on by another computer (issue 32). */
  sharing?: BatchServiceDeps['sharing'];
}

/** Batches and signer presets as the contract sees them; in the background, sends another run left are taken up. */
export function createBatches(ports: BatchesPorts): Subsystem<BatchOperations> & { service: BatchService } {
  const { mirror } = ports;
  const batches = new BatchService({
    db: ports.db,
    engine: ports.engine,
    leases: ports.leases,
    selectedAccount: () => mirror.requireSelected(),
    client: (accountId) => ports.service.forAccount(accountId),
    limiter: (accountId) => ports.service.limiterFor(accountId),
    mirror: (accountId, document, readAt) => mirror.recordRead(accountId, document, readAt),
    stamp: () => mirror.readStamp(),
    emit: (batch, items) => ports.events.emit('batches.changed', { batch, items }),
    logger: ports.logger,
    uploadsFolder: ports.uploadsFolder,
    rememberNames: ports.rememberNames,
    ...(ports.checkPool ? { checkPool: ports.checkPool } : {}),
    ...(ports.sentLedger ? { sentLedger: ports.sentLedger } : {}),
    ...(ports.sharing ? { sharing: ports.sharing } : {}),
  });
  const presets = new PresetsRepo(ports.db);
  return {
    service: batches,
    start: () => {
      batches.resumeInterrupted('app');
    },
    close: () => batches.close(),
    handlers: {
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
    },
  };
}
