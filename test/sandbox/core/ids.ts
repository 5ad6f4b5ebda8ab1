import { randomBytes } from 'node:crypto';

let lastTime = -1;
let sequence = 0;

/** A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made in the
 * same millisecond by this process keep their creation order through a 12-bit counter. */
export function uuidv7(timeMs: number = Date.now()): string {
  const time = Math.max(0, Math.floor(timeMs));
  if (time === lastTime) {
    sequence = (sequence + 1) & 0xfff;
  } else {
    lastTime = time;
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(time % 2 ** 48, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A UUID version 4 (random): what the `alt` variant hands out. The interface only says "UUID"
 * (service-api.md §2.1, §2.2); the version 7 ids are what real integrations see (service-notes.md "IDs"). */
export function uuidv4(): string {
  const bytes = randomBytes(16);
  bytes[6] = 0x40 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** A random API key, in the shape of a long opaque token. */
export function newApiKey(): string {
  return `sbx_${randomBytes(24).toString('base64url')}`;
}
