import { resultSchema, type AppErrorShape, type Result } from '../../../shared';

/** A POST to the web host, and how its two transport failures are worded (English, for "Technical details"). */
export interface HostPost {
  path: string;
  contentType: string;
  body: BodyInit;
  /** The host could not be reached. */
  unreachable(error: unknown): string;
  /** The host answered with something that is not a result envelope. */
  unexpected(status: number): string;
}

/**
 * Posts to the web host with the session token and reads its result envelope. Always resolves:
 * an unreachable host, a refused session (401/403) or an unreadable answer become typed errors.
 */
export async function postToHost(token: string, post: HostPost): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await fetch(post.path, {
      method: 'POST',
      headers: { 'content-type': post.contentType, 'x-signdock-token': token },
      body: post.body,
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    return failure({ kind: 'Network', code: 'hostUnreachable', message: post.unreachable(error) });
  }
  const parsed = resultSchema.safeParse(await response.json().catch(() => undefined));
  if (response.status === 401 || response.status === 403) {
    const message = parsed.success && !parsed.data.ok ? parsed.data.error.message : `The session was refused (HTTP ${response.status}).`;
    return failure({ kind: 'Unauthorized', code: 'sessionRejected', message, status: response.status });
  }
  if (!parsed.success) return failure({ kind: 'Internal', code: 'badResponse', message: post.unexpected(response.status) });
  return parsed.data.ok ? { ok: true, value: parsed.data.value } : { ok: false, error: parsed.data.error };
}

/**
 * One contract call to the web host: `POST /api/call` with the session token. Always resolves to a
 * result envelope; transport failures become typed errors the UI can explain.
 */
export function postCall(token: string, name: string, input: unknown): Promise<Result<unknown>> {
  return postToHost(token, {
    path: '/api/call',
    contentType: 'application/json',
    body: JSON.stringify({ op: name, input }),
    unreachable: (error) => `SignDock's local service did not answer (${String(error)}).`,
    unexpected: (status) => `SignDock's local service answered in an unexpected way (HTTP ${status}).`,
  });
}

function failure(error: AppErrorShape): Result<never> {
  return { ok: false, error };
}
