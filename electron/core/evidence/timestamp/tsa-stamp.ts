import { requestTimestamp } from './tsa-client';
import type { TsaSettings } from './tsa-settings';
import { verifyToken } from './token-verify';

/**
 * Timestamps over records that are not bags (the journal's checkpoints, the team journal's end): a token
 * from the TSA this run has set (null when none is; a TSA that does not answer in 10 s throws), and a token
 * checked from its bytes against the TSA anchors set here.
 */

export function stampWith(settings: TsaSettings): (bytes: Buffer) => Promise<string | null> {
  return async (bytes) => {
    const tsa = settings.endpoint();
    return tsa ? (await requestTimestamp(tsa.url, bytes, { timeoutMs: 10_000 })).toString('base64') : null;
  };
}

export function checkWith(
  settings: TsaSettings,
): (token: string, covered: Buffer) => Promise<{ ok: true; time: Date; tsa: string; trusted: boolean } | { ok: false; problem: string }> {
  return async (token, covered) => {
    const result = await verifyToken(Buffer.from(token, 'base64'), covered, settings.anchors());
    return result.ok
      ? { ok: true, time: result.facts.time, tsa: result.facts.tsa, trusted: result.facts.trusted }
      : { ok: false, problem: result.problem };
  };
}
