import { AppError, type ErrorKind } from '../../../../shared/contract/errors';
import { tunnelProblem, type TunnelProblemCode } from '../../../../shared/domain/tunnel-words';
import type { TunnelProblem } from '../../../../shared/domain/webhooks';

/** The key an SSH server presented, for the "confirm once" question and the changed-key refusal. */
export interface HostKeySeen {
  host: string;
  port: number;
  keyType: string;
  fingerprint: string;
}

/** Problems that trying again cannot fix: the tunnel stops (state failed) until the user changes something. */
const permanent = new Set<TunnelProblemCode>([
  'listenerDown',
  'ngrokNoAuthtoken',
  'ngrokAuthtokenRefused',
  'ngrokDomainRefused',
  'ngrokUnavailable',
  'sshNotSet',
  'sshAuthRefused',
  'sshKeyUnreadable',
  'sshKeyEncrypted',
  'sshNoAgent',
  'sshHostKeyChanged',
  'sshHostKeyUnknown',
  'sshKnownHostsUnreadable',
]);

const kinds: Partial<Record<TunnelProblemCode, ErrorKind>> = {
  ngrokAuthtokenRefused: 'Unauthorized',
  sshAuthRefused: 'Unauthorized',
  sshHostKeyChanged: 'Unauthorized',
  ngrokNoAuthtoken: 'InvalidInput',
  sshNotSet: 'InvalidInput',
  ngrokDomainRefused: 'InvalidInput',
  sshPortTaken: 'Conflict',
};

/** A tunnel problem in words (code `webhooks.tunnel.<code>`), and whether the manager should try again. */
export class TunnelFailure extends AppError {
  readonly retry: boolean;
  readonly problem: TunnelProblem;

  constructor(
    readonly problemCode: TunnelProblemCode,
    params: Record<string, string | number> = {},
    readonly hostKey: HostKeySeen | null = null,
  ) {
    const problem = tunnelProblem(problemCode, params);
    super({ kind: kinds[problemCode] ?? 'Network', code: problem.code, message: problem.message, params });
    this.problem = problem;
    this.retry = !permanent.has(problemCode);
  }
}

/** Any error as a problem for the status: tunnel failures and coded AppErrors keep their code. */
export function problemOf(error: unknown): TunnelProblem {
  if (error instanceof TunnelFailure) return error.problem;
  if (error instanceof AppError)
    return { code: error.code ?? 'internal', message: error.message, ...(error.params ? { params: error.params } : {}) };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/** Whether the manager should try again after this error (unknown errors: yes, with back-off). */
export function retryable(error: unknown): boolean {
  if (error instanceof TunnelFailure) return error.retry;
  if (error instanceof AppError)
    return error.code !== 'webhooks.noTunnel' && error.kind !== 'InvalidInput' && error.code !== 'keychainUnavailable';
  return true;
}
