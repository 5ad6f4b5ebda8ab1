import type { Check, SignatureCheck } from '../../../../shared/domain/evidence';
import type { TagTone } from '../../components/tag';

/** How a bag looks on every surface: one of five, each with its own tone and words (`evidence.review.look.*`). */
export type BagLook = 'verified' | 'untrusted' | 'failed' | 'incomplete' | 'refused';

export const lookTone: Record<BagLook, TagTone> = { verified: 'success', untrusted: 'warning', failed: 'danger', incomplete: 'neutral', refused: 'warning' };

/** Signature trust over a bag: `none` when it holds no signature. */
export type BagTrust = 'trusted' | 'untrusted' | 'invalid' | 'none';

export function trustOf(signatures: readonly Pick<SignatureCheck, 'trust'>[]): BagTrust {
  if (signatures.length === 0) return 'none';
  if (signatures.some((s) => s.trust === 'invalid')) return 'invalid';
  return signatures.every((s) => s.trust === 'trusted') ? 'trusted' : 'untrusted';
}

/**
 * The look of a verdict beside its signature trust: a passed bag whose signer no trusted authority
 * vouches for is amber ("intact, signer not vouched for"), never a green "Verified".
 */
export function bagLook(verdict: string, trust: BagTrust): BagLook {
  if (verdict === 'failed') return 'failed';
  if (verdict === 'refused') return 'refused';
  if (verdict !== 'passed') return 'incomplete';
  return trust === 'untrusted' ? 'untrusted' : 'verified';
}

/** Checks by status, counted from the very checks shown (so the counts and the lines never disagree). */
export function countChecks(checks: readonly Pick<Check, 'status'>[]): Record<string, number> {
  const counts: Record<string, number> = { passed: 0, failed: 0 };
  for (const check of checks) counts[check.status] = (counts[check.status] ?? 0) + 1;
  return counts;
}
