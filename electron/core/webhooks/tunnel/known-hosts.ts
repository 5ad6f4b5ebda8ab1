import { createHash, createHmac } from 'node:crypto';

/** An SSH public key blob's type (`ssh-ed25519`, `ssh-rsa`, …) and OpenSSH SHA-256 fingerprint (`SHA256:…`, as `ssh-keygen -lf` prints). */
export function hostKeyInfo(key: Buffer): { keyType: string; fingerprint: string } {
  const length = key.length >= 4 ? key.readUInt32BE(0) : 0;
  const keyType = length > 0 && length < 64 && key.length >= 4 + length ? key.subarray(4, 4 + length).toString('latin1') : 'unknown';
  return { keyType, fingerprint: `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}` };
}

/** The name known_hosts uses for a server: `host` on port 22, `[host]:port` elsewhere. */
export function knownHostsName(host: string, port: number): string {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return port === 22 ? bare : `[${bare}]:${port}`;
}

export type KnownHostsVerdict =
  /** A line lists this very key for this server. */
  | { kind: 'match' }
  /** No line names this server. */
  | { kind: 'unknown' }
  /** Lines name this server, with other keys (or this key is marked @revoked): refuse. */
  | { kind: 'changed' };

interface Entry {
  marker: string | null;
  patterns: string;
  keyType: string;
  key: Buffer;
}

function parse(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    const marker = fields[0]?.startsWith('@') ? (fields.shift() ?? null) : null;
    const [patterns, keyType, key] = fields;
    if (!patterns || !keyType || !key) continue;
    entries.push({ marker, patterns, keyType, key: Buffer.from(key, 'base64') });
  }
  return entries;
}

const wildcard = (pattern: string, name: string): boolean => {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
  return regex.test(name);
};

/** Whether a known_hosts host field (`a,b,!c`, wildcards, or one hashed `|1|salt|hash`) names the server. */
function names(patterns: string, name: string): boolean {
  if (patterns.startsWith('|1|')) {
    const [, , salt, hash] = patterns.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  let matched = false;
  for (const pattern of patterns.split(',')) {
    if (pattern.startsWith('!')) {
      if (wildcard(pattern.slice(1), name)) return false;
    } else if (wildcard(pattern, name)) matched = true;
  }
  return matched;
}

/** The key types known_hosts lists for a server, to offer the server those first (as OpenSSH does). */
export function knownKeyTypes(text: string, host: string, port: number): string[] {
  const name = knownHostsName(host, port);
  return [
    ...new Set(
      parse(text)
        .filter((e) => e.marker === null && names(e.patterns, name))
        .map((e) => e.keyType),
    ),
  ];
}

/** Checks a server's key against a known_hosts file's text (plain and hashed entries, wildcards, negations, @revoked). */
export function checkKnownHosts(text: string, host: string, port: number, key: Buffer): KnownHostsVerdict {
  const name = knownHostsName(host, port);
  const entries = parse(text).filter((e) => names(e.patterns, name));
  if (entries.some((e) => e.marker === '@revoked' && e.key.equals(key))) return { kind: 'changed' };
  const plain = entries.filter((e) => e.marker === null);
  if (plain.length === 0) return { kind: 'unknown' };
  return plain.some((e) => e.key.equals(key)) ? { kind: 'match' } : { kind: 'changed' };
}
