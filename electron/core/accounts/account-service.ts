import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { AppError, isAppError } from '../../../shared/contract/errors';
import { DEFAULT_BASE_URL, type Account, type AccountsState, type KeyCheck } from '../../../shared/domain/accounts';
import type { EventBus } from '../events/event-bus';
import type { Redactor } from '../logging/redact';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsRepo } from '../settings/settings-repo';
import { checkApiKey } from '../api/key-check';
import type { AccountRow, AccountsRepo } from './accounts-repo';

const SELECTED_KEY = 'selectedAccountId';

export interface Credentials {
  accountId: string | null;
  name: string;
  baseUrl: string;
  apiKey: string;
}

export interface AccountServiceDeps {
  repo: AccountsRepo;
  settings: SettingsRepo;
  secrets: SecretStore;
  http: Dispatcher;
  events: EventBus;
  redactor: Redactor;
  clock?: () => Date;
  /** Starts (or finds running) the local sandbox behind a demo account; answers its current address. */
  ensureDemoService?: (apiKey: string) => Promise<string>;
  /** For one run only (CLI `SIGNDOCK_API_KEY` / `SIGNDOCK_BASE_URL`): used instead of what is stored. */
  override?: { apiKey?: string; baseUrl?: string };
}

/** The keychain entry Test looks up to learn whether the keychain can be reached (no account has this id). */
const KEYCHAIN_PROBE = 'signdock-keychain-probe';

/**
 * Accounts: records in SQLite, keys in the keychain, checked against the service before storing.
 * Two kinds of account keep their key out of the keychain: the demo's throw-away sandbox key lives in
 * memory (a new one each run, given to the local sandbox), and a run on `SIGNDOCK_API_KEY` uses an
 * account identified by address + key fingerprint whose key is only ever the variable's.
 */
export class AccountService {
  /** The account this process uses instead of the stored selection (CLI `--account`, environment runs). */
  private runAccountId: string | null = null;
  private readonly demoKeys = new Map<string, string>();

  constructor(private readonly deps: AccountServiceDeps) {}

  /** Uses an account for this process only; the stored selection stays as it is. */
  useForThisRun(accountId: string): void {
    this.require(accountId);
    this.runAccountId = accountId;
  }

  /**
   * The account of the environment's key and address (made on first use; the key is not stored), used
   * for this run. Its id is a fingerprint of address and key, so later runs find its mirror and batches.
   */
  useEnvironment(): string {
    const override = this.deps.override;
    if (!override?.apiKey) throw new Error('useEnvironment needs SIGNDOCK_API_KEY');
    const baseUrl = override.baseUrl ?? DEFAULT_BASE_URL;
    const fingerprint = environmentFingerprint(baseUrl, override.apiKey);
    const id = `env-${fingerprint}`;
    if (!this.deps.repo.byId(id)) {
      const host = new URL(baseUrl).host;
      this.deps.repo.insert({
        id,
        name: `${host} (SIGNDOCK_API_KEY ${fingerprint.slice(0, 8)})`,
        baseUrl,
        demo: false,
        createdAt: (this.deps.clock?.() ?? new Date()).toISOString(),
        envFingerprint: fingerprint,
      });
    }
    this.runAccountId = id;
    return id;
  }

  async state(): Promise<AccountsState> {
    const rows = this.rows();
    const accounts = await Promise.all(rows.map((row) => this.toAccount(row)));
    return { accounts, selectedId: this.selectedIdOf(rows) };
  }

  /** The selected account's id, without asking the keychain anything. */
  selectedId(): string | null {
    return this.selectedIdOf(this.rows());
  }

  ids(): string[] {
    return this.rows().map((row) => row.id);
  }

  /** The stored accounts, and this run's environment account when there is one. */
  private rows(): AccountRow[] {
    const rows = this.deps.repo.all();
    const run = this.runAccountId ? this.deps.repo.byId(this.runAccountId) : undefined;
    return run && !rows.some((row) => row.id === run.id) ? [...rows, run] : rows;
  }

  private selectedIdOf(rows: readonly AccountRow[]): string | null {
    if (this.runAccountId && this.deps.repo.byId(this.runAccountId)) return this.runAccountId;
    const selected = this.deps.settings.getValue(SELECTED_KEY);
    return typeof selected === 'string' && rows.some((r) => r.id === selected) ? selected : (rows[0]?.id ?? null);
  }

  /** Checks the key, then stores the record and the key together: nothing is kept when either fails. */
  async add(input: { name: string; baseUrl: string; apiKey: string; demo?: boolean }): Promise<Account> {
    this.deps.redactor.add(input.apiKey);
    if (this.deps.repo.byName(input.name)) throw nameTaken(input.name);
    const check = await this.check(input.baseUrl, input.apiKey);
    if (!check.ok) throw keyCheckError(check);

    const row: AccountRow = {
      id: randomUUID(),
      name: input.name,
      baseUrl: input.baseUrl,
      demo: input.demo ?? false,
      createdAt: (this.deps.clock?.() ?? new Date()).toISOString(),
    };
    if (row.demo) this.demoKeys.set(row.id, input.apiKey);
    else await this.deps.secrets.set(row.id, input.apiKey);
    try {
      this.deps.repo.insert(row);
    } catch (error) {
      await this.deps.secrets.delete(row.id).catch(() => false);
      throw error;
    }
    if (this.deps.repo.all().length === 1) this.deps.settings.setValue(SELECTED_KEY, row.id);
    await this.changed();
    return this.toAccount(row);
  }

  /** Renames, re-points or re-keys an account. A new key or address is checked before anything changes. */
  async update(input: { accountId: string; name?: string; baseUrl?: string; apiKey?: string }): Promise<Account> {
    const row = this.require(input.accountId);
    if (input.apiKey) this.deps.redactor.add(input.apiKey);
    if (input.name && input.name.toLowerCase() !== row.name.toLowerCase() && this.deps.repo.byName(input.name)) throw nameTaken(input.name);
    const baseUrl = input.baseUrl ?? row.baseUrl;
    if (row.demo && (baseUrl !== row.baseUrl || input.apiKey)) {
      // The demo's key is made for the local sandbox alone: it never goes to another address.
      const message =
        'The demo account works only with the sandbox on this computer: its address and key cannot be changed. Add an account for another service instead.';
      throw new AppError({
        kind: 'InvalidInput',
        code: 'accountDemoFixed',
        message,
        fields: { [input.apiKey && baseUrl === row.baseUrl ? 'apiKey' : 'baseUrl']: [message] },
      });
    }
    if (baseUrl !== row.baseUrl && !input.apiKey) {
      // The stored key goes only to the address it was given for: a new address needs it typed again.
      const message = 'Enter the API key again: SignDock sends the key to a new address only when you give it.';
      throw new AppError({ kind: 'InvalidInput', code: 'accountKeyForNewAddress', message, fields: { apiKey: [message] } });
    }
    if (input.apiKey || input.baseUrl) {
      const apiKey = input.apiKey ?? (await this.credentialsFor(row.id)).apiKey;
      const check = await this.check(baseUrl, apiKey);
      if (!check.ok) throw keyCheckError(check);
      if (input.apiKey) await this.deps.secrets.set(row.id, input.apiKey);
    }
    this.deps.repo.update(row.id, { name: input.name ?? row.name, baseUrl });
    await this.changed();
    return this.toAccount(this.require(row.id));
  }

  async test(input: { accountId: string } | { baseUrl: string; apiKey: string }): Promise<KeyCheck> {
    if ('accountId' in input) {
      const credentials = await this.credentialsFor(input.accountId);
      return this.check(credentials.baseUrl, credentials.apiKey);
    }
    this.deps.redactor.add(input.apiKey);
    const check = await this.check(input.baseUrl, input.apiKey);
    return check.ok ? { ...check, ...(await this.keychainProblem()) } : check;
  }

  /**
   * Whether the keychain can be reached, asked as Save would need it (a look-up of a key no account
   * has): a key that works but cannot be kept is said at Test, not only when Save refuses.
   */
  private async keychainProblem(): Promise<{ keychain?: { code: string; message: string } }> {
    try {
      await this.deps.secrets.get(KEYCHAIN_PROBE);
      return {};
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { keychain: { code: isAppError(error) ? (error.code ?? 'keychainUnavailable') : 'keychainUnavailable', message } };
    }
  }

  async remove(accountId: string): Promise<AccountsState> {
    const row = this.require(accountId);
    if (row.demo) this.demoKeys.delete(accountId);
    else await this.deps.secrets.delete(accountId);
    this.deps.repo.delete(accountId);
    if (this.deps.settings.getValue(SELECTED_KEY) === accountId) {
      this.deps.settings.setValue(SELECTED_KEY, this.deps.repo.all()[0]?.id ?? null);
    }
    return this.changed();
  }

  async select(accountId: string): Promise<AccountsState> {
    this.require(accountId);
    this.deps.settings.setValue(SELECTED_KEY, accountId);
    return this.changed();
  }

  /** Finds an account by name (or the selected one) with its key from the keychain. */
  async credentials(name?: string): Promise<Credentials> {
    const state = await this.state();
    const row = name ? this.deps.repo.byName(name) : state.selectedId ? this.deps.repo.byId(state.selectedId) : undefined;
    if (!row) {
      throw new AppError({
        kind: 'NotFound',
        code: name ? 'accountNotFound' : 'noAccount',
        params: name ? { name } : {},
        message: name ? `There is no account named "${name}".` : 'No account is set up yet. Add one first.',
      });
    }
    return this.credentialsFor(row.id);
  }

  async credentialsFor(accountId: string): Promise<Credentials> {
    const row = this.require(accountId);
    const override = this.deps.override;
    if (override?.apiKey) {
      this.deps.redactor.add(override.apiKey);
      return { accountId: row.id, name: row.name, baseUrl: override.baseUrl ?? row.baseUrl, apiKey: override.apiKey };
    }
    if (row.envFingerprint) {
      throw new AppError({
        kind: 'Unauthorized',
        code: 'keyMissing',
        params: { name: row.name },
        message: `The account "${row.name}" is used with the key in SIGNDOCK_API_KEY; set that variable again.`,
      });
    }
    const apiKey = row.demo ? this.demoKey(row.id) : await this.deps.secrets.get(row.id);
    if (!apiKey) {
      throw new AppError({
        kind: 'Unauthorized',
        code: 'keyMissing',
        params: { name: row.name },
        message: `The keychain holds no API key for the account "${row.name}". Remove the account and add it again.`,
      });
    }
    this.deps.redactor.add(apiKey);
    let baseUrl = row.baseUrl;
    if (row.demo && this.deps.ensureDemoService) {
      baseUrl = await this.deps.ensureDemoService(apiKey);
      if (baseUrl !== row.baseUrl) this.deps.repo.update(row.id, { name: row.name, baseUrl });
    }
    return { accountId: row.id, name: row.name, baseUrl, apiKey };
  }

  /** The demo's throw-away key: in memory only, a new one each run (the local sandbox is started with it). */
  private demoKey(accountId: string): string {
    let key = this.demoKeys.get(accountId);
    if (!key) {
      key = `sandbox_${randomBytes(24).toString('hex')}`;
      this.demoKeys.set(accountId, key);
    }
    return key;
  }

  async changed(): Promise<AccountsState> {
    const state = await this.state();
    this.deps.events.emit('accounts.changed', state);
    return state;
  }

  /** Checks a key with the service's retries; each wait is told as `accounts.keyCheckRetry` (UI and CLI show it). */
  private check(baseUrl: string, apiKey: string): Promise<KeyCheck> {
    return checkApiKey(baseUrl, apiKey, {
      http: this.deps.http,
      redactor: this.deps.redactor,
      onRetry: (waitMs, throttled) => this.deps.events.emit('accounts.keyCheckRetry', { seconds: Math.ceil(waitMs / 1000), throttled }),
    });
  }

  private require(accountId: string): AccountRow {
    const row = this.deps.repo.byId(accountId);
    if (!row) {
      throw new AppError({ kind: 'NotFound', code: 'accountGone', message: 'That account no longer exists.' });
    }
    return row;
  }

  private async toAccount(row: AccountRow): Promise<Account> {
    const keyElsewhere =
      row.demo ||
      (row.envFingerprint !== null && row.envFingerprint !== undefined) ||
      (row.id === this.runAccountId && Boolean(this.deps.override?.apiKey));
    let unreachable = false;
    const hasKey = keyElsewhere
      ? true
      : await this.deps.secrets.get(row.id).then(
          (key) => key !== null,
          () => ((unreachable = true), false),
        );
    return {
      id: row.id,
      name: row.name,
      baseUrl: row.baseUrl,
      createdAt: row.createdAt,
      demo: row.demo,
      hasKey,
      ...(unreachable ? { keychainUnreachable: true } : {}),
    };
  }
}

/** Identifies environment credentials without revealing the key: SHA-256 of address and key, 16 hex digits. */
export function environmentFingerprint(baseUrl: string, apiKey: string): string {
  return createHash('sha256').update(`signdock-env\n${baseUrl}\n${apiKey}`).digest('hex').slice(0, 16);
}

function nameTaken(name: string): AppError {
  return new AppError({
    kind: 'InvalidInput',
    code: 'accountNameTaken',
    params: { name },
    message: `An account named "${name}" already exists. Choose another name.`,
    fields: { name: [`An account named "${name}" already exists.`] },
  });
}

/** A failed key check as the typed error `accounts.add` and `auth login` report. */
export function keyCheckError(check: Extract<KeyCheck, { ok: false }>): AppError {
  const shape = {
    message: check.message,
    ...(check.status !== undefined ? { status: check.status } : {}),
    ...(check.code ? { code: check.code } : {}),
    ...(check.params ? { params: check.params } : {}),
  };
  switch (check.reason) {
    case 'unauthorized':
      return new AppError({
        kind: 'Unauthorized',
        code: 'keyRejected',
        params: { status: check.status ?? 401 },
        fields: { apiKey: [check.message] },
        ...shape,
      });
    case 'network':
      return new AppError({ kind: 'Network', fields: { baseUrl: [check.message] }, ...shape });
    case 'server':
      return new AppError({ kind: 'ServerError', ...shape });
    case 'busy':
      return new AppError({ kind: 'RateLimited', ...shape });
    default:
      // Only a 404 (no service at this address) is the address's fault.
      return new AppError({ kind: 'InvalidInput', ...(check.status === 404 ? { fields: { baseUrl: [check.message] } } : {}), ...shape });
  }
}
