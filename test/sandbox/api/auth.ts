import type { IncomingMessage } from 'node:http';

export type AuthResult = { ok: true; key: string } | { ok: false; detail: string };

/** The account's API keys (several may exist, as in the web console). */
export class KeyRing {
  private readonly keys = new Set<string>();

  constructor(initial: Iterable<string> = []) {
    for (const key of initial) this.keys.add(key);
  }

  add(key: string): void {
    this.keys.add(key);
  }

  revoke(key: string): boolean {
    return this.keys.delete(key);
  }

  list(): string[] {
    return [...this.keys];
  }

  /** `Authorization: Bearer <key>`; DRF's messages for a missing or unknown key. */
  check(req: IncomingMessage): AuthResult {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === '') return { ok: false, detail: 'Authentication credentials were not provided.' };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return { ok: false, detail: 'Invalid token header. No credentials provided.' };
    if (!this.keys.has(match[1])) return { ok: false, detail: 'Invalid token.' };
    return { ok: true, key: match[1] };
  }
}
