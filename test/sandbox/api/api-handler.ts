import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outcome, Reply } from '../http/reply';
import { detailReply, emptyReply, isDrop, textReply } from '../http/reply';
import type { Match } from '../http/router';
import { matchRoute } from '../http/router';
import { writeReply } from '../http/write-reply';
import type { SandboxServices } from '../services';
import type { ApiHandler } from './api-request';
import { apiRoutes } from './api-routes';
import type { FaultPlan } from './faults';

/** A 5xx as a proxy or framework in front of the service would send it: not JSON. */
function serverError(status: number): Reply {
  const reason =
    status === 502 ? 'Bad Gateway' : status === 503 ? 'Service Unavailable' : status === 504 ? 'Gateway Timeout' : 'Server Error';
  return textReply(
    status,
    `<html><head><title>${status} ${reason}</title></head><body><h1>${reason} (${status})</h1></body></html>\n`,
    'text/html; charset=utf-8',
  );
}

/**
 * The `alt` variant's errors (core/variant.ts). service-api.md §7 "Error body shape … not shown",
 * §5 "Response for a missing or invalid key: not shown", §8 "retry-after behaviour: not shown";
 * service-notes.md "Errors": "Some error responses are not JSON … Treat 401 and 403 as …".
 * A bad key: 403 with an empty body; a throttle: 429, empty, no `Retry-After`; not found: an HTML page.
 */
function altError(status: 403 | 404 | 429): Reply {
  if (status === 404)
    return textReply(
      404,
      '<!doctype html><html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>\n',
      'text/html; charset=utf-8',
    );
  return emptyReply(status);
}

async function decide(
  services: SandboxServices,
  req: IncomingMessage,
  url: URL,
  match: Match<ApiHandler>,
  plan: FaultPlan,
): Promise<Outcome> {
  const alt = services.variant === 'alt';
  if (match.kind === 'not-found') return alt ? altError(404) : detailReply(404, 'Not found.');

  const auth = services.keys.check(req);
  if (!auth.ok) return alt ? altError(403) : detailReply(401, auth.detail, { 'www-authenticate': 'Bearer realm="api"' });

  const taken = services.rateLimiter.take(auth.key);
  if (!taken.ok) {
    services.stats.throttled('rate_limit');
    if (alt) return altError(429);
    return detailReply(
      429,
      `Request was throttled. Expected available in ${Math.max(1, Math.ceil(taken.retryAfterMs / 1000))} seconds.`,
      services.rateLimiter.retryAfterHeader(taken.retryAfterMs),
    );
  }
  const quota = services.faults.config.create_quota;
  const overQuota = quota >= 0 && match.kind === 'found' && match.route.name === 'create' && services.stats.createdTotal >= quota;
  if (plan.throttle || overQuota) {
    services.stats.throttled('fault');
    services.stats.fault('throttles');
    if (alt) return altError(429);
    return detailReply(429, 'Request was throttled. Expected available in 1 second.', services.rateLimiter.retryAfterHeader(1000));
  }
  if (plan.errorStatus !== null) {
    services.stats.fault('errors');
    return serverError(plan.errorStatus);
  }
  if (match.kind === 'method-not-allowed') {
    return detailReply(405, `Method "${req.method ?? ''}" not allowed.`, { allow: match.allowed.join(', ') });
  }
  const origin = req.headers.host ? `http://${req.headers.host}` : services.baseUrl;
  return match.route.handler({ services, req, url, origin, params: match.params });
}

/** The service API: routing, authentication, rate limiting, faults, then the endpoint. */
export async function handleApi(services: SandboxServices, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', services.baseUrl);
  const match = matchRoute(apiRoutes, req.method ?? 'GET', url.pathname);
  const operation = match.kind === 'not-found' ? 'unknown' : match.kind === 'found' ? match.route.name : match.name;
  services.stats.request(operation);
  const plan = services.faults.plan(operation);
  if (plan.latencyMs > 0) await services.timers.delay(plan.latencyMs);

  let outcome: Outcome;
  try {
    outcome = await decide(services, req, url, match, plan);
  } catch (error) {
    services.log(`Internal error on ${req.method ?? ''} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
    outcome = serverError(500);
  }
  if (services.variant === 'alt' && !isDrop(outcome) && outcome.status === 404) outcome = altError(404);

  if (isDrop(outcome)) {
    services.log(`Fault: ${outcome.drop} the connection of ${req.method ?? ''} ${url.pathname} after acting on it`);
    if (outcome.drop === 'destroy') req.socket.destroy();
    return;
  }
  services.stats.status(outcome.status);
  if (plan.malformed && outcome.json) services.stats.fault('malformed');
  if (plan.slowBody) services.stats.fault('slow_bodies');
  services.log(`${req.method ?? ''} ${url.pathname}${url.search} → ${outcome.status}`);
  await writeReply(res, outcome, services.timers, { malformed: plan.malformed, slow: plan.slowBody });
}
