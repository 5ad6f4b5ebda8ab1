import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Core } from '../core/host';
import { readLimitedBody } from './body';
import { handleDownload } from './download';
import type { CallPolicy } from './path-policy';
import { refuse, send } from './reply';
import { receiveTunnelFile } from './tunnel-files';
import { receiveUpload } from './upload';
import type { UploadQuota } from './upload-quota';
import type { SessionProofs } from './session-proof';
import { SESSION_HEADER } from '../../shared/contract/web-session';

export const TOKEN_HEADER = 'x-signdock-token';

export interface WebHostLimits {
  /** Largest `/api/call` body (8 MiB); more → 413 in plain words. */
  callBytes: number;
  /** Room for uploaded files waiting to be sent (2 GiB); more → 507. */
  uploadQuotaBytes: number;
  /** Longest wait for the next byte of a body (15 s); longer → 408 and the connection closes. */
  bodyIdleMs: number;
  /** The request's headers must arrive within this (10 s), the whole request within `requestTimeoutMs` (60 s). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Connections open at once (128); more are closed as they come. */
  maxConnections: number;
}

export const defaultLimits: WebHostLimits = {
  callBytes: 8 * 1024 * 1024,
  uploadQuotaBytes: 2 * 1024 * 1024 * 1024,
  bodyIdleMs: 15_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  maxConnections: 128,
};

/** A call larger than this past the limit is not read to its end: the answer closes the connection. */
const DRAIN_BYTES = 64 * 1024 * 1024;

interface ApiDeps {
  core: Core;
  limits: WebHostLimits;
  policy: CallPolicy;
  quota: UploadQuota;
  proofs: SessionProofs;
}

/** `POST /api/hello` (open), then `POST /api/call`, `POST /api/upload` and `POST /api/download`, behind the session proof. */
export function apiHandlers(deps: ApiDeps) {
  const { core, limits } = deps;
  const itemPath = async (batchId: string, itemId: string): Promise<string | null> => {
    const batch = await core.dispatch('batches.get', { batchId });
    if (!batch.ok) return null;
    const items = (batch.value as { items: { id: string; path: string }[] }).items;
    return items.find((item) => item.id === itemId)?.path ?? null;
  };
  const authorised = (req: IncomingMessage, res: ServerResponse): boolean => {
    const first = (name: string) => {
      const header = req.headers[name];
      return Array.isArray(header) ? header[0] : header;
    };
    if (deps.proofs.credentialOk(req.headers.host ?? '', first(SESSION_HEADER)) || deps.proofs.tokenOk(first(TOKEN_HEADER))) return true;
    req.resume();
    refuse(res, 401, 'Unauthorized', 'This session is not allowed to call SignDock. Open the link printed when the web host started.');
    return false;
  };

  /** `POST /api/hello {nonce}`: the host's proof that it knows the token (session-proof.ts); needs nothing secret. */
  async function handleHello(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'The hello is made with POST.');
    const read = await readLimitedBody(req, { maxBytes: 1024, drainBytes: 0, idleMs: limits.bodyIdleMs });
    if (read.kind !== 'ok')
      return read.kind === 'aborted' ? undefined : refuse(res, 400, 'InvalidInput', 'The hello is not readable.', true);
    let nonce: unknown;
    try {
      nonce = (JSON.parse(read.body.toString('utf8')) as { nonce?: unknown } | null)?.nonce;
    } catch {
      nonce = undefined;
    }
    const answer = deps.proofs.hello(req.headers.host ?? '', nonce);
    if (!answer) return refuse(res, 400, 'InvalidInput', 'The hello needs a nonce of 32 bytes in hex.');
    send(res, 200, { ok: true, value: answer });
  }

  async function handleCall(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Calls are made with POST.');
    if (!authorised(req, res)) return;
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      req.resume();
      return refuse(res, 415, 'InvalidInput', 'Calls must be JSON.');
    }
    const read = await readLimitedBody(req, { maxBytes: limits.callBytes, drainBytes: DRAIN_BYTES, idleMs: limits.bodyIdleMs });
    if (read.kind === 'aborted') return;
    if (read.kind === 'timeout') {
      return closeAfter(res, () =>
        refuse(res, 408, 'InvalidInput', 'The call stopped arriving, so SignDock stopped waiting for it.', true),
      );
    }
    if (read.kind === 'tooLarge') {
      const mb = Math.round(limits.callBytes / (1024 * 1024));
      const answer = () =>
        refuse(res, 413, 'InvalidInput', `The call is larger than ${mb} MB, the most SignDock takes in one call.`, !read.drained);
      return read.drained ? answer() : closeAfter(res, answer);
    }
    let body: unknown;
    try {
      body = JSON.parse(read.body.toString('utf8'));
    } catch {
      return refuse(res, 400, 'InvalidInput', 'The call is not valid JSON.');
    }
    const call = (body && typeof body === 'object' ? body : {}) as { op?: unknown; input?: unknown };
    const allowed = await deps.policy.check(call.op, call.input);
    if (!allowed.ok) return send(res, 200, { ok: false, error: allowed.error.toShape() });
    const result = await core.dispatch(call.op, allowed.input);
    send(res, 200, await deps.policy.filter(call.op, allowed.input, result, itemPath));
  }

  /** `POST /api/upload?name=<file name>`: a dropped file's bytes, kept under the data folder for `batches.addFiles`. */
  async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Files are uploaded with POST.');
    if (!authorised(req, res)) return;
    const name = new URL(req.url ?? '/', 'http://local').searchParams.get('name') ?? '';
    const outcome = await receiveUpload(req, deps.quota, name, limits.bodyIdleMs);
    if (outcome.status === 408) return closeAfter(res, () => send(res, outcome.status, outcome.result, true));
    send(res, outcome.status, outcome.result);
  }

  /** `POST /api/tunnel-file?for=sshKey|knownHosts`: the SSH tunnel's key or known_hosts file by content (tunnel-files.ts). */
  async function handleTunnelFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Files are uploaded with POST.');
    if (!authorised(req, res)) return;
    const kind = new URL(req.url ?? '/', 'http://local').searchParams.get('for');
    const outcome = await receiveTunnelFile(req, core.dataFolder, kind, limits.bodyIdleMs);
    if (outcome.close) return closeAfter(res, () => send(res, outcome.status, outcome.result, true));
    send(res, outcome.status, outcome.result);
  }

  /** `POST /api/download` `{path}`: a report or export from the exports folder, as a download (download.ts). */
  async function handleDownloadCall(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorised(req, res)) return;
    await handleDownload(req, res, join(core.dataFolder, 'exports'), limits.bodyIdleMs);
  }

  return { handleHello, handleCall, handleUpload, handleTunnelFile, handleDownload: handleDownloadCall };
}

/** Answers, then ends the connection once the answer is written (the rest of the request is not read). */
function closeAfter(res: ServerResponse, answer: () => void): void {
  res.once('finish', () => res.socket?.destroySoon());
  answer();
}
