import { describe, expect, it } from 'vitest';
import type { Check } from '../../../shared/domain/evidence';
import { bagLook, countChecks, trustOf } from '../../../renderer/src/features/evidence/bag-look';
import { checkLines } from '../../../renderer/src/features/evidence/check-groups';

const check = (over: Partial<Check>): Check => ({ id: 'x', status: 'passed', title: 't', detail: 'd', file: null, expected: null, found: null, params: {}, ...over });
const hash = (file: string, status: Check['status'], source = 'SHA256SUMS') => check({ id: 'package.listedHash', file, status, params: { source } });

// Issue 23: a valid signature whose issuer nobody trusted showed a green Verified; hash checks listed
// each file apart; counts came from elsewhere than the lines shown.
describe('a bag as the Evidence page shows it', () => {
  it('is amber when intact but no trusted authority vouches for a signer, never Verified', () => {
    expect(bagLook('passed', trustOf([{ trust: 'trusted' }, { trust: 'untrusted' }]))).toBe('untrusted');
    expect(bagLook('passed', trustOf([{ trust: 'trusted' }]))).toBe('verified');
    expect(bagLook('passed', trustOf([]))).toBe('verified');
    expect(bagLook('failed', 'trusted')).toBe('failed');
    expect(bagLook('incomplete', 'trusted')).toBe('incomplete');
    expect(bagLook('refused', 'none')).toBe('refused');
  });

  it('folds per-file hash checks into one line per source, failed when one file failed', () => {
    const lines = checkLines([check({ id: 'package.safe' }), hash('a.pdf', 'passed'), hash('b.pdf', 'failed'), hash('c.xml', 'passed', 'manifest.xml'), hash('d.pdf', 'passed'), check({ id: 'signed.inCertificate' })]);
    expect(lines.map((l) => (l.kind === 'one' ? l.check.id : `${l.source}:${l.status}:${l.checks.length}`))).toEqual(['package.safe', 'SHA256SUMS:failed:3', 'package.listedHash', 'signed.inCertificate']);
  });

  it('counts the checks it lists', () => {
    expect(countChecks([hash('a', 'passed'), hash('b', 'failed'), check({ status: 'notApplicable' })])).toEqual({ passed: 1, failed: 1, notApplicable: 1 });
    expect(countChecks([])).toEqual({ passed: 0, failed: 0 });
  });
});
