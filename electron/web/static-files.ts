import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mjs.map': 'application/json',
  '.map': 'application/json',
};

/** Serves a file of the built renderer; never anything outside its folder. Returns false when absent. */
export function serveStatic(root: string, urlPath: string, res: ServerResponse): boolean {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return false;
  }
  if (relative === '/' || relative === '') relative = '/index.html';
  if (relative.includes('\0')) return false;
  const file = normalize(join(root, relative));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=300',
  });
  createReadStream(file).pipe(res);
  return true;
}
