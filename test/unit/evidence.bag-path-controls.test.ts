import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bagRelativePath, safeTitle } from '../../electron/core/evidence/bag/bag-path';

/** Issue 25 (finding 4): bag folder names carry no C1 control and no bidirectional control. */
describe('bag folder names', () => {
  it('drop C1 and bidi controls from the title', () => {
    expect(safeTitle('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(safeTitle('a\u009b31mb\u0085c')).toBe('a31mbc');
    expect(safeTitle('\u2066x\u2069\u200e\u200f\u061cy')).toBe('xy');
    expect(
      bagRelativePath({ id: '0190a1b2-0000-7000-8000-000000000000', title: 'NDA\u202e\r\nfdp', createdAt: '2026-03-01T10:00:00Z' }),
    ).toBe('2026/2026-03-01_NDA-fdp_0190a1b2');
  });

  it('never holds a control character of any kind, whatever the title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (title) => {
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(safeTitle(title)).not.toMatch(/[\x00-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
      }),
    );
  });
});
