import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web host's address and session token, kept per data folder in `web-session.json` (owner-only, in
 * the private data folder) so that a host restarted on the same folder comes back at the same address
 * with the same token, and a tab left open reconnects by itself. The port is reused only when free.
 * Deleting the file (or `--new-session`) makes a new token: every open tab and printed link stops working.
 */
export const WEB_SESSION_FILE = 'web-session.json';

export interface WebSession {
  token: string;
  port: number;
}

export function readWebSession(dataFolder: string): WebSession | null {
  try {
    const saved = JSON.parse(readFileSync(join(dataFolder, WEB_SESSION_FILE), 'utf8')) as Partial<WebSession>;
    const tokenOk = typeof saved.token === 'string' && /^[0-9a-f]{64}$/.test(saved.token);
    const portOk = Number.isInteger(saved.port) && saved.port! > 0 && saved.port! <= 65535;
    return tokenOk && portOk ? { token: saved.token!, port: saved.port! } : null;
  } catch {
    return null;
  }
}

export function newWebSessionToken(): string {
  return randomBytes(32).toString('hex');
}

export function saveWebSession(dataFolder: string, session: WebSession): void {
  const file = join(dataFolder, WEB_SESSION_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(session), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
