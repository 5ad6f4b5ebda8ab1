import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from '../http/reply';
import { detailReply, jsonReply } from '../http/reply';
import { matchRoute } from '../http/router';
import { writeReply } from '../http/write-reply';
import type { SandboxServices } from '../services';
import { guardControl } from './control-guard';
import { controlRoutes, readControlBody } from './control-routes';

function describeRoutes(): string[] {
  return controlRoutes.map((route) => `${route.method} ${route.template ?? route.pattern.source}`);
}

/** The control API (no API key, no faults, but its own token): plays signers, configures webhooks,
 * faults, rate limits and auto-sign, and reports statistics and state. JSON in and out. */
export async function handleControl(services: SandboxServices, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const refused = guardControl(req, services.baseUrl, services.controlToken);
  if (refused) {
    req.resume();
    await writeReply(res, refused, services.timers);
    return;
  }
  const url = new URL(req.url ?? '/', services.baseUrl);
  const match = matchRoute(controlRoutes, req.method ?? 'GET', url.pathname);
  let reply: Reply;
  try {
    if (match.kind === 'not-found') {
      reply = /^\/_sandbox\/?$/.test(url.pathname)
        ? jsonReply(200, { endpoints: describeRoutes() })
        : detailReply(404, 'No such control endpoint.');
    } else if (match.kind === 'method-not-allowed') {
      reply = detailReply(405, `Method "${req.method ?? ''}" not allowed.`, { allow: match.allowed.join(', ') });
    } else {
      const body = await readControlBody(req, services.limits.maxBodyBytes);
      reply = body.ok ? await match.route.handler({ services, req, url, params: match.params, body: body.value }) : body.reply;
    }
  } catch (error) {
    services.log(`Control error on ${req.method ?? ''} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
    reply = detailReply(500, (error as Error).message);
  }
  await writeReply(res, reply, services.timers);
}
