import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/body';
import { detailReply, type Reply } from '../http/reply';
import { writeReply } from '../http/write-reply';
import type { SandboxServices } from '../services';

/** Where the time-stamping authority answers, under the sandbox's address (RFC 3161 §3.4, HTTP). */
export const TSA_PATH = '/tsa';
const maxRequestBytes = 64 * 1024;

/**
 * `POST /tsa` with `Content-Type: application/timestamp-query` → `application/timestamp-reply`. While
 * the TSA is switched off (`PUT /_sandbox/tsa {"enabled": false}`) the connection is dropped without
 * an answer, as an unreachable TSA would be.
 */
export async function handleTsa(services: SandboxServices, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!services.tsa.config.enabled) {
    req.resume();
    res.socket?.destroy();
    return;
  }
  let reply: Reply;
  if (req.method !== 'POST') reply = detailReply(405, 'The time-stamping authority takes POST requests.', { allow: 'POST' });
  else if ((req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/timestamp-query') {
    req.resume();
    reply = detailReply(415, 'Send a TimeStampReq as application/timestamp-query.');
  } else {
    try {
      const body = await services.tsa.respond(await readBody(req, maxRequestBytes));
      reply = { status: 200, headers: { 'content-type': 'application/timestamp-reply' }, body, json: false };
    } catch (error) {
      reply =
        error instanceof BodyTooLargeError
          ? detailReply(413, 'A time-stamp request is a few hundred bytes.')
          : detailReply(400, 'The request could not be read.');
    }
  }
  await writeReply(res, reply, services.timers);
}
