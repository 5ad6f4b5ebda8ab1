import type { Check } from '../../../../shared/domain/evidence';

/** Checks made once per file against a list of hashes: shown as one line per list ("18 files match SHA256SUMS"). */
const PER_FILE = new Set(['package.listedHash']);

export type CheckLine = { kind: 'one'; check: Check } | { kind: 'group'; id: string; source: string; status: Check['status']; checks: Check[] };

/**
 * The checks as the page lists them: each on its own line, except per-file hash checks, folded into
 * one line per source where they first appear. A group's status is the worst of its checks (failed
 * over passed over not applicable), so a folded line never says "passed" over a file that failed.
 */
export function checkLines(checks: readonly Check[]): CheckLine[] {
  const lines: CheckLine[] = [];
  const groups = new Map<string, Extract<CheckLine, { kind: 'group' }>>();
  for (const check of checks) {
    const source = typeof check.params.source === 'string' ? check.params.source : null;
    if (!PER_FILE.has(check.id) || source === null || check.file === null) {
      lines.push({ kind: 'one', check });
      continue;
    }
    const key = `${check.id}\u0000${source}`;
    let group = groups.get(key);
    if (!group) {
      group = { kind: 'group', id: check.id, source, status: check.status, checks: [] };
      groups.set(key, group);
      lines.push(group);
    }
    group.checks.push(check);
    group.status = worst(group.status, check.status);
  }
  // A group of one is just that check.
  return lines.map((line) => (line.kind === 'group' && line.checks.length === 1 ? { kind: 'one', check: line.checks[0]! } : line));
}

const rank: Record<Check['status'], number> = { failed: 2, passed: 1, notApplicable: 0 };
function worst(a: Check['status'], b: Check['status']): Check['status'] {
  return rank[a] >= rank[b] ? a : b;
}
