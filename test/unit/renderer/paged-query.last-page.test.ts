import { describe, expect, it } from 'vitest';
import { lastPageOffset } from '../../../renderer/src/lib/use-paged-query';

describe('a list shown in pages, past its end', () => {
  it('steps back to where the last page starts', () => {
    expect(lastPageOffset(0, 50)).toBe(0);
    expect(lastPageOffset(1, 50)).toBe(0);
    expect(lastPageOffset(50, 50)).toBe(0);
    expect(lastPageOffset(51, 50)).toBe(50);
    expect(lastPageOffset(100, 50)).toBe(50);
    expect(lastPageOffset(240, 50)).toBe(200);
  });
});
