import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, extname } from 'node:path';
import { readLimitedBody } from './body';
import { insideFolder } from './path-policy';
import { refuse } from './reply';

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * `POST /api/download` `{path}` (behind the session token): a report or an export the host just wrote,
 * handed to the browser as a download. Only a regular file inside the exports folder (links resolved)
 * of one of the kinds SignDock writes there; anything else is "not here", never read.
 */
export async function handleDownload(req: IncomingMessage, res: ServerResponse, exportsFolder: string, idleMs: number): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Downloads are asked for with POST.');
  const read = await readLimitedBody(req, { maxBytes: 16 * 1024, drainBytes: 0, idleMs });
  if (read.kind !== 'ok')
    return refuse(res, read.kind === 'timeout' ? 408 : 413, 'InvalidInput', 'The download request is not one SignDock understands.', true);
  let path: unknown;
  try {
    path = (JSON.parse(read.body.toString('utf8')) as { path?: unknown }).path;
  } catch {
    path = undefined;
  }
  const file = typeof path === 'string' ? await insideFolder(exportsFolder, path, 'file') : null;
  const type = file === null ? undefined : contentTypes[extname(file).toLowerCase()];
  if (file === null || type === undefined)
    return refuse(res, 404, 'NotFound', 'That file is not among the reports and exports SignDock saved.');
  const size = (await stat(file)).size;
  // The name only (no folder), made safe for the header: the browser saves it where its user chooses.
  const name = basename(file).replace(/[^\w.-]/g, '_');
  res.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
}
