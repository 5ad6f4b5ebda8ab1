import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redact';
import type { BatchRepo } from '../batches/batch-repo';
import type { SendSharing } from '../batches/send-sharing';
import type { SentLedger } from '../batches/sent-ledger';
import type { Journal } from '../journal/journal';
import { TeamArchiveClaims } from './team-archive';
import { TeamDuties } from './team-duties';
import { TeamJournal } from './team-journal';
import type { TeamStampCheck, TeamStamper } from './team-journal-stamp';
import { TeamNotifications } from './team-notifications';
import { TeamRate } from './team-rate';
import type { TeamConfig } from './team-config';
import { TeamSentLedger } from './team-ledger';
import { TeamReminders } from './team-reminders';
import { teamJobQueue, type TeamJobQueue } from './team-job-storage';
import { TeamSendFiles } from './team-send-files';
import { TeamSentCache } from './team-sent-cache';
import { TeamStore } from './team-store';

/** What the composition root gets when a team is configured: the store, the sent-file ledger for the batches, the journal, the duties, the archive's claims. */
export interface TeamPart {
  store: TeamStore;
  sentLedger: (repo: BatchRepo) => SentLedger;
  /** The journal's port carried into the team store (this data folder's journal stays beneath it). */
  journal: (journal: Journal, stamps?: { stamp: TeamStamper; checkStamp: TeamStampCheck }) => TeamJournal;
  /** The duties one computer does at a time (the listener, the automatic reminders), as leases in the store. */
  duties: TeamDuties;
  /** The automatic reminders' duty and every computer's reminders (`AutoRemindTeam` of the actions). */
  reminders: TeamReminders;
  /** The listener duty and the team's notifications (`WebhookTeam` of the webhooks). */
  notifications: <E extends { accountId: string }>() => TeamNotifications<E>;
  /** The shared evidence archive's claims and index (`ArchiveClaims` of the evidence archive). */
  archiveClaims: TeamArchiveClaims;
  /** The team's one pace against the service's rate limit (each account's limiter takes its slots there). */
  rate: TeamRate;
  /** The one job queue: the engine's storage for the kinds that share their jobs (cancel, remind, invalidate, send). */
  jobs: TeamJobQueue;
  /** A batch's files in the store while its team job sends, and a batch another computer left carried on here. */
  sendFiles: SendSharing;
}

interface TeamPorts {
  config: TeamConfig | null;
  db: Db;
  version: string;
  logger: Logger;
  redactor: Redactor;
  /** An account's address and key (the key never leaves this process: only a fingerprint reaches the store). */
  credentials: (accountId: string) => Promise<{ baseUrl: string; apiKey: string }>;
  /** This computer's accounts. */
  accounts: () => readonly string[];
  /** This computer's data folder (files of batches carried on here go to `carried/`). */
  dataFolder: string;
}

/** The team's parts, or null with no team (SignDock alone, exactly as without this module). */
export function createTeam(ports: TeamPorts): TeamPart | null {
  const { config } = ports;
  if (!config) return null;
  for (const secret of config.redact) ports.redactor.add(secret);
  const store = new TeamStore(config, ports.version, ports.logger);
  const keys = new Map<string, Promise<string>>();
  const accountKey = (accountId: string) => {
    let key = keys.get(accountId);
    if (!key) {
      key = ports.credentials(accountId).then(({ baseUrl, apiKey }) => teamAccountKey(baseUrl, apiKey));
      key.catch(() => keys.delete(accountId));
      keys.set(accountId, key);
    }
    return key;
  };
  const cache = new TeamSentCache(ports.db);
  const duties = new TeamDuties({ store, accountKey, logger: ports.logger });
  return {
    duties,
    reminders: new TeamReminders({ store, duties, accountKey, logger: ports.logger }),
    notifications: () => new TeamNotifications({ store, duties, accountKey, accounts: ports.accounts, logger: ports.logger }),
    archiveClaims: new TeamArchiveClaims({ store, accountKey, accounts: ports.accounts, logger: ports.logger }),
    store,
    rate: new TeamRate({ store, accountKey, logger: ports.logger }),
    jobs: teamJobQueue({ store, accountKey, accounts: ports.accounts, logger: ports.logger }),
    sendFiles: new TeamSendFiles({ store, folder: join(ports.dataFolder, 'carried'), logger: ports.logger }),
    sentLedger: (repo) => new TeamSentLedger({ store, cache, repo, accountKey, logger: ports.logger }),
    journal: (journal, stamps) => new TeamJournal({ store, db: ports.db, journal, logger: ports.logger, ...stamps }),
  };
}

/**
 * How the team store names a service account: the same on every computer that uses it (its address and
 * key), revealing neither (SHA-256, 32 hex digits).
 */
export function teamAccountKey(baseUrl: string, apiKey: string): string {
  return createHash('sha256')
    .update(`signdock-team\n${baseUrl.replace(/\/+$/, '')}\n${apiKey}`)
    .digest('hex')
    .slice(0, 32);
}
