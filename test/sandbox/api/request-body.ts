import type { IncomingMessage } from 'node:http';
import { BodyParseError, BodyTooLargeError, isNonJsonContentType, parseJson, readBody } from '../http/body';
import type { Reply } from '../http/reply';
import { detailReply } from '../http/reply';

export type JsonBody = { ok: true; value: unknown } | { ok: false; reply: Reply };

/** Reads a JSON request body as the service does: 415 for another declared type, 413 above the
 * size cap (and the connection is closed), 400 when it does not parse. An empty body is `undefined`. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  if (isNonJsonContentType(req)) {
    req.resume();
    return { ok: false, reply: detailReply(415, `Unsupported media type "${req.headers['content-type'] ?? ''}" in request.`) };
  }
  try {
    return { ok: true, value: parseJson(await readBody(req, maxBytes)) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      req.resume();
      return {
        ok: false,
        reply: detailReply(413, `Request body too large: at most ${Math.floor(error.limit / 1024 / 1024)} MB.`, { connection: 'close' }),
      };
    }
    if (error instanceof BodyParseError) return { ok: false, reply: detailReply(400, error.message) };
    throw error;
  }
}
