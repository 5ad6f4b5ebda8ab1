import type { parseManifest } from '../../../shared/domain/manifest';
import type { ItemRow } from './batch-repo';

/** What the report of a manifest import keeps: only what is true, and each problem once. */

type ManifestProblem = ReturnType<typeof parseManifest>['problems'][number];

/**
 * A header problem is said once: a misspelt signer column ("signer1_emial") is reported on the header,
 * not again on every row as that signer's missing e-mail. Rows with it are not applied either way.
 */
export function reportOnce(problems: readonly ManifestProblem[]): ManifestProblem[] {
  const groups = problems
    .filter((problem) => problem.row === 1 && problem.code === 'manifest.unknownSignerColumn' && problem.column)
    .map((problem) => /^(signer\d*)_/i.exec(problem.column!)?.[1]?.toLowerCase() ?? 'signer');
  if (groups.length === 0) return [...problems];
  const fromHeader = (column: string | null) =>
    column !== null && groups.some((group) => column.toLowerCase() === group || column.toLowerCase().startsWith(`${group}_`));
  // "Nobody signs this file" on each row is the misspelt column again, said once on the header.
  return problems.filter(
    (problem) => problem.row === 1 || problem.row === null || (!fromHeader(problem.column) && problem.code !== 'manifest.noSigner'),
  );
}

/**
 * "No row in the manifest (nobody signs it yet)" is worth saying only of a file that could be sent once
 * someone signs it: not of one that keeps its signers, nor of one that can never be sent (its file
 * failed the check: not a PDF, damaged, locked) or was sent already.
 */
export function stillUnsigned(
  problem: ManifestProblem,
  items: readonly Pick<ItemRow, 'fileName' | 'signers' | 'fileProblems' | 'state'>[],
): boolean {
  if (problem.code !== 'manifest.fileNotListed') return true;
  const item = items.find((candidate) => candidate.fileName === problem.params?.file);
  if (!item) return true;
  return item.signers.length === 0 && item.fileProblems.length === 0 && item.state === 'draft';
}
