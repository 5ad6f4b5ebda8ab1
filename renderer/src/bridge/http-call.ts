import { isAppError, resultSchema, type AppErrorShape, type Result } from '../../../shared';
import { SESSION_HEADER } from '../../../shared/contract/web-session';
import type { HostSession } from './host-session';

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
 * Posts to the web host with this start's session credential (the host proves itself first:
 * host-session.ts) and reads its result envelope. Always resolves: a host that cannot prove itself,
 * an unreachable host, a refused session (401/403) or an unreadable answer become typed errors.
 */
export async function postToHost(session: HostSession, post: HostPost): Promise<Result<unknown>> {
  const sent = await sendProven(session, post);
  if (!sent.ok) return sent;
  const response = sent.value;
  const parsed = resultSchema.safeParse(await response.json().catch(() => undefined));
  if (response.status === 401 || response.status === 403) {
    const message = parsed.success && !parsed.data.ok ? parsed.data.error.message : `The session was refused (HTTP ${response.status}).`;
    return failure({ kind: 'Unauthorized', code: 'sessionRejected', message, status: response.status });
  }
  if (!parsed.success) return failure({ kind: 'Internal', code: 'badResponse', message: post.unexpected(response.status) });
  return parsed.data.ok ? { ok: true, value: parsed.data.value } : { ok: false, error: parsed.data.error };
}

/**
 * One contract call to the web host: `POST /api/call` with the session credential. Always resolves to a
 * result envelope; transport failures become typed errors the UI can explain.
 */
export function postCall(session: HostSession, name: string, input: unknown): Promise<Result<unknown>> {
  return postToHost(session, {
    path: '/api/call',
    contentType: 'application/json',
    body: JSON.stringify({ op: name, input }),
    unreachable: (error) => `SignDock's local service did not answer (${String(error)}).`,
    unexpected: (status) => `SignDock's local service answered in an unexpected way (HTTP ${status}).`,
  });
}

/**
 * Sends with the credential, or answers why nothing was sent. A 401 means the host started again
 * since the credential was made: the host is proven again (the answer to a new nonce) and the post
 * sent once more; a call refused with 401 was not run.
 */
export async function sendProven(session: HostSession, post: HostPost, again = true): Promise<Result<Response>> {
  let credential: string;
  try {
    credential = await session.credential();
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toShape() };
    return failure({ kind: 'Network', code: 'hostUnreachable', message: post.unreachable(error) });
  }
  let response: Response;
  try {
    response = await fetch(post.path, {
      method: 'POST',
      headers: { 'content-type': post.contentType, [SESSION_HEADER]: credential },
      body: post.body,
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    session.forget(credential);
    return failure({ kind: 'Network', code: 'hostUnreachable', message: post.unreachable(error) });
  }
  if (response.status !== 401 || !again) return { ok: true, value: response };
  await response.body?.cancel().catch(() => undefined);
  session.forget(credential);
  return sendProven(session, post, false);
}

function failure(error: AppErrorShape): Result<never> {
  return { ok: false, error };
}
