import type { JournalVerification } from './journal-verify';

/**
 * `journal --reseal`: what it may seal, and what it must refuse. A reseal never turns an unexplained change
 * into "intact": it seals only entries that verify under the chain *and* under the newest checkpoint
 * sealed by this key (their seal was removed or replaced, the entries themselves match), and writes a new
 * sealed checkpoint; it refuses a chain that does not check out, a checkpoint taken away, a key that never
 * sealed this journal, and entries no sealed checkpoint vouches for (a run without the key, or someone
 * without it, wrote them: nothing tells which). It is asked for on the command line only, named, confirmed,
 * and journaled itself (`journal.reseal`).
 */

/** What a reseal may take as it is: seals gone from entries a sealed checkpoint covers, and the checkpoint file itself. */
const blessable = new Set(['sealStripped', 'checkpointMissing', 'checkpointUnsealed']);

export interface ResealEntry {
  seq: number;
  at: string;
  action: string;
  subject: string;
}

export interface ResealPlan {
  /** Why the journal will not be resealed, in words; null when it can be. */
  refusal: string | null;
  /** The entries it will seal: no seal of this key, covered by `under`. */
  entries: ResealEntry[];
  /** The newest checkpoint sealed by this key that the journal agrees with. */
  under: { count: number } | null;
  /** How many entries the journal has now (the new checkpoint counts them and the reseal's own entry). */
  count: number;
  /** What it will take as it is, besides the entries: the checkpoint file missing or unsealed (the findings' words). */
  accepts: string[];
  /** The verification it was planned from. */
  verification: JournalVerification;
}

export function planReseal(input: {
  keyId: string | null;
  keyMissing?: string;
  hasFile: boolean;
  verification: JournalVerification;
  unsealed: ResealEntry[];
}): ResealPlan {
  const v = input.verification;
  const plan = (refusal: string | null): ResealPlan => ({
    refusal,
    entries: refusal ? [] : input.unsealed,
    under: v.sealedUpTo > 0 ? { count: v.sealedUpTo } : null,
    count: v.entries,
    accepts: refusal ? [] : v.problems.filter((p) => p.kind !== 'sealStripped').map((p) => p.message),
    verification: v,
  });
  if (!input.keyId) return plan(`there is no journal key in this run (${input.keyMissing ?? 'none'}), so nothing can be sealed`);
  if (!input.hasFile) return plan('this journal keeps no checkpoint file');
  const blocking = v.problems.find((p) => !blessable.has(p.kind));
  if (blocking) return plan(blocking.message);
  const uncovered = input.unsealed.filter((e) => e.seq > v.sealedUpTo);
  if (uncovered[0])
    return plan(
      `entries ${uncovered[0].seq} to ${uncovered.at(-1)!.seq} carry no seal of this key and no sealed checkpoint covers them, so nothing shows they are what SignDock wrote`,
    );
  return plan(null);
}

/** The plan in words: what will be sealed and taken as it is, for the question asked before sealing. */
export function describePlan(plan: ResealPlan): string {
  if (plan.refusal) return `The journal will not be resealed: ${plan.refusal}.`;
  const lines = [
    `Resealing writes a new checkpoint sealed with the journal key over all ${plan.count} entries (and the reseal's own entry).`,
  ];
  if (plan.entries.length === 0) lines.push('No entry needs a new seal: every entry already carries one of this key.');
  else {
    lines.push(
      `It seals ${plan.entries.length} ${plan.entries.length === 1 ? 'entry' : 'entries'} whose seal is gone; each matches the sealed checkpoint of ${plan.under?.count ?? 0} entries:`,
    );
    for (const e of plan.entries.slice(0, 10))
      lines.push(`  - entry ${e.seq}: ${e.action} ${e.subject} (${e.at.replace('T', ' ').slice(0, 19)} UTC)`);
    if (plan.entries.length > 10) lines.push(`  - and ${plan.entries.length - 10} more`);
  }
  if (plan.accepts.length)
    lines.push(
      'It takes as they are:',
      ...plan.accepts.map((a) => `  - ${a}`),
      `Nothing here shows whether entries after entry ${plan.under?.count ?? 0} were deleted from the end: the new checkpoint takes the journal's length as it is now.`,
    );
  return lines.join('\n');
}

/** Whether two plans seal the same entries (the journal did not change between the question and the answer). */
export const samePlan = (a: ResealPlan, b: ResealPlan): boolean =>
  a.entries.map((e) => e.seq).join() === b.entries.map((e) => e.seq).join() && a.count === b.count;
