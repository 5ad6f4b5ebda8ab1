import type { Check, RecheckResult, SignerTrust, Verdict } from '../../../../shared/domain/evidence';
import type { TagTone } from '../../components/tag';

/** How a bag looks on every surface: one of four, each with its own tone and words (`evidence.review.look.*`). */
export type BagLook = 'verified' | 'untrusted' | 'failed' | 'incomplete';

export const lookTone: Record<BagLook, TagTone> = { verified: 'success', untrusted: 'warning', failed: 'danger', incomplete: 'neutral' };

/**
 * The look of a verdict beside its signers' trust: a passed bag whose signer no trusted authority
 * vouches for is amber ("intact, signer not vouched for"), never a green "Verified"; an incomplete bag
 * is neither green nor red.
 */
export function bagLook(verdict: Verdict, trust: SignerTrust): BagLook {
  if (verdict === 'failed') return 'failed';
  if (verdict === 'incomplete') return 'incomplete';
  return trust === 'notVouched' ? 'untrusted' : 'verified';
}

/** Checks by status, counted from the very checks shown (so the counts and the lines never disagree). */
export function countChecks(checks: readonly Pick<Check, 'status'>[]): Record<string, number> {
  const counts: Record<string, number> = { passed: 0, failed: 0 };
  for (const check of checks) counts[check.status] = (counts[check.status] ?? 0) + 1;
  return counts;
}

/** The last check's bags by verdict: as it counted them, or (a result stored before it did) from the bags it listed. */
export function verdictCounts(last: RecheckResult): { passed: number; failed: number; incomplete: number } {
  if (last.verdicts) return last.verdicts;
  const failed = last.bagsWithProblems.filter((b) => b.verdict === 'failed').length;
  const incomplete = last.bagsWithProblems.filter((b) => b.verdict === 'incomplete').length;
  return { passed: last.bags - failed - incomplete, failed, incomplete };
}
