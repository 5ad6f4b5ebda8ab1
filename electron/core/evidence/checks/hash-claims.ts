import type { HashAlgorithm } from '../zip/zip-inspect';

/**
 * Finds hash values in the package's text files and pairs them with its entries. The service's formats
 * are not specified, so this is tolerant: hex SHA-256/SHA-1/SHA-512/SHA-384/MD5 in any case, `sha256sum`
 * lines (`HEX  name`, `HEX *name`), BSD lines (`SHA256 (name) = HEX`), JSON objects holding a name and
 * hashes (or mapping names to hashes), and CSV/TXT/XML lines holding one entry name and hashes.
 */

export interface HashClaim {
  /** The text file the value was found in. */
  source: string;
  /** The entry it names, when it could be paired. */
  entry: string | null;
  /** The key or label it stood under (`signed_sha256`, `SHA256`…), when there was one. */
  label: string | null;
  algorithm: HashAlgorithm;
  hex: string;
}

const byLength: Record<number, HashAlgorithm> = { 32: 'md5', 40: 'sha1', 64: 'sha256', 96: 'sha384', 128: 'sha512' };
const bsdNames: Record<string, HashAlgorithm> = {
  MD5: 'md5',
  SHA1: 'sha1',
  SHA256: 'sha256',
  SHA384: 'sha384',
  SHA512: 'sha512',
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};
const hexWord = /(?<![0-9a-fA-F])[0-9a-fA-F]{32,128}(?![0-9a-fA-F])/g;

export const textExtensions = /\.(json|txt|csv|tsv|xml|sha1|sha256|sha384|sha512|md5|sum|sums|sig\.txt)$/i;

/** Whether an entry is one of the package's text files worth reading for hashes. */
export function isTextEntry(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return textExtensions.test(base) || (!base.includes('.') && /sum|hash|checksum|digest/i.test(base));
}

export function algorithmOf(hex: string): HashAlgorithm | null {
  return byLength[hex.length] ?? null;
}

/** Every hash value in one text file, paired with an entry where the file says which. */
export function findClaims(source: string, text: string, entryNames: readonly string[]): HashClaim[] {
  const resolve = nameResolver(entryNames);
  const claims: HashClaim[] = [];
  const push = (entry: string | null, label: string | null, hex: string) => {
    const algorithm = algorithmOf(hex);
    if (algorithm) claims.push({ source, entry, label, algorithm, hex: hex.toLowerCase() });
  };
  if (/\.json$/i.test(source) || /^\s*[{[]/.test(text)) {
    try {
      walkJson(JSON.parse(text) as unknown, null, resolve, push);
      return dedupe(claims);
    } catch {
      // Not JSON after all: read it line by line.
    }
  }
  for (const line of text.split(/\r?\n/)) {
    const bsd = /^\s*([A-Za-z0-9-]+)\s*\((.+)\)\s*=\s*([0-9a-fA-F]+)\s*$/.exec(line);
    if (bsd && bsdNames[bsd[1]!.toUpperCase()]) {
      push(resolve(bsd[2]!) ?? null, bsd[1]!, bsd[3]!);
      continue;
    }
    const sum = /^\s*([0-9a-fA-F]{32,128})\s[ *]?(.+?)\s*$/.exec(line);
    if (sum && resolve(sum[2]!)) {
      push(resolve(sum[2]!), null, sum[1]!);
      continue;
    }
    const hexes = [...line.matchAll(hexWord)].map((match) => match[0]);
    if (hexes.length === 0) continue;
    // A line of CSV/TSV/XML/text: pair its hashes with the one entry it names, if exactly one.
    const named = new Set(
      line
        .split(/[\s,;|<>"'=]+/)
        .map((cell) => resolve(cell))
        .filter((name): name is string => name !== null),
    );
    const entry = named.size === 1 ? [...named][0]! : null;
    for (const hex of hexes) push(entry, labelBefore(line, hex), hex);
  }
  return dedupe(claims);
}

type Push = (entry: string | null, label: string | null, hex: string) => void;

function walkJson(value: unknown, key: string | null, resolve: (name: string) => string | null, push: Push): void {
  if (Array.isArray(value)) {
    value.forEach((item) => walkJson(item, key, resolve, push));
    return;
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && isHex(value)) push(null, key, value);
    return;
  }
  const record = value as Record<string, unknown>;
  const names = Object.values(record)
    .filter((v): v is string => typeof v === 'string')
    .map(resolve)
    .filter((n): n is string => n !== null);
  const own = new Set(names).size === 1 ? names[0]! : null;
  for (const [childKey, child] of Object.entries(record)) {
    if (typeof child === 'string' && isHex(child)) {
      // `{"path": "a.pdf", "sha256": "…"}` pairs with a.pdf; `{"a.pdf": "…"}` maps a name to its hash.
      push(own ?? resolve(childKey), childKey, child);
    } else if (child && typeof child === 'object' && !Array.isArray(child) && resolve(childKey)) {
      // `{"a.pdf": {"sha256": "…"}}`
      for (const [innerKey, inner] of Object.entries(child as Record<string, unknown>)) {
        if (typeof inner === 'string' && isHex(inner)) push(resolve(childKey), innerKey, inner);
      }
    } else {
      walkJson(child, childKey, resolve, push);
    }
  }
}

function isHex(value: string): boolean {
  return /^[0-9a-fA-F]+$/.test(value) && algorithmOf(value) !== null;
}

/** `name`, `./name`, or a base name only one entry has. */
function nameResolver(entryNames: readonly string[]): (name: string) => string | null {
  const exact = new Set(entryNames);
  const byBase = new Map<string, string | null>();
  for (const name of entryNames) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    byBase.set(base, byBase.has(base) ? null : name);
  }
  return (typed) => {
    const name = typed.trim().replace(/^\.\//, '');
    if (name === '') return null;
    if (exact.has(name)) return name;
    return name.includes('/') ? null : (byBase.get(name) ?? null);
  };
}

function labelBefore(line: string, hex: string): string | null {
  const before = line.slice(0, line.indexOf(hex)).trim();
  const match = /([A-Za-z][\w .-]{0,40}?)\s*[:=]?\s*["'>]?$/.exec(before);
  return match ? match[1]!.trim() : null;
}

function dedupe(claims: HashClaim[]): HashClaim[] {
  const seen = new Set<string>();
  return claims.filter((claim) => {
    const key = `${claim.entry ?? ''}|${claim.hex}|${claim.label ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
