import { alreadySentCode, duplicateOfCode, type BatchItem, type ItemProblem } from '../../../../shared';

/**
 * What a draft row asks of the clerk: nothing yet (checking), nothing (excluded), replace the file
 * (blocked: the file itself can never be sent), remove it (duplicate: a later copy of another row),
 * choose whether to send it again (sentBefore: this account already sent the file; left out until
 * then), say or correct who signs (to do), or nothing (ready).
 */
export type RowKind = 'checking' | 'excluded' | 'blocked' | 'duplicate' | 'sentBefore' | 'todo' | 'ready';

export const isFileProblem = (problem: ItemProblem): boolean => problem.field === 'file' || problem.code.startsWith('file.');

export function rowKind(item: BatchItem): RowKind {
  if (item.excluded) return 'excluded';
  if (!item.checked) return 'checking';
  const file = item.problems.filter(isFileProblem);
  if (file.some((problem) => problem.code !== duplicateOfCode && problem.code !== alreadySentCode)) return 'blocked';
  if (file.some((problem) => problem.code === duplicateOfCode)) return 'duplicate';
  if (file.length > 0) return 'sentBefore';
  return item.problems.length > 0 ? 'todo' : 'ready';
}

/** How many rows of each kind, for the summary under the rows. */
export function kindCounts(items: readonly BatchItem[]): Record<RowKind, number> {
  const counts: Record<RowKind, number> = { checking: 0, excluded: 0, blocked: 0, duplicate: 0, sentBefore: 0, todo: 0, ready: 0 };
  for (const item of items) if (item.state === 'draft') counts[rowKind(item)] += 1;
  return counts;
}
