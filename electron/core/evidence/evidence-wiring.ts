import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { Document } from '../../../shared/domain/documents';
import type { DataSpine } from '../data-spine';
import type { HostKind } from '../../../shared/contract/operations';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatcher';
import type { JobEngine } from '../jobs/job-engine';
import type { Journal } from '../journal/journal';
import type { ServiceClients } from '../service-clients';
import type { SettingsRepo } from '../settings/settings-repo';
import { inspectAnchors } from './anchor-inspect';
import { EvidenceSettingsStore } from './archive-folder';
import { archiveKind } from './archive-kind';
import { EvidenceIndex } from './evidence-index';
import { EvidenceService } from './evidence-service';
import { JobLeases } from '../jobs/leases';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../logging/logger';
import { nextDue, recheckArchive, scheduleRecheck, type RecheckDeps } from './scheduled-recheck';
import { verifyBagFolder } from './bag-verify';
import { bagCover } from './bag-check';
import { checkBagTimestamp, stampBag } from './timestamp/bag-timestamp';
import type { TsaSettings } from './timestamp/tsa-settings';
import { requestTimestamp } from './timestamp/tsa-client';

type EvidenceHandlers = Pick<Handlers, Extract<keyof Handlers, `evidence.${string}`>>;

export interface EvidenceWiringDeps {
  db: Db;
  engine: JobEngine;
  journal: Journal;
  spine: DataSpine;
  clients: ServiceClients;
  settings: SettingsRepo;
  /** The time-stamping authority bags are timestamped by (none by default). */
  timestamps: TsaSettings;
  dataFolder: string;
  version: string;
  /** In the web host a browser page must not name folders of this computer (DESIGN.md, security model). */
  hostKind: HostKind;
  events: EventBus;
  logger?: Logger;
  /** The archive to review, read-only (web host `--archive DIR`): the archive folder in effect; archiving and changing the folder are refused. */
  reviewArchive?: string;
}

/** The evidence archive on the job engine of `createCore`: the `archive` kind, the service, and its contract handlers. */
export function createEvidence(deps: EvidenceWiringDeps): { service: EvidenceService; handlers: EvidenceHandlers; startRecheck: () => () => void } {
  const { db, engine, spine, clients } = deps;
  const index = new EvidenceIndex(db);
  const store = new EvidenceSettingsStore(deps.settings, deps.dataFolder, deps.reviewArchive ?? null);
  const accountRow = (accountId: string) => {
    const row = db.prepare('SELECT name, base_url AS baseUrl FROM accounts WHERE id = ?').get(accountId) as { name: string; baseUrl: string } | undefined;
    return row ?? null;
  };
  engine.register(
    archiveKind({
      bagDeps: (accountId, signal) => ({ client: () => clients.forAccount(accountId), anchors: () => store.anchors(), tsa: () => deps.timestamps.endpoint(), version: deps.version, signal }),
      account: accountRow,
      indexed: (bag) => index.put(bag),
    }),
  );
  const completed = (accountId: string): Document[] => {
    const all: Document[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = spine.sync.queries.page({ accountId, statuses: ['CO'], sort: { key: 'created', direction: 'desc' }, limit: 500, offset });
      all.push(...page.documents);
      if (page.documents.length < 500) return all;
    }
  };
  /** The audit journal's entries about a document (hash-chained: each carries its hash and the one before). */
  const journal = (documentId: string) => deps.journal.entries({ subject: documentId, limit: 1000 }).map(({ seq, at, osUser, action, inputs, outcome, hash, prevHash }) => {
    const { titles: _titles, ...kept } = inputs;
    return { seq, at, osUser, action, inputs: kept, outcome, hash, prevHash };
  });
  const service = new EvidenceService({
    engine,
    index,
    settings: store,
    timestamps: deps.timestamps,
    selectedAccount: () => spine.requireSelected(),
    accountName: (accountId) => accountRow(accountId)?.name ?? null,
    document: (accountId, documentId) => spine.sync.reader.get(accountId, documentId) ?? undefined,
    completed,
    journal,
    // The journal's checkpoint sealed into archive jobs and exports, with an RFC 3161 token over its sealed
    // text when a TSA is set (a TSA that does not answer in 10 s leaves it unstamped, never holding anything up).
    journalCheckpoint: () => {
      const tsa = deps.timestamps.endpoint();
      return deps.journal.timestampedCheckpoint(tsa ? async (bytes) => (await requestTimestamp(tsa.url, bytes, { timeoutMs: 10_000 })).toString('base64') : undefined);
    },
    exportsFolder: join(deps.dataFolder, 'exports'),
    version: deps.version,
  });
  const recheckDeps: RecheckDeps = {
    leases: new JobLeases(db),
    folder: () => store.archiveFolder(),
    setting: () => store.recheck(),
    since: () => store.recheckSince(),
    last: () => store.lastRecheck(),
    store: (result) => store.setLastRecheck(result),
    verify: (bagPath) => verifyBagFolder(bagPath, service.verifyOptions()),
    onBag: async (verified) => {
      // A bag the TSA could not stamp when it was archived gets its token now (nothing when it has one or no TSA is set);
      // never a bag whose bytes failed (a token must not vouch for them), never the read-only archive under review.
      if (!deps.reviewArchive && verified.report.verdict !== 'failed') {
        const stamped = await stampBag(verified.bagPath, deps.timestamps.endpoint());
        if (stamped.state === 'stamped') {
          verified.report.covers = verified.check.covers = await bagCover(verified.bagPath);
          verified.timestamp = await checkBagTimestamp(verified.bagPath, service.timestampOptions());
        }
      }
      service.indexVerified(verified);
    },
    onDone: (result) => {
      deps.events.emit('evidence.rechecked', result);
      if (result.bagsWithProblems.length > 0) deps.events.emit('notices', { kind: 'evidenceProblems', count: result.bagsWithProblems.length, titles: result.bagsWithProblems.slice(0, 3).map((b) => b.title) });
    },
    ...(deps.logger ? { logger: deps.logger } : {}),
  };
  let schedule: ReturnType<typeof scheduleRecheck> | null = null;
  const settingsView = () => store.view(nextDue(recheckDeps));
  /** A folder or file named by the caller: the Electron shell's dialogs and the CLI may, a browser page may not. */
  const hostPath = (what: string, given: unknown) => {
    if (given === undefined || given === null || deps.hostKind !== 'web') return;
    throw new AppError({ kind: 'InvalidInput', code: 'evidence.noHostPaths', params: { what }, message: `In the browser, SignDock does not take ${what} on this computer; use the desktop app or the command line for that.` });
  };
  return {
    service,
    startRecheck: () => {
      schedule ??= scheduleRecheck(recheckDeps);
      return () => {
        schedule?.stop();
        schedule = null;
      };
    },
    handlers: {
      'evidence.settings': settingsView,
      'evidence.setArchiveFolder': ({ path }) => {
        hostPath('an archive folder', path);
        store.setArchiveFolder(path);
        return settingsView();
      },
      'evidence.addTrustAnchor': ({ pem, derBase64 }) => {
        if (!pem && !derBase64) throw new AppError({ kind: 'InvalidInput', code: 'evidence.notCertificate', message: 'Give the certificate (PEM text, or DER as base64).' });
        store.addAnchors(pem ?? Buffer.from(derBase64 ?? '', 'base64'));
        return settingsView();
      },
      'evidence.inspectTrustAnchor': ({ pem, derBase64 }) => inspectAnchors(pem ?? Buffer.from(derBase64 ?? '', 'base64')),
      'evidence.removeTrustAnchor': ({ fingerprint }) => (store.removeAnchor(fingerprint), settingsView()),
      'evidence.setRecheck': (setting) => {
        store.setRecheck(setting);
        schedule?.rearm();
        return settingsView();
      },
      'evidence.recheckNow': async () => {
        const result = await recheckArchive(recheckDeps, 'manual');
        if (!result) throw new AppError({ kind: 'Conflict', code: 'evidence.recheckRunning', message: 'The archive is being checked already (by this or another SignDock window); its result will show here when it is done.' });
        schedule?.rearm();
        return result;
      },
      'evidence.report': ({ bagPaths, outFile }) => {
        hostPath('where to save the report', outFile);
        return service.report(bagPaths, outFile);
      },
      'evidence.planArchive': (selection) => {
        store.refuseWhenReviewing();
        hostPath('an archive folder', selection.folder);
        return service.plan(selection);
      },
      'evidence.archive': (selection) => {
        store.refuseWhenReviewing();
        hostPath('an archive folder', selection.folder);
        return service.archive(selection);
      },
      'evidence.list': (query) => service.list(query),
      'evidence.get': ({ bagPath }) => service.detail(bagPath),
      'evidence.file': ({ bagPath, kind }) => service.file(bagPath, kind),
      'evidence.forDocument': ({ documentId }) => index.byDocument(documentId).map((bag) => index.summary(bag.bagPath)!),
      'evidence.verify': async ({ bagPaths }) =>
        (await service.verify(bagPaths)).map((r) => ({ bagPath: r.bagPath, documentId: r.documentId, title: r.title, problems: r.problems, report: r.report, timestamp: r.timestamp })),
      'evidence.indexFolder': ({ path }) => {
        hostPath('a folder to index', path);
        return service.indexFolder(path);
      },
      'evidence.rebuildIndex': () => service.rebuildIndex(),
      'evidence.export': ({ bagPaths, outFile, includeFailed }) => {
        hostPath('where to save the export', outFile);
        return service.export(bagPaths, outFile, includeFailed);
      },
    },
  };
}
