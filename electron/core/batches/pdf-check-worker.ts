import { parentPort } from 'node:worker_threads';
import { inspectFile } from './pdf-inspect';

/**
 * Worker thread of the file check (see pdf-check-pool.ts): answers each `CheckRequest` with a
 * `CheckResponse`, one at a time. It says `ready` once pdf-lib is loaded, so that the time limit
 * of a file counts reading and parsing, not the worker's start.
 */

export interface CheckRequest {
  id: number;
  path: string;
  fileName: string;
  maxBytes: number;
}

export type CheckResponse =
  | { type: 'ready' }
  | { type: 'result'; id: number; inspection: Awaited<ReturnType<typeof inspectFile>> }
  | { type: 'failed'; id: number; message: string };

// pdf-lib reports recoverable damage with console.log/warn; keep it out of the app's output.
for (const method of ['log', 'warn', 'error', 'info', 'debug'] as const) console[method] = () => undefined;

const port = parentPort;
if (port) {
  port.on('message', (request: CheckRequest) => {
    inspectFile(request.path, request.fileName, request.maxBytes).then(
      (inspection) => port.postMessage({ type: 'result', id: request.id, inspection } satisfies CheckResponse),
      (error: unknown) =>
        port.postMessage({
          type: 'failed',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        } satisfies CheckResponse),
    );
  });
  port.postMessage({ type: 'ready' } satisfies CheckResponse);
}
