import type { IncomingMessage } from 'node:http';
import { validateCreate } from '../api/validate-create';
import { isPlainObject } from '../api/validation-errors';
import { defaultRateLimit } from '../api/rate-limit';
import { noFaults } from '../api/faults';
import { evidenceFaults } from '../evidence/hostile-package';
import { defaultAutoSign } from '../core/auto-signer';
import { newApiKey } from '../core/ids';
import { wireDocument, wireSignatureDetail } from '../core/serialize';
import type { Outcome, SignerAct } from '../core/workflow';
import type { SignatureRecord } from '../core/types';
import { samplePdf } from '../demo/sample-pdf';
import { BodyParseError, parseJson, readBody } from '../http/body';
import type { Reply } from '../http/reply';
import { detailReply, jsonReply } from '../http/reply';
import type { Route } from '../http/router';
import { path } from '../http/router';
import type { SandboxServices } from '../services';
import { defaultWebhookConfig } from '../webhooks/webhook-sender';
import { configPatch } from './config-patch';
import { defaultTsaConfig } from '../tsa/tsa-authority';

export interface ControlRequest {
  services: SandboxServices;
  req: IncomingMessage;
  url: URL;
  params: string[];
  body: unknown;
}

export type ControlHandler = (request: ControlRequest) => Promise<Reply> | Reply;

function signerAct(body: unknown): SignerAct {
  if (!isPlainObject(body)) return {};
  const act: SignerAct = {};
  for (const key of ['name', 'ip', 'device', 'phone'] as const) {
    const value = body[key];
    if (typeof value === 'string') act[key] = value;
  }
  return act;
}

/** The answer to a signer's move: the signature as `GET /signatures/{id}` shows it, and its document. */
function signerReply(services: SandboxServices, outcome: Outcome<SignatureRecord>): Reply {
  if (!outcome.ok) return detailReply(outcome.kind === 'not-found' ? 404 : 409, outcome.detail);
  const document = services.store.documents.get(outcome.value.documentId);
  return jsonReply(200, {
    signature: wireSignatureDetail(outcome.value, services.baseUrl),
    document: document ? wireDocument(document, services.store, services.baseUrl) : null,
  });
}

const signerMove =
  (move: 'open' | 'sign' | 'reject'): ControlHandler =>
  ({ services, params, body }) =>
    signerReply(services, services.workflow[move](params[0] ?? '', signerAct(body)));

const signAll: ControlHandler = ({ services, body }) => {
  const signed: string[] = [];
  const completed: string[] = [];
  for (const document of services.store.listDocuments().reverse()) {
    if (document.status !== 'PE') continue;
    for (const signature of services.store.signaturesOf(document)) {
      if (signature.status !== 'IN' && signature.status !== 'PE') continue;
      if (services.workflow.sign(signature.id, signerAct(body)).ok) signed.push(signature.id);
    }
    if (services.store.documents.get(document.id)?.status === 'CO') completed.push(document.id);
  }
  return jsonReply(200, { signed, completed });
};

const setWebhook: ControlHandler = ({ services, body }) => {
  const patch = configPatch(body, defaultWebhookConfig, {
    nullable: ['url', 'secret'],
    ranges: {
      max_retries: [0, 100],
      retry_base_ms: [0, 3_600_000],
      timeout_ms: [1, 600_000],
      duplicate_rate: [0, 1],
      shuffle_window_ms: [0, 60_000],
    },
  });
  if (!patch.ok) return detailReply(400, patch.detail);
  const url = patch.value.url;
  if (typeof url === 'string' && !/^https?:\/\/[^\s]+$/.test(url)) return detailReply(400, '"url" must be an http or https URL.');
  return jsonReply(200, services.webhooks.configure(patch.value));
};

const setFaults: ControlHandler = ({ services, body }) => {
  const rate: [number, number] = [0, 1];
  const patch = configPatch(body, noFaults, {
    nullable: ['operations', 'evidence_fault', 'evidence_fault_documents'],
    ranges: {
      error_rate: rate,
      throttle_rate: rate,
      slow_body_rate: rate,
      malformed_json_rate: rate,
      ambiguous_create_rate: rate,
      create_quota: [-1, 1_000_000_000],
      latency_ms: [0, 600_000],
      latency_jitter_ms: [0, 600_000],
      slow_body_chunk_bytes: [1, 1 << 20],
      slow_body_delay_ms: [0, 60_000],
    },
    choices: { ambiguous_create_mode: ['destroy', 'hang'], evidence_fault: evidenceFaults },
  });
  if (!patch.ok) return detailReply(400, patch.detail);
  const { evidence_fault: fault, evidence_fault_documents: documents } = patch.value;
  if (fault !== undefined && fault !== null && typeof fault !== 'string')
    return detailReply(400, `"evidence_fault" must be one of ${evidenceFaults.join(', ')}, or null.`);
  if (documents !== undefined && documents !== null && !(Array.isArray(documents) && documents.every((id) => typeof id === 'string')))
    return detailReply(400, '"evidence_fault_documents" must be a list of document ids, or null.');
  return jsonReply(200, services.faults.configure(patch.value));
};

const setAutoSign: ControlHandler = ({ services, body }) => {
  const patch = configPatch(body, defaultAutoSign, { ranges: { delay_ms: [0, 86_400_000], reject_rate: [0, 1] } });
  if (!patch.ok) return detailReply(400, patch.detail);
  return jsonReply(200, services.autoSigner.configure(patch.value));
};

const setRateLimit: ControlHandler = ({ services, body }) => {
  const patch = configPatch(body, defaultRateLimit, {
    ranges: { rate: [0, 1_000_000], burst: [1, 1_000_000] },
    choices: { retry_after: ['seconds', 'date', 'off'] },
  });
  if (!patch.ok) return detailReply(400, patch.detail);
  return jsonReply(200, services.rateLimiter.configure(patch.value));
};

const setTsa: ControlHandler = ({ services, body }) => {
  const patch = configPatch(body, defaultTsaConfig, {
    ranges: { gen_time_offset_seconds: [-1e10, 1e10] },
    choices: { signer: ['tsa', 'decoy'] },
  });
  if (!patch.ok) return detailReply(400, patch.detail);
  for (const key of ['cert_not_before', 'cert_not_after', 'signing_time'] as const) {
    const value = patch.value[key];
    if (value !== undefined && (key !== 'signing_time' || value !== '') && Number.isNaN(Date.parse(value)))
      return detailReply(400, `"${key}" must be an ISO date.`);
  }
  services.tsa.configure(patch.value);
  return jsonReply(200, services.tsa.config);
};

const addKey: ControlHandler = ({ services, body }) => {
  const given = isPlainObject(body) ? body.key : undefined;
  if (given !== undefined && (typeof given !== 'string' || !/^\S{8,200}$/.test(given))) {
    return detailReply(400, '"key" must be 8 to 200 characters without spaces.');
  }
  const key = given ?? newApiKey();
  services.keys.add(key);
  return jsonReply(201, { key });
};

const notify: ControlHandler = ({ services, body }) => {
  if (!isPlainObject(body) || typeof body.notification_action !== 'string' || body.notification_action === '') {
    return detailReply(400, 'Give at least "notification_action" (a kind such as DS, SD, DC or TU).');
  }
  const { notification_action: action, ...rest } = body;
  if (rest.notification_id !== undefined && typeof rest.notification_id !== 'string')
    return detailReply(400, '"notification_id" must be a string.');
  return jsonReply(200, services.webhooks.emit({ ...rest, notification_action: action }));
};

const advanceClock: ControlHandler = ({ services, body }) => {
  const ms = isPlainObject(body) ? body.ms : undefined;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return detailReply(400, 'Give "ms", a non-negative number.');
  if (!services.clock.advance) return detailReply(409, "This sandbox's clock cannot be moved.");
  services.clock.advance(ms);
  return jsonReply(200, { now: new Date(services.clock.now()).toISOString() });
};

/** Seeds a document through the service's own validation, optionally as a draft (DR), with a
 * generated PDF when `file_content` is left out. */
const seedDocument: ControlHandler = async ({ services, body }) => {
  if (!isPlainObject(body)) return detailReply(400, 'Expected a JSON object.');
  const status = body.status ?? 'PE';
  if (status !== 'PE' && status !== 'DR') return detailReply(400, '"status" must be DR or PE.');
  const title = typeof body.title === 'string' ? body.title : 'Sandbox document';
  const fileContent = body.file_content ?? (await samplePdf(title)).toString('base64');
  const checked = validateCreate({ ...body, title, file_content: fileContent }, services.limits.maxPdfBytes);
  if (!checked.ok) return jsonReply(400, checked.errors);
  const document = services.workflow.create(checked.value, status);
  return jsonReply(201, wireDocument(document, services.store, services.baseUrl));
};

const waitIdle: ControlHandler = async ({ services, url }) => {
  const timeout = Number(url.searchParams.get('timeout_ms') ?? '10000');
  await Promise.race([services.webhooks.idle(), services.timers.delay(Number.isFinite(timeout) ? timeout : 10_000)]);
  return jsonReply(200, { pending: services.webhooks.pendingCount });
};

function route(name: string, method: string, template: string, handler: ControlHandler): Route<ControlHandler> {
  return { name, method, pattern: path(`/_sandbox${template}`), handler, template: `/_sandbox${template}` };
}

export const controlRoutes: Route<ControlHandler>[] = [
  route('open', 'POST', '/signatures/:id/open', signerMove('open')),
  route('sign', 'POST', '/signatures/:id/sign', signerMove('sign')),
  route('reject', 'POST', '/signatures/:id/reject', signerMove('reject')),
  route('sign-all', 'POST', '/sign-all', signAll),
  route('webhook', 'GET', '/webhook', ({ services }) => jsonReply(200, services.webhooks.config)),
  route('webhook', 'PUT', '/webhook', setWebhook),
  route('webhook-idle', 'GET', '/webhook/idle', waitIdle),
  route('faults', 'GET', '/faults', ({ services }) => jsonReply(200, services.faults.config)),
  route('faults', 'PUT', '/faults', setFaults),
  route('auto-sign', 'GET', '/auto-sign', ({ services }) => jsonReply(200, services.autoSigner.config)),
  route('auto-sign', 'PUT', '/auto-sign', setAutoSign),
  route('rate-limit', 'GET', '/rate-limit', ({ services }) => jsonReply(200, services.rateLimiter.config)),
  route('rate-limit', 'PUT', '/rate-limit', setRateLimit),
  route('tsa', 'GET', '/tsa', ({ services }) =>
    jsonReply(200, { ...services.tsa.config, issued: services.tsa.issued, refused: services.tsa.refused }),
  ),
  route('tsa', 'PUT', '/tsa', setTsa),
  route('stats', 'GET', '/stats', ({ services }) => jsonReply(200, services.stats.toJSON())),
  route('state', 'GET', '/state', ({ services }) =>
    jsonReply(200, {
      now: new Date(services.clock.now()).toISOString(),
      documents: services.store.listDocuments().map((document) => wireDocument(document, services.store, services.baseUrl)),
    }),
  ),
  route('notifications', 'GET', '/notifications', ({ services }) => jsonReply(200, services.webhooks.outbox)),
  route('deliveries', 'GET', '/deliveries', ({ services }) => jsonReply(200, services.webhooks.deliveries)),
  route('messages', 'GET', '/messages', ({ services }) => jsonReply(200, services.store.messages)),
  route('documents', 'POST', '/documents', seedDocument),
  route('reset', 'POST', '/reset', ({ services }) => {
    services.reset();
    return jsonReply(200, { ok: true });
  }),
  route('keys', 'GET', '/keys', ({ services }) => jsonReply(200, { keys: services.keys.list() })),
  route('keys', 'POST', '/keys', addKey),
  route('keys', 'DELETE', '/keys/:key', ({ services, params }) =>
    services.keys.revoke(params[0] ?? '') ? jsonReply(200, { revoked: true }) : detailReply(404, 'No such key.'),
  ),
  route('notify', 'POST', '/notify', notify),
  route('clock', 'POST', '/clock/advance', advanceClock),
];

/** Reads a control body: JSON or nothing. */
export async function readControlBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; reply: Reply }> {
  try {
    return { ok: true, value: parseJson(await readBody(req, maxBytes)) };
  } catch (error) {
    if (error instanceof BodyParseError) return { ok: false, reply: detailReply(400, error.message) };
    return { ok: false, reply: detailReply(413, 'Request body too large.') };
  }
}
