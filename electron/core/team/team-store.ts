import pg from 'pg';
import { AppError } from '../../../shared/contract/errors';
import type { Logger } from '../logging/logger';
import type { TeamConfig } from './team-config';
import { rolesAndGrants, steps, teamSchemaVersion } from './team-schema';
import { teamFailure } from './team-words';

/**
 * The connection to the team store (PostgreSQL): a small pool, every failure in words
 * (team-words.ts), the schema's version checked before the first use (`ready`), this computer
 * recorded as seen by its member (the login, as the server says: `current_user`). `init` creates or
 * upgrades the schema and the roles (`team init`); `status` is what `team status` shows.
 */

export interface TeamIdentity {
  member: string;
  computer: string;
  schemaVersion: number;
}

export interface TeamStatus extends TeamIdentity {
  store: string;
  sslMode: string;
  members: string[];
  computers: { computer: string; member: string; lastSeen: string }[];
  /** Who does each duty (the listener, the automatic reminders) for each account, until when; `expired`: free for the next computer that asks. */
  duties: { duty: string; account: string; computer: string; member: string; since: string; until: string; expired: boolean }[];
}

/** One key for the advisory lock `team init` holds, so two inits at once apply each step once. */
const initLock = 0x5167_0001;

export class TeamStore {
  private readonly pool: pg.Pool;
  private identity: Promise<TeamIdentity> | null = null;

  constructor(
    readonly config: TeamConfig,
    private readonly appVersion: string,
    private readonly logger?: Logger,
  ) {
    this.pool = new pg.Pool(config.pool);
    // A pooled connection the server drops (restart, network cut) must not end the process: the next query reconnects.
    this.pool.on('error', (error) =>
      this.logger?.log('warn', 'team store: an idle connection ended', { error: teamFailure(error, config).message }),
    );
  }

  get computer(): string {
    return this.config.computer;
  }

  /** A query, its failure in words. */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw teamFailure(error, this.config);
    }
  }

  /** `work` in one transaction on one connection (committed when it resolves, rolled back when it throws); failures in words. */
  async transaction<T>(
    work: (
      query: <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>,
    ) => Promise<T>,
  ): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw teamFailure(error, this.config);
    }
    try {
      await client.query('BEGIN');
      const result = await work(<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => client.query<R>(text, values));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw teamFailure(error, this.config);
    } finally {
      client.release();
    }
  }

  /** Connected, the schema at this app's version, this computer recorded: who we are. Checked once; a failure is checked again next time. */
  ready(): Promise<TeamIdentity> {
    this.identity ??= this.check().catch((error: unknown) => {
      this.identity = null;
      throw error;
    });
    return this.identity;
  }

  private async check(): Promise<TeamIdentity> {
    const version = await this.schemaVersion();
    if (version === null || version < teamSchemaVersion) {
      throw new AppError({
        kind: 'Unavailable',
        code: 'team.notInitialised',
        message: `The team store (${this.config.where}) is ${version === null ? 'not set up yet' : `at an older version (${version})`}: whoever administers the database runs "signdock team init" once.`,
      });
    }
    if (version > teamSchemaVersion) throw tooNew(version);
    const seen = await this.query<{ member: string }>(
      `INSERT INTO signdock.computers (computer, app_version) VALUES ($1, $2)
       ON CONFLICT (computer, member) DO UPDATE SET last_seen = now(), app_version = EXCLUDED.app_version
       RETURNING member`,
      [this.config.computer, this.appVersion],
    );
    return { member: seen.rows[0]!.member, computer: this.config.computer, schemaVersion: version };
  }

  /** The store's schema version; null when `team init` never ran there. */
  async schemaVersion(): Promise<number | null> {
    const table = await this.query<{ found: string | null }>(`SELECT to_regclass('signdock.schema_version')::text AS found`);
    if (!table.rows[0]?.found) return null;
    const row = await this.query<{ version: number }>('SELECT version FROM signdock.schema_version');
    return row.rows[0]?.version ?? null;
  }

  /** Creates or upgrades the schema and the roles; idempotent; refuses a store newer than this app (and writes nothing). */
  async init(): Promise<{ from: number | null; to: number }> {
    const from = await this.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock($1)', [initLock]);
      // The one place the journal's append-only trigger lets a change through (this transaction only).
      await query(`SELECT set_config('signdock.maintenance', 'on', true)`);
      const table = await query<{ found: string | null }>(`SELECT to_regclass('signdock.schema_version')::text AS found`);
      const found = table.rows[0]?.found
        ? ((await query<{ version: number }>('SELECT version FROM signdock.schema_version')).rows[0]?.version ?? 0)
        : null;
      if (found !== null && found > teamSchemaVersion) throw tooNew(found);
      for (let version = (found ?? 0) + 1; version <= teamSchemaVersion; version += 1) await query(steps[version - 1]!);
      await query(
        `INSERT INTO signdock.schema_version (version) VALUES ($1)
         ON CONFLICT (only_row) DO UPDATE SET version = EXCLUDED.version, upgraded_at = now(), upgraded_by = current_user`,
        [teamSchemaVersion],
      );
      await query(rolesAndGrants);
      return found;
    });
    this.identity = null;
    return { from, to: teamSchemaVersion };
  }

  async status(): Promise<TeamStatus> {
    const identity = await this.ready();
    const computers = await this.query<{ computer: string; member: string; last_seen: Date }>(
      'SELECT computer, member, last_seen FROM signdock.computers ORDER BY last_seen DESC, computer, member',
    );
    const duties = await this.query<{
      name: string;
      account: string;
      computer: string;
      member: string;
      taken_at: Date;
      expires_at: Date;
      expired: boolean;
    }>(
      'SELECT name, account, computer, member, taken_at, expires_at, expires_at <= now() AS expired FROM signdock.duties ORDER BY name, account',
    );
    return {
      ...identity,
      store: this.config.where,
      sslMode: this.config.sslMode,
      members: [...new Set(computers.rows.map((row) => row.member))].sort(),
      computers: computers.rows.map((row) => ({ computer: row.computer, member: row.member, lastSeen: row.last_seen.toISOString() })),
      duties: duties.rows.map((row) => ({
        duty: row.name,
        account: row.account,
        computer: row.computer,
        member: row.member,
        since: row.taken_at.toISOString(),
        until: row.expires_at.toISOString(),
        expired: row.expired,
      })),
    };
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

function tooNew(version: number): AppError {
  return new AppError({
    kind: 'Unavailable',
    code: 'team.tooNew',
    message: `This SignDock is older than the team store (its schema is at version ${version}, this app knows ${teamSchemaVersion}): update it. Nothing was written.`,
  });
}
