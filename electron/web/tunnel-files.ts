import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { AppError, type Result } from '../../shared/contract/errors';
import { maxSshUploadBytes } from '../../shared/domain/webhooks';
import { readLimitedBody } from './body';

/**
 * `POST /api/tunnel-file?for=sshKey|knownHosts`: the SSH tunnel's private key or known_hosts file from
 * the browser, which gives files by content, never as a path of this computer (path-policy.ts). At most
 * 64 KB (more is refused in words); kept owner-only as `<data folder>/tunnel-files/ssh-key` or
 * `known_hosts`, whose path the page then saves in the tunnel settings.
 */
export const TUNNEL_FILES_FOLDER = 'tunnel-files';
const fileNames = { sshKey: 'ssh-key', knownHosts: 'known_hosts' } as const;

export interface TunnelFileOutcome {
  status: number;
  result: Result<{ path: string }>;
  /** The request was not read to its end: the connection closes after the answer. */
  close?: boolean;
}

export async function receiveTunnelFile(
  req: IncomingMessage,
  dataFolder: string,
  kind: string | null,
  idleMs: number,
): Promise<TunnelFileOutcome> {
  if (kind !== 'sshKey' && kind !== 'knownHosts') {
    req.resume();
    return refused(400, 'The upload must say what it is (?for=sshKey or ?for=knownHosts).');
  }
  const what = kind === 'sshKey' ? 'A private key file' : 'A known hosts file';
  const tooLarge = `${what} is at most ${maxSshUploadBytes / 1024} KB; this one is larger, so it was not taken. Pick the file itself (for a key: id_ed25519, id_rsa…; for known hosts: a file with the server's line).`;
  if (Number(req.headers['content-length'] ?? 0) > maxSshUploadBytes) {
    req.resume();
    return { ...refused(413, tooLarge), close: true };
  }
  const read = await readLimitedBody(req, { maxBytes: maxSshUploadBytes, drainBytes: 0, idleMs });
  if (read.kind === 'tooLarge') return { ...refused(413, tooLarge), close: true };
  if (read.kind !== 'ok') return { ...refused(408, 'The file stopped arriving, so SignDock stopped waiting for it.'), close: true };
  if (read.body.length === 0) return refused(400, `${what} cannot be empty.`);
  const folder = join(dataFolder, TUNNEL_FILES_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, fileNames[kind]);
  await writeFile(`${path}.tmp`, read.body, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  return { status: 200, result: { ok: true, value: { path } } };
}

function refused(status: number, message: string): TunnelFileOutcome {
  return { status, result: { ok: false, error: new AppError({ kind: 'InvalidInput', message }).toShape() } };
}
