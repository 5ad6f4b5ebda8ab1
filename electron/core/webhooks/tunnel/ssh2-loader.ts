import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Ssh2Module from 'ssh2';

export type Ssh2 = typeof Ssh2Module;

/** Random bytes drawn from the system's generator ahead, 16 KiB at a time, each handed out once. */
const POOL_BYTES = 16 * 1024;

/**
 * `crypto.randomFillSync` for small requests, served from a pool the real one fills. ssh2 asks it for
 * every packet's padding (4–19 bytes): each call crossed into C++ for a few µs, about 13 µs of the
 * listener's CPU per notification through the tunnel (its CPU profile, issue 33). The bytes are the
 * same generator's, each given once and then zeroed in the pool; a request larger than 256 bytes, or in
 * any other form, goes to the real function.
 */
export function pooledRandomFill(real: typeof NodeCrypto.randomFillSync) {
  const pool = Buffer.alloc(POOL_BYTES);
  let used = POOL_BYTES;
  return function randomFillSync<T extends NodeJS.ArrayBufferView>(buffer: T, offset?: number, size?: number): T {
    const start = offset ?? -1;
    const length = size ?? -1;
    const small = Number.isInteger(start) && Number.isInteger(length) && start >= 0 && length >= 0 && length <= 256;
    if (!Buffer.isBuffer(buffer) || !small || start + length > buffer.length) return real(buffer, offset, size);
    if (used + length > POOL_BYTES) {
      real(pool);
      used = 0;
    }
    pool.copy(buffer, start, used, used + length);
    pool.fill(0, used, used + length);
    used += length;
    return buffer;
  };
}

let ssh2: Ssh2 | null = null;

/**
 * ssh2 (CommonJS), loaded on the first SSH tunnel only: no other command pays for it. Its modules take
 * `randomFillSync` from `node:crypto` as they load, so it is loaded with the pooled one in place, which
 * is then put back: nothing else in the process sees it.
 */
export function loadSsh2(): Ssh2 {
  if (ssh2) return ssh2;
  const require = createRequire(import.meta.url);
  const crypto = require('node:crypto') as typeof NodeCrypto;
  const real = crypto.randomFillSync;
  crypto.randomFillSync = pooledRandomFill(real) as typeof real;
  try {
    ssh2 = require('ssh2') as Ssh2;
  } finally {
    crypto.randomFillSync = real;
  }
  return ssh2;
}
