import { randomBytes, X509Certificate } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AppError, isAppError } from '../../../shared/contract/errors';
import type { TeamFields, TeamSettings as TeamSettingsView, TeamTest } from '../../../shared/domain/team';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redact';
import type { SecretStore } from '../secrets/secret-store';
import { COMPUTER_NAME_ENV, parseTeamUrl, teamConfigFrom, type TeamConfig } from './team-config';
import { TeamStore } from './team-store';

/**
 * Settings → Team: the team store a clerk (or IT) enters in the app instead of SIGNDOCK_TEAM_URL. The
 * connection (host, port, database, login, sslmode, the CA, this computer's name) is kept in this
 * computer's settings; the CA also as `team-ca.pem` in the data folder, for the driver; the password
 * only in the OS keychain, read when a connection is opened (never in SQLite, a log or the renderer).
 * The environment wins: with SIGNDOCK_TEAM_URL set, the saved connection is shown but not used.
 * SignDock connects with a saved connection from its next start (`restartNeeded`): a running batch,
 * the files the team sent (cached here) and the journal's carry all belong to one store.
 */

export const TEAM_PASSWORD_SECRET = 'team-store-password';
const SETTINGS_KEY = 'team.connection';
const CA_FILE = 'team-ca.pem';

interface Deps {
  settings: { getValue(key: string): unknown; setValue(key: string, value: unknown): void };
  secrets: SecretStore;
  redactor: Redactor;
  dataFolder: string;
  version: string;
  logger: Logger;
  env?: NodeJS.ProcessEnv;
}

export class TeamSettings {
  private readonly env: NodeJS.ProcessEnv;
  /** What this run connects with: its store and the saved connection it came from (null: the environment's or none). */
  private running: { config: TeamConfig; key: string | null } | null = null;

  constructor(private readonly deps: Deps) {
    this.env = deps.env ?? process.env;
  }

  /** The team of this run: SIGNDOCK_TEAM_URL, else the saved connection (password from the keychain), else none. */
  resolve(): TeamConfig | null {
    const fromEnvironment = teamConfigFrom(this.env);
    const saved = fromEnvironment ? null : this.saved();
    const config = fromEnvironment ?? (saved ? this.configFor(saved, this.caPath(saved), () => this.storedPassword()) : null);
    this.use(config, saved ? savedKey(saved) : null);
    return config;
  }

  /** Records the team this run connects with (a host that passed its own). */
  use(config: TeamConfig | null, key: string | null = null): void {
    this.running = config ? { config, key } : null;
  }

  saved(): TeamFields | null {
    const value = this.deps.settings.getValue(SETTINGS_KEY) as TeamFields | undefined;
    return value && typeof value === 'object' && typeof value.host === 'string' ? value : null;
  }

  async view(): Promise<TeamSettingsView> {
    const environment = safely(() => teamConfigFrom(this.env));
    const saved = this.saved();
    const running = this.running;
    const passwordStored = (await this.deps.secrets.get(TEAM_PASSWORD_SECRET).catch(() => null)) !== null;
    return {
      source: environment ? 'environment' : running ? 'settings' : 'none',
      environment: environment ? { store: environment.where, login: environment.login, sslMode: environment.sslMode } : null,
      saved: saved ? { ...saved, caSubject: saved.caPem ? subjectOf(saved.caPem) : null } : null,
      passwordStored,
      computer: {
        name: environment ? environment.computer : this.computerName(saved),
        fromEnvironment: Boolean(this.env[COMPUTER_NAME_ENV]?.trim()),
        hostName: hostname(),
      },
      running: running?.config.where ?? null,
      restartNeeded: !environment && (saved ? savedKey(saved) : null) !== (running?.key ?? null),
    };
  }

  async save(fields: TeamFields, password?: string): Promise<TeamSettingsView> {
    if (fields.caPem !== null) subjectOf(fields.caPem);
    if (password !== undefined) {
      this.deps.redactor.add(password);
      await this.deps.secrets.set(TEAM_PASSWORD_SECRET, password).catch(inKeychainWords);
    }
    if (fields.caPem) writeFileSync(join(this.deps.dataFolder, CA_FILE), fields.caPem, { mode: 0o600 });
    else rmSync(join(this.deps.dataFolder, CA_FILE), { force: true });
    this.deps.settings.setValue(SETTINGS_KEY, fields);
    this.deps.logger.log('info', 'team store settings saved', {
      store: `${fields.host}:${fields.port}/${fields.database}`,
      login: fields.login,
    });
    return this.view();
  }

  async forgetPassword(): Promise<TeamSettingsView> {
    await this.deps.secrets.delete(TEAM_PASSWORD_SECRET).catch(inKeychainWords);
    return this.view();
  }

  /** Connects (a pool of its own, closed after) and says who this is; the fields given, else the team this run uses. */
  async test(fields?: TeamFields, password?: string): Promise<TeamTest> {
    if (password) this.deps.redactor.add(password);
    let caFile: string | null = null;
    let config: TeamConfig | null;
    if (fields) {
      if (fields.caPem) {
        subjectOf(fields.caPem);
        caFile = join(this.deps.dataFolder, `team-ca-test-${randomBytes(6).toString('hex')}.pem`);
        writeFileSync(caFile, fields.caPem, { mode: 0o600 });
      }
      config = this.configFor(fields, caFile, password ?? (() => this.storedPassword()));
    } else {
      config = this.running?.config ?? null;
    }
    if (!config) throw new AppError({ kind: 'InvalidInput', code: 'team.none', message: 'No team store is set: enter one first.' });
    const store = new TeamStore(config, this.deps.version, this.deps.logger);
    try {
      const identity = await store.ready();
      return { store: config.where, ...identity };
    } finally {
      await store.close();
      if (caFile) rmSync(caFile, { force: true });
    }
  }

  private computerName(saved: TeamFields | null): string {
    return this.env[COMPUTER_NAME_ENV]?.trim() || saved?.computerName || hostname();
  }

  private caPath(fields: TeamFields): string | null {
    return fields.caPem ? join(this.deps.dataFolder, CA_FILE) : null;
  }

  private configFor(fields: TeamFields, caFile: string | null, password: string | (() => Promise<string>)): TeamConfig {
    const query = new URLSearchParams({ sslmode: fields.sslMode });
    if (caFile && fields.sslMode !== 'disable') query.set('sslrootcert', caFile);
    const host = fields.host.includes(':') ? `[${fields.host}]` : fields.host;
    const url = `postgres://${encodeURIComponent(fields.login)}@${host}:${fields.port}/${encodeURIComponent(fields.database)}?${query}`;
    const config = parseTeamUrl(url, this.computerName(fields));
    return { ...config, pool: { ...config.pool, password }, redact: typeof password === 'string' ? [password] : [] };
  }

  /** The keychain's password, read each time a connection opens (so a new one takes effect at once). */
  private async storedPassword(): Promise<string> {
    const password = await this.deps.secrets.get(TEAM_PASSWORD_SECRET).catch(inKeychainWords);
    if (!password) {
      throw new AppError({
        kind: 'Unauthorized',
        code: 'team.noPassword',
        message: 'No password for the team store is kept in the keychain: enter it in Settings → Team.',
      });
    }
    this.deps.redactor.add(password);
    return password;
  }
}

/** A saved connection as one string, to tell whether what runs is what is saved. */
function savedKey(fields: TeamFields): string {
  return JSON.stringify([fields.host, fields.port, fields.database, fields.login, fields.sslMode, fields.caPem, fields.computerName]);
}

function subjectOf(pem: string): string {
  try {
    return new X509Certificate(pem).subject.replace(/\n/g, ', ');
  } catch {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'team.notCertificate',
      message: 'The CA file is not a certificate in PEM form (a .pem or .crt file starting with -----BEGIN CERTIFICATE-----).',
    });
  }
}

function safely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function inKeychainWords(error: unknown): never {
  if (!isAppError(error) || error.code !== 'keychainUnavailable') throw error;
  throw new AppError({
    kind: 'Unavailable',
    code: 'team.keychain',
    message:
      'The system keychain could not be used for the team store’s password. Unlock or install a keychain (on Linux, a Secret Service such as GNOME Keyring), or give the whole address in SIGNDOCK_TEAM_URL.',
  });
}
