import { describe, expect, it } from 'vitest';
import type { Check } from '../../../shared/domain/evidence';
import { bagLook, countChecks } from '../../../renderer/src/features/evidence/bag-look';

const check = (status: Check['status']): Pick<Check, 'status'> => ({ status });

// Issue 23: a valid signature whose issuer nobody trusted showed a green Verified; counts came from
// elsewhere than the lines shown.
describe('a bag as the Evidence page shows it', () => {
  it('is amber when intact but no trusted authority vouches for a signer, never Verified', () => {
    expect(bagLook('passed', 'notVouched')).toBe('untrusted');
    expect(bagLook('passed', 'trusted')).toBe('verified');
    expect(bagLook('passed', 'none')).toBe('verified');
    expect(bagLook('failed', 'trusted')).toBe('failed');
    expect(bagLook('incomplete', 'trusted')).toBe('incomplete');
    expect(bagLook('incomplete', 'notVouched')).toBe('incomplete');
  });

  it('counts the checks it lists', () => {
    expect(countChecks([check('passed'), check('failed'), check('incomplete'), check('notApplicable')])).toEqual({
      passed: 1,
      failed: 1,
      incomplete: 1,
      notApplicable: 1,
    });
    expect(countChecks([])).toEqual({ passed: 0, failed: 0 });
  });
});
