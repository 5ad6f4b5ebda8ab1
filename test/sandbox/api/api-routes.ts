import { wireDocument, wireSignatureDetail } from '../core/serialize';
import type { DocumentRecord } from '../core/types';
import type { Refusal } from '../core/workflow';
import type { Reply } from '../http/reply';
import { detailReply, emptyReply, jsonReply } from '../http/reply';
import type { Route } from '../http/router';
import { path } from '../http/router';
import type { SandboxServices } from '../services';
import { altDocument, altPaginate, altSignature } from './alt-wire';
import type { ApiHandler } from './api-request';
import { downloadEvidence } from './downloads';
import { paginate } from './pagination';
import { readJsonBody } from './request-body';
import { validateCancel, validateInvalidate } from './validate-changes';
import { validateCreate } from './validate-create';

/** Maps a refused move to the service's answer. */
export function refusalReply(refusal: Refusal, services: SandboxServices): Reply {
  switch (refusal.kind) {
    case 'not-found':
      return detailReply(404, refusal.detail);
    case 'too-soon': {
      services.stats.throttled('reminder');
      const retryAfter =
        refusal.retryAfterSeconds === undefined ? {} : services.rateLimiter.retryAfterHeader(refusal.retryAfterSeconds * 1000);
      return detailReply(429, refusal.detail, retryAfter);
    }
    default:
      return detailReply(400, refusal.detail);
  }
}

/** A document as this sandbox's variant shows it (core/variant.ts, api/alt-wire.ts). */
function shown(services: SandboxServices, document: DocumentRecord, origin: string, moment: 'create' | 'read'): unknown {
  const wire = wireDocument(document, services.store, origin);
  return services.variant === 'alt' ? altDocument(wire, services.variantPrng, moment) : wire;
}

const list: ApiHandler = async ({ services, url, origin }) => {
  const documents = services.store.listDocuments().map((document) => shown(services, document, origin, 'read'));
  return jsonReply(200, services.variant === 'alt' ? altPaginate(documents, url) : paginate(documents, url, origin));
};

const create: ApiHandler = async ({ services, req, origin }) => {
  const body = await readJsonBody(req, services.limits.maxBodyBytes);
  if (!body.ok) return body.reply;
  const checked = validateCreate(body.value, services.limits.maxPdfBytes);
  if (!checked.ok) return jsonReply(400, checked.errors);
  const document = services.workflow.create(checked.value);
  services.stats.created(document.title, document.fileHash);
  const drop = services.faults.ambiguousCreate();
  if (drop) {
    services.stats.fault('ambiguous_creates');
    return { drop };
  }
  // service-api.md §4.2: "Exact response shape and status codes: not shown": 201, or 200 in the `alt` variant.
  return jsonReply(services.variant === 'alt' ? 200 : 201, shown(services, document, origin, 'create'));
};

const get: ApiHandler = async ({ services, params, origin }) => {
  const document = services.store.documents.get(params[0] ?? '');
  if (!document) return detailReply(404, 'Not found.');
  return jsonReply(200, shown(services, document, origin, 'read'));
};

const cancel: ApiHandler = async ({ services, req, params, origin }) => {
  const document = services.store.documents.get(params[0] ?? '');
  if (!document) {
    req.resume();
    return detailReply(404, 'Not found.');
  }
  const body = await readJsonBody(req, services.limits.maxBodyBytes);
  if (!body.ok) return body.reply;
  const checked = validateCancel(body.value);
  if (!checked.ok) return jsonReply(400, checked.errors);
  const outcome = services.workflow.cancel(document.id, checked.value.reason);
  if (!outcome.ok) return refusalReply(outcome, services);
  return jsonReply(200, shown(services, outcome.value, origin, 'read'));
};

const signature: ApiHandler = async ({ services, params, origin }) => {
  const found = services.store.signatures.get(params[0] ?? '');
  if (!found) return detailReply(404, 'Not found.');
  const detail = wireSignatureDetail(found, origin);
  return jsonReply(200, services.variant === 'alt' ? altSignature(detail, 'read') : detail);
};

const invalidate: ApiHandler = async ({ services, req, params }) => {
  const found = services.store.signatures.get(params[0] ?? '');
  if (!found) {
    req.resume();
    return detailReply(404, 'Not found.');
  }
  const body = await readJsonBody(req, services.limits.maxBodyBytes);
  if (!body.ok) return body.reply;
  const checked = validateInvalidate(body.value, found.validations);
  if (!checked.ok) return jsonReply(400, checked.errors);
  const outcome = services.workflow.invalidate(found.id, checked.value);
  if (!outcome.ok) return refusalReply(outcome, services);
  const { signature: invalidated, replacement } = outcome.value;
  return jsonReply(200, {
    id: invalidated.id,
    invalidation_reason: invalidated.invalidationReason,
    status: invalidated.status,
    // service-notes.md "Shapes": `new_signature_id` is not seen in practice; the `alt` variant leaves it out.
    ...(replacement && services.variant !== 'alt' ? { new_signature_id: replacement.id } : {}),
  });
};

const resend: ApiHandler = async ({ services, req, params }) => {
  req.resume();
  const outcome = services.workflow.resend(params[0] ?? '');
  if (!outcome.ok) return refusalReply(outcome, services);
  return emptyReply(200);
};

/** Every endpoint of the service (section 4 and the integrations' notes). `name` is the operation
 * that statistics and fault scopes use. */
export const apiRoutes: Route<ApiHandler>[] = [
  { name: 'list', method: 'GET', pattern: path('/api/v2/documents'), handler: list },
  { name: 'create', method: 'POST', pattern: path('/api/v2/documents/create'), handler: create },
  { name: 'get', method: 'GET', pattern: path('/api/v2/documents/:id'), handler: get },
  { name: 'cancel', method: 'PATCH', pattern: path('/api/v2/documents/:id/cancel'), handler: cancel },
  { name: 'download', method: 'GET', pattern: path('/api/v2/documents/:id/download/:kind'), handler: downloadEvidence },
  { name: 'signature', method: 'GET', pattern: path('/api/v2/signatures/:id'), handler: signature },
  { name: 'invalidate', method: 'PATCH', pattern: path('/api/v2/signatures/:id/invalidate'), handler: invalidate },
  { name: 'resend', method: 'POST', pattern: path('/api/v2/signatures/:id/resend-invitation'), handler: resend },
];
