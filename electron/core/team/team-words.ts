import { AppError, isAppError } from '../../../shared/contract/errors';
import type { TeamConfig } from './team-config';

/**
 * The team store's failures in words a clerk understands: which store, what went wrong, what to do.
 * Never the password (messages are built from the config's `where` and login, never from the URL),
 * never PostgreSQL's raw text alone. `teamFailure` classifies; `waitWords` is what sending says.
 */

export const teamUnreachableCode = 'team.unreachable';

const networkCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);
const certificateCodes = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

interface Failure {
  code?: string;
  message?: string;
  errors?: unknown[];
}

/** The first code found on the error or the errors it aggregates (Node reports every address it tried). */
function codeOf(error: Failure): string | undefined {
  if (error.code) return error.code;
  for (const inner of error.errors ?? []) {
    const code = (inner as Failure | null)?.code;
    if (code) return code;
  }
  return undefined;
}

/** A PostgreSQL or connection error as an AppError with words; an AppError already in words passes through. */
export function teamFailure(error: unknown, config: Pick<TeamConfig, 'where' | 'login' | 'sslMode'>): AppError {
  if (isAppError(error)) return error as AppError;
  const failure = (error ?? {}) as Failure;
  const code = codeOf(failure);
  const text = failure.message ?? String(error);
  const store = `the team store (${config.where})`;
  const make = (kind: AppError['kind'], reason: string, teamCode = teamUnreachableCode) => {
    const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
    return new AppError({ kind, code: teamCode, params: { reason }, message: `${sentence}.` });
  };

  if (code === '28P01')
    return make('Unauthorized', `${store} refused the login "${config.login}": wrong password (or no such login)`, 'team.wrongPassword');
  if (code === '28000' && /no encryption/i.test(text))
    return make(
      'Unauthorized',
      `${store} requires TLS and this connection has none: add sslmode=verify-full (with sslrootcert=CA file) to ${'SIGNDOCK_TEAM_URL'}`,
      'team.tlsRequired',
    );
  if (code === '28000')
    return make('Unauthorized', `${store} does not let the login "${config.login}" in from this computer`, 'team.refused');
  if (code === '3D000')
    return make('InvalidInput', `${store} has no such database: check the name at the end of SIGNDOCK_TEAM_URL`, 'team.noDatabase');
  if (code === '42501')
    return make(
      'Unauthorized',
      `the login "${config.login}" may not do this in ${store}: the administrator grants it signdock_member (see the README, Team)`,
      'team.notMember',
    );
  if (/does not support SSL/i.test(text))
    return make('InvalidInput', `${store} does not offer TLS, but sslmode=${config.sslMode} asks for it`, 'team.noTlsOnServer');
  if (code && certificateCodes.has(code))
    return make(
      'Unauthorized',
      `${store}'s certificate is not trusted (${code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? 'it is for another host name' : 'no CA given in sslrootcert vouches for it'})`,
      'team.certificate',
    );
  if (code && networkCodes.has(code)) {
    const why =
      code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'its host name is not known'
        : code === 'ECONNREFUSED'
          ? 'nothing answers at that address'
          : 'the connection failed';
    return make('Network', `${store} cannot be reached: ${why}`);
  }
  if (code === '57P01' || code === '57P02' || code === '57P03' || /terminat|timeout|Connection ended/i.test(text))
    return make('Network', `${store} cannot be reached: the connection was cut or the server is not accepting connections`);
  return make('Network', `${store} failed: ${text.replace(/postgres(ql)?:\/\/\S+/gi, '[address]')}`);
}

/** What sending and bulk actions say when the team store cannot be used. */
export function waitWords(reason: string): string {
  return `Team store unreachable — sending and bulk actions wait: ${reason}`;
}

/** The AppError a send job stops with (it pauses, resumable; nothing is sent on local claims alone). */
export function teamWaits(error: AppError): AppError {
  const reason = typeof error.params?.reason === 'string' ? error.params.reason : error.message;
  return new AppError({
    kind: error.kind === 'Unauthorized' ? 'Unauthorized' : 'Network',
    code: teamUnreachableCode,
    params: { reason },
    message: waitWords(reason),
  });
}
