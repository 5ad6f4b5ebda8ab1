import { request, type Dispatcher } from 'undici';
import type { KeyCheck } from '../../../shared/domain/accounts';
import { describeNetworkError } from './network-error';

/** Checks an API key the way the interface says to: `GET /api/v2/documents` with the Bearer key. */
export async function checkApiKey(baseUrl: string, apiKey: string, dispatcher: Dispatcher): Promise<KeyCheck> {
  let status: number;
  try {
    const response = await request(`${baseUrl}/api/v2/documents?limit=1`, {
      method: 'GET',
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      dispatcher,
    });
    status = response.statusCode;
    await response.body.dump({ limit: 64 * 1024 });
  } catch (error) {
    const described = describeNetworkError(error, baseUrl);
    return {
      ok: false,
      reason: 'network',
      message: described.message,
      ...(described.code ? { code: described.code } : {}),
      ...(described.params ? { params: described.params } : {}),
    };
  }
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status === 401 || status === 403) {
    return { ok: false, reason: 'unauthorized', status, message: `The service did not accept this API key (${status}).` };
  }
  if (status >= 500) {
    return { ok: false, reason: 'server', status, message: `The service had a problem answering (${status}). Try again in a moment.` };
  }
  if (status === 404) {
    return {
      ok: false,
      reason: 'unexpected',
      status,
      message: `No e-signature service answered at this address (404). Check the service address.`,
    };
  }
  return { ok: false, reason: 'unexpected', status, message: `The service answered in an unexpected way (${status}).` };
}
