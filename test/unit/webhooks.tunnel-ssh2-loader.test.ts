import * as crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSsh2, pooledRandomFill } from '../../electron/core/webhooks/tunnel/ssh2-loader';

describe("ssh2's padding bytes from a pool", () => {
  it('fills exactly the range asked, with bytes never handed out twice, refilling the pool from the real generator', () => {
    let realCalls = 0;
    const fill = pooledRandomFill((buffer, offset, size) => {
      realCalls += 1;
      return crypto.randomFillSync(buffer, offset, size);
    });
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i += 1) {
      const packet = Buffer.alloc(40, 0xaa);
      fill(packet, 5, 16);
      expect(packet.subarray(0, 5).every((byte) => byte === 0xaa)).toBe(true);
      expect(packet.subarray(21).every((byte) => byte === 0xaa)).toBe(true);
      seen.add(packet.subarray(5, 21).toString('hex'));
    }
    // 3,000 × 16 bytes: three 16 KiB pools, and no two paddings alike.
    expect(realCalls).toBe(3);
    expect(seen.size).toBe(3000);
  });

  it('hands a large or unusual request to the real function', () => {
    const asked: unknown[][] = [];
    const fill = pooledRandomFill((...args: unknown[]) => (asked.push(args), args[0]) as never);
    const big = Buffer.alloc(1024);
    fill(big, 0, 1024);
    const typed = new Uint8Array(8);
    fill(typed);
    fill(Buffer.alloc(8), 2, -1);
    expect(asked.map((args) => args.length)).toEqual([3, 3, 3]);
    expect(asked[1]?.[0]).toBe(typed);
  });

  it('loads ssh2 and leaves node:crypto as it was', () => {
    // The module object ssh2's require sees (the ESM namespace is a copy of it).
    const shared = createRequire(import.meta.url)('node:crypto') as typeof crypto;
    const before = shared.randomFillSync;
    expect(typeof loadSsh2().Client).toBe('function');
    expect(shared.randomFillSync).toBe(before);
  });
});
