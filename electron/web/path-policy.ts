import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { AppError, type Result } from '../../shared/contract/errors';

/**
 * What a call from the browser may name on this computer. A web page holding the session token must
 * not turn the host into a file reader: the only files it may add are the ones it uploaded itself
 * (`POST /api/upload`, kept under the core's uploads folder), and a manifest comes as content, never
 * as a path. The Electron shell (OS dialogs, drag and drop) and the CLI keep host paths: this policy
 * belongs to the web host alone.
 */
export interface CallPolicy {
  /** The call to run in place of the one received (paths made canonical), or a refusal to answer. */
  check(op: unknown, input: unknown): Promise<{ ok: true; input: unknown } | { ok: false; error: AppError }>;
  /** After the call ran: results that would show a file the browser did not upload are withheld. */
  filter(
    op: unknown,
    input: unknown,
    result: Result<unknown>,
    itemPath: (batchId: string, itemId: string) => Promise<string | null>,
  ): Promise<Result<unknown>>;
}

const MAX_NAMED = 20;

/** Evidence operations that read the bags they name. */
const bagReaders = new Set(['evidence.get', 'evidence.file', 'evidence.verify', 'evidence.export', 'evidence.report']);

/** The SSH tunnel's files: where the browser's uploads of them are kept, and the paths saved now. */
export interface TunnelFilesPolicy {
  folder: string;
  saved(): Promise<{ identityFile: string | null; knownHostsFile: string | null } | null>;
}

/**
 * `reviewArchive`: the archive the host was started to review (`--archive DIR`); a call may then read
 * only bags inside it (each bag path, links resolved, a folder inside that folder). `tunnelFiles`: the
 * tunnel settings may name only a key or known_hosts file uploaded from the browser, or keep the one saved.
 */
export function callPolicy(
  uploadsFolder: string,
  reviewArchive: string | null = null,
  tunnelFiles: TunnelFilesPolicy | null = null,
): CallPolicy {
  return {
    async check(op, input) {
      if (op === 'batches.addFiles') return checkAddFiles(uploadsFolder, input);
      if (op === 'tunnel.saveSettings' && tunnelFiles !== null) return checkTunnelFiles(tunnelFiles, input);
      if (reviewArchive !== null && typeof op === 'string' && bagReaders.has(op)) return checkBags(reviewArchive, input);
      if (op === 'batches.importManifest' && isRecord(input) && 'path' in input) {
        return {
          ok: false,
          error: new AppError({
            kind: 'InvalidInput',
            message:
              'In the browser, SignDock reads a manifest from the file you pick, not from a path on this computer. Pick the CSV file again.',
            fields: { path: ['Give the file itself (fileName and contentBase64), not a path.'] },
          }),
        };
      }
      return { ok: true, input };
    },
    async filter(op, input, result, itemPath) {
      if (op !== 'batches.preview' || !result.ok || !isRecord(input)) return result;
      const { batchId, itemId } = input;
      if (typeof batchId !== 'string' || typeof itemId !== 'string') return result;
      const path = await itemPath(batchId, itemId);
      // A row added by the Electron shell or the CLI on the same data folder: no thumbnail here.
      if (path === null || (await uploadedFile(uploadsFolder, path)) === null) return { ok: true, value: { dataBase64: null } };
      return result;
    },
  };
}

async function checkAddFiles(
  uploadsFolder: string,
  input: unknown,
): Promise<{ ok: true; input: unknown } | { ok: false; error: AppError }> {
  // A malformed call is left to the contract's own check (it names the field).
  if (!isRecord(input) || !Array.isArray(input.paths) || !input.paths.every((p) => typeof p === 'string')) return { ok: true, input };
  const paths = input.paths as string[];
  const canonical: string[] = [];
  const refused: { index: number; path: string }[] = [];
  for (const [index, path] of paths.entries()) {
    const inside = await uploadedFile(uploadsFolder, path);
    if (inside === null) refused.push({ index, path });
    else canonical.push(inside);
  }
  const first = refused[0];
  if (!first) return { ok: true, input: { ...input, paths: canonical } };
  const message =
    refused.length > 1
      ? `“${first.path}” and ${refused.length - 1} more were not uploaded from this browser, so SignDock will not read them. Drop or pick the files in the window to add them.`
      : `“${first.path}” was not uploaded from this browser, so SignDock will not read it. Drop or pick the file in the window to add it.`;
  return {
    ok: false,
    error: new AppError({
      kind: 'InvalidInput',
      message,
      params: { path: first.path },
      fields: Object.fromEntries(
        refused.slice(0, MAX_NAMED).map(({ index }) => [`paths.${index}`, ['Only files uploaded from this browser can be added.']]),
      ),
    }),
  };
}

/**
 * `tunnel.saveSettings` from the browser: `ssh.identityFile` and `ssh.knownHostsFile` are null, the path
 * already saved (by the desktop app or the CLI, kept as it is), or a file uploaded from the browser
 * (`POST /api/tunnel-file`, a regular file in the tunnel files folder). Any other path of this computer is
 * refused: the host would read it (`/dev/zero`, someone else's key).
 */
async function checkTunnelFiles(
  tunnelFiles: TunnelFilesPolicy,
  input: unknown,
): Promise<{ ok: true; input: unknown } | { ok: false; error: AppError }> {
  if (!isRecord(input) || !isRecord(input.ssh)) return { ok: true, input };
  const ssh = input.ssh;
  const saved = await tunnelFiles.saved();
  const fields: Record<string, string[]> = {};
  const named = { identityFile: 'the private key file', knownHostsFile: 'the known hosts file' } as const;
  for (const field of ['identityFile', 'knownHostsFile'] as const) {
    const path = ssh[field];
    if (path === null || path === undefined || typeof path !== 'string') continue;
    if (saved !== null && saved[field] === path) continue;
    if ((await insideFolder(tunnelFiles.folder, path, 'file')) !== null) continue;
    fields[`ssh.${field}`] = [`In the browser, pick ${named[field]} (it is uploaded); a path on this computer is not taken.`];
  }
  const [first] = Object.keys(fields);
  if (first === undefined) return { ok: true, input };
  const which = first === 'ssh.identityFile' ? named.identityFile : named.knownHostsFile;
  return {
    ok: false,
    error: new AppError({
      kind: 'InvalidInput',
      code: 'invalidInput',
      fields,
      message: `In the browser, SignDock takes ${which} you pick (it is uploaded, at most 64 KB), not a path on this computer. Pick the file again.`,
    }),
  };
}

async function checkBags(archive: string, input: unknown): Promise<{ ok: true; input: unknown } | { ok: false; error: AppError }> {
  if (!isRecord(input)) return { ok: true, input };
  const named = [input.bagPath, ...(Array.isArray(input.bagPaths) ? input.bagPaths : [])].filter((p): p is string => typeof p === 'string');
  for (const path of named) {
    if ((await insideFolder(archive, path, 'folder')) !== null) continue;
    return {
      ok: false,
      error: new AppError({
        kind: 'InvalidInput',
        code: 'evidence.outsideReview',
        params: { bag: path },
        message: `“${path}” is not inside the archive under review, so SignDock will not read it here.`,
      }),
    };
  }
  return { ok: true, input };
}

/** `path` as it lies under `root` (`<root>/…`) when, with every symbolic link resolved, it is a regular file (or a folder) strictly inside; otherwise null. */
export async function insideFolder(root: string, path: string, kind: 'file' | 'folder'): Promise<string | null> {
  if (!isAbsolute(path) || path.includes('\0')) return null;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(path);
    const rel = relative(realRoot, real);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
    const found = await stat(real);
    if (kind === 'file' ? !found.isFile() : !found.isDirectory()) return null;
    return join(root, rel);
  } catch {
    return null;
  }
}

/**
 * The file as the core knows it (`<uploads folder>/…`) when `path`, with every symbolic link
 * resolved, is a regular file inside the uploads folder; otherwise null.
 */
export function uploadedFile(uploadsFolder: string, path: string): Promise<string | null> {
  return insideFolder(uploadsFolder, path, 'file');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
