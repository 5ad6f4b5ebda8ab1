import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { AccountsRepo } from '../accounts/accounts-repo';
import type { HostKind } from '../../../shared/contract/operations';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatcher';
import type { JobEngine } from '../jobs/job-engine';
import type { Journal } from '../journal/journal';
import type { MirrorPort, ServicePort, Subsystem } from '../ports';
import type { SettingsRepo } from '../settings/settings-repo';
import { inspectAnchors } from './checks/anchor-inspect';
import { EvidenceSettingsStore } from './archive/archive-folder';
import { archiveKind } from './archive/archive-kind';
import { LocalArchiveClaims, type ArchiveClaims } from './archive/archive-claims';
import { isCompleteBag } from './archive/archive-bag';
import { EvidenceIndex } from './archive/evidence-index';
import { EvidenceService } from './evidence-service';
import type { JobLeases } from '../jobs/leases';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../logging/logger';
import { nextDue, recheckArchive, scheduleRecheck, type RecheckDeps } from './archive/scheduled-recheck';
import { verifyBagFolder } from './checks/bag-verify';
import { bagCover } from './bag/bag-check';
import { checkBagTimestamp, stampBag } from './timestamp/bag-timestamp';
import type { TsaSettings } from './timestamp/tsa-settings';
import { stampWith } from './timestamp/tsa-stamp';

type EvidenceOperations = Extract<keyof Handlers, `evidence.${string}`>;

/** What the evidence archive is given by the composition root. */
interface EvidencePorts {
  /** The core's one job engine: the `archive` kind is registered on it. */
  engine: JobEngine;
  /** The core's one set of leases (the scheduled re-check takes one, so one process checks at a time). */
  leases: JobLeases;
  journal: Journal;
  /** The evidence index's database. */
  db: Db;
  /** Who an account is (its name and address go into each bag), from the accounts' repository. */
  accounts: Pick<AccountsRepo, 'byId'>;
  mirror: MirrorPort;
  service: ServicePort;
  settings: SettingsRepo;
  /** The time-stamping authority bags are timestamped by (none by default). */
  timestamps: TsaSettings;
  dataFolder: string;
  version: string;
  /** In the web host a browser page must not name folders of this computer (the security model). */
  hostKind: HostKind;
  events: EventBus;
  logger?: Logger;
  /** Who archives which document, and the bags a shared archive's index holds: the team's (issue 32), else this computer alone. */
  archiveClaims?: ArchiveClaims;
  /**
   * In a team whose job queue runs (issue 32): archive jobs are the team's, and one another computer started
   * and left is carried on here into this computer's archive folder (the shared folder, mounted where it likes).
   */
  teamJobs?: { computer: string };
  /** The archive to review, read-only (web host `--archive DIR`): the archive folder in effect; archiving and changing the folder are refused. */
  reviewArchive?: string;
}

/** The evidence archive on the core's job engine: the `archive` kind, the service, its contract handlers, and the scheduled re-check. */
export function createEvidence(ports: EvidencePorts): Subsystem<EvidenceOperations> & { service: EvidenceService } {
  const { engine, mirror, service: clients } = ports;
  const index = new EvidenceIndex(ports.db);
  const store = new EvidenceSettingsStore(ports.settings, ports.dataFolder, ports.reviewArchive ?? null);
  const claims = ports.archiveClaims ?? new LocalArchiveClaims();
  const accountRow = (accountId: string) => {
    const row = ports.accounts.byId(accountId);
    return row ? { name: row.name, baseUrl: row.baseUrl } : null;
  };
  engine.register(
    archiveKind({
      bagDeps: (accountId, signal) => ({
        client: () => clients.forAccount(accountId),
        anchors: () => store.anchors(),
        tsa: () => ports.timestamps.endpoint(),
        version: ports.version,
        signal,
      }),
      account: accountRow,
      indexed: (bag) => index.put(bag),
      claims,
      shared: ports.teamJobs !== undefined,
      // Where the bags go: the folder chosen when the job started, or this computer's archive folder for a job carried on from another.
      root: (job) =>
        job.startedBy && ports.teamJobs && job.startedBy.computer !== ports.teamJobs.computer
          ? store.archiveFolder()
          : String((job.input as { archiveFolder?: unknown }).archiveFolder ?? ''),
      // A bag left half-claimed by a computer that went away: whole when complete and its bytes verify.
      look: async (bag) => {
        if (!(await isCompleteBag(bag))) return { whole: false };
        const found = await verifyBagFolder(bag, service.verifyOptions());
        return found.report.verdict === 'passed' ? { whole: true, covers: found.report.covers } : { whole: false };
      },
    }),
  );
  /** The audit journal's entries about a document (hash-chained: each carries its hash and the one before). */
  const journal = (documentId: string) =>
    ports.journal.entries({ subject: documentId, limit: 1000 }).map(({ seq, at, osUser, action, inputs, outcome, hash, prevHash }) => {
      const { titles: _titles, ...kept } = inputs;
      return { seq, at, osUser, action, inputs: kept, outcome, hash, prevHash };
    });
  const service = new EvidenceService({
    engine,
    index,
    settings: store,
    timestamps: ports.timestamps,
    selectedAccount: () => mirror.requireSelected(),
    accountName: (accountId) => accountRow(accountId)?.name ?? null,
    document: (accountId, documentId) => mirror.document(accountId, documentId),
    completed: (accountId) => mirror.documentsWithStatus(accountId, 'CO'),
    journal,
    // The journal's checkpoint sealed into archive jobs and exports, with an RFC 3161 token over its sealed
    // text when a TSA is set (a TSA that does not answer in 10 s leaves it unstamped, never holding anything up).
    journalCheckpoint: () => ports.journal.timestampedCheckpoint(stampWith(ports.timestamps)),
    exportsFolder: join(ports.dataFolder, 'exports'),
    claims,
    version: ports.version,
  });
  const recheckDeps: RecheckDeps = {
    leases: ports.leases,
    folder: () => store.archiveFolder(),
    setting: () => store.recheck(),
    since: () => store.recheckSince(),
    last: () => store.lastRecheck(),
    store: (result) => store.setLastRecheck(result),
    verify: (bagPath) => verifyBagFolder(bagPath, service.verifyOptions()),
    onBag: async (verified) => {
      // A bag the TSA could not stamp when it was archived gets its token now (nothing when it has one or no TSA is set);
      // never a bag whose bytes failed (a token must not vouch for them), never the read-only archive under review.
      if (!ports.reviewArchive && verified.report.verdict !== 'failed') {
        const stamped = await stampBag(verified.bagPath, ports.timestamps.endpoint());
        if (stamped.state === 'stamped') {
          verified.report.covers = verified.check.covers = await bagCover(verified.bagPath);
          verified.timestamp = await checkBagTimestamp(verified.bagPath, service.timestampOptions());
        }
      }
      service.indexVerified(verified);
    },
    onDone: (result) => {
      ports.events.emit('evidence.rechecked', result);
      if (result.bagsWithProblems.length > 0)
        ports.events.emit('notices', {
          kind: 'evidenceProblems',
          count: result.bagsWithProblems.length,
          titles: result.bagsWithProblems.slice(0, 3).map((b) => b.title),
        });
    },
    ...(ports.logger ? { logger: ports.logger } : {}),
  };
  let schedule: ReturnType<typeof scheduleRecheck> | null = null;
  const settingsView = () => store.view(nextDue(recheckDeps));
  /** A folder or file named by the caller: the Electron shell's dialogs and the CLI may, a browser page may not. */
  const hostPath = (what: string, given: unknown) => {
    if (given === undefined || given === null || ports.hostKind !== 'web') return;
    throw new AppError({
      kind: 'InvalidInput',
      code: 'evidence.noHostPaths',
      params: { what },
      message: `In the browser, SignDock does not take ${what} on this computer; use the desktop app or the command line for that.`,
    });
  };
  return {
    service,
    // The archive re-hashed against its manifests every N days (a setting): one timer, offline.
    start: () => {
      schedule ??= scheduleRecheck(recheckDeps);
    },
    close: () => {
      schedule?.stop();
      schedule = null;
    },
    handlers: {
      'evidence.settings': settingsView,
      'evidence.setArchiveFolder': ({ path }) => {
        hostPath('an archive folder', path);
        store.setArchiveFolder(path);
        return settingsView();
      },
      'evidence.addTrustAnchor': ({ pem, derBase64 }) => {
        if (!pem && !derBase64)
          throw new AppError({
            kind: 'InvalidInput',
            code: 'evidence.notCertificate',
            message: 'Give the certificate (PEM text, or DER as base64).',
          });
        store.addAnchors(pem ?? Buffer.from(derBase64 ?? '', 'base64'));
        return settingsView();
      },
      // A TSA anchor is kept in Settings (this computer's): open windows are told, as for any settings change.
      'evidence.addTsaAnchor': ({ pem, derBase64 }) => {
        store.addTsaAnchors(pem ?? Buffer.from(derBase64 ?? '', 'base64'));
        ports.events.emit('settings.changed', ports.settings.get());
        return settingsView();
      },
      'evidence.removeTsaAnchor': ({ fingerprint }) => {
        store.removeTsaAnchor(fingerprint);
        ports.events.emit('settings.changed', ports.settings.get());
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
        if (!result)
          throw new AppError({
            kind: 'Conflict',
            code: 'evidence.recheckRunning',
            message:
              'The archive is being checked already (by this or another SignDock window); its result will show here when it is done.',
          });
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
        (await service.verify(bagPaths)).map((r) => ({
          bagPath: r.bagPath,
          documentId: r.documentId,
          title: r.title,
          problems: r.problems,
          report: r.report,
          timestamp: r.timestamp,
        })),
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
