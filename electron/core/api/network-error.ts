import { AppError } from '../../../shared/contract/errors';
import { errorCodeOf } from './retry-policy';

/** Turns a low-level network failure into a `Network` error a clerk can act on. */
export function describeNetworkError(error: unknown, baseUrl: string): AppError {
  const host = safeHost(baseUrl);
  const code = errorCodeOf(error);
  const reason = reasonFor(code);
  return new AppError({
    kind: 'Network',
    code: `network.${reason}`,
    params: { host },
    message: messageFor(reason, host),
  });
}

type Reason = 'refused' | 'notFound' | 'timeout' | 'certificate' | 'reset' | 'other';

function reasonFor(code: string | undefined): Reason {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'notFound';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return 'reset';
    default:
      if (code && /CERT|SSL|TLS|SELF_SIGNED/.test(code)) return 'certificate';
      return 'other';
  }
}

function messageFor(reason: Reason, host: string): string {
  switch (reason) {
    case 'refused':
      return `Could not reach the service at ${host}: nothing answered there. Check the service address.`;
    case 'notFound':
      return `The service address ${host} could not be found. Check the address and the internet connection.`;
    case 'timeout':
      return `The service at ${host} did not answer in time. Try again in a moment.`;
    case 'certificate':
      return `The security certificate of ${host} could not be verified, so SignDock did not connect.`;
    case 'reset':
      return `The connection to ${host} was cut off. Try again in a moment.`;
    default:
      return `Could not talk to the service at ${host}. Check the address and the internet connection.`;
  }
}

function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
