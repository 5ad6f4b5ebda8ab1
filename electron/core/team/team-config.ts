import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { ConnectionOptions } from 'node:tls';
import type { PoolConfig } from 'pg';
import { AppError } from '../../../shared/contract/errors';

/**
 * Where the team store is and who this computer is, from the environment: `SIGNDOCK_TEAM_URL` (a
 * PostgreSQL URL, `postgres://LOGIN:PASSWORD@HOST:PORT/DATABASE?sslmode=…&sslrootcert=FILE`) and
 * `SIGNDOCK_COMPUTER_NAME` (else the host name). The member is not configured: it is the database
 * login, as the server says (`current_user`). `sslmode` has libpq's meaning: disable/allow/prefer
 * connect without TLS (pg cannot fall back, so these never try it), `require` encrypts without
 * checking the certificate, `verify-ca` checks it against the CA, `verify-full` the CA and the host
 * name; `sslrootcert=FILE` is the CA (PEM), `sslrootcert=system` the system's CAs. The password is
 * never in a message: `redact` lists it for the log's redactor.
 */

export const TEAM_URL_ENV = 'SIGNDOCK_TEAM_URL';
export const COMPUTER_NAME_ENV = 'SIGNDOCK_COMPUTER_NAME';

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const sslModes: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

export interface TeamConfig {
  /** The store as people see it: host, port and database, never the password. */
  where: string;
  login: string;
  computer: string;
  sslMode: SslMode;
  pool: PoolConfig;
  /** Secrets of the URL (the password) for the redactor. */
  redact: string[];
}

const badUrl = (why: string) =>
  new AppError({
    kind: 'InvalidInput',
    code: 'team.badUrl',
    message: `${TEAM_URL_ENV} is not a usable PostgreSQL address: ${why}. It looks like postgres://LOGIN:PASSWORD@HOST:5432/DATABASE?sslmode=verify-full&sslrootcert=/path/ca.pem`,
  });

/** The team configured by the environment, or null when there is none (SignDock works alone, as always). */
export function teamConfigFrom(env: NodeJS.ProcessEnv): TeamConfig | null {
  const raw = env[TEAM_URL_ENV]?.trim();
  if (!raw) return null;
  return parseTeamUrl(raw, env[COMPUTER_NAME_ENV]?.trim() || hostname());
}

export function parseTeamUrl(raw: string, computer: string): TeamConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl('it is not a web-style address');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw badUrl(`it starts with "${url.protocol}" instead of postgres://`);
  if (!url.hostname) throw badUrl('it names no server');
  const login = decodeURIComponent(url.username);
  if (!login) throw badUrl('it names no login (postgres://LOGIN:PASSWORD@…)');
  const password = decodeURIComponent(url.password);
  const port = url.port ? Number(url.port) : 5432;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || login;
  const mode = (url.searchParams.get('sslmode') ?? 'prefer') as SslMode;
  if (!sslModes.includes(mode)) throw badUrl(`sslmode "${mode}" is not one of ${sslModes.join(', ')}`);
  const host = url.hostname.replace(/^\[(.+)\]$/, '$1');
  const pool: PoolConfig = {
    host,
    port,
    user: login,
    database,
    ...(password ? { password } : {}),
    ssl: tlsOptions(mode, url.searchParams.get('sslrootcert')),
    application_name: `SignDock on ${computer}`.slice(0, 63),
    connectionTimeoutMillis: 10_000,
    max: 4,
    idleTimeoutMillis: 30_000,
  };
  return { where: `${host}:${port}/${database}`, login, computer, sslMode: mode, pool, redact: password ? [password, raw] : [raw] };
}

function tlsOptions(mode: SslMode, rootCert: string | null): false | ConnectionOptions {
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  if (mode === 'require' && !rootCert) return { rejectUnauthorized: false };
  let ca: string | undefined;
  if (rootCert && rootCert !== 'system') {
    try {
      ca = readFileSync(rootCert, 'utf8');
    } catch (error) {
      throw badUrl(`the CA file in sslrootcert (${rootCert}) cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  }
  const options: ConnectionOptions = { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
  // verify-ca (and require with a CA, as libpq does): the chain is checked, the host name is not.
  if (mode !== 'verify-full') options.checkServerIdentity = () => undefined;
  return options;
}
