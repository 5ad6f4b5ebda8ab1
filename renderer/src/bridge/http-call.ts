import { resultSchema, type AppErrorShape, type Result } from '../../../shared';

/**
 * One contract call to the web host: `POST /api/call` with the session token. Always resolves to a
 * result envelope; transport failures become typed errors the UI can explain.
 */
export async function postCall(token: string, name: string, input: unknown): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await fetch('/api/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signdock-token': token },
      body: JSON.stringify({ op: name, input }),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    return failure({ kind: 'Network', code: 'hostUnreachable', message: `SignDock's local service did not answer (${String(error)}).` });
  }
  const parsed = resultSchema.safeParse(await response.json().catch(() => undefined));
  if (response.status === 401 || response.status === 403) {
    const message = parsed.success && !parsed.data.ok ? parsed.data.error.message : `The session was refused (HTTP ${response.status}).`;
    return failure({ kind: 'Unauthorized', code: 'sessionRejected', message, status: response.status });
  }
  if (!parsed.success) {
    return failure({ kind: 'Internal', code: 'badResponse', message: `SignDock's local service answered in an unexpected way (HTTP ${response.status}).` });
  }
  return parsed.data.ok ? { ok: true, value: parsed.data.value } : { ok: false, error: parsed.data.error };
}

function failure(error: AppErrorShape): Result<never> {
  return { ok: false, error };
}
