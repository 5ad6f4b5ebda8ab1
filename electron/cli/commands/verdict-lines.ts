import type { BagProblem, Check, SignerTrust, Verdict } from '../../../shared/domain/evidence';
import { checkWords } from '../../../shared/domain/evidence-checks';
import { trustWords, verdictWords } from '../../../shared/domain/evidence-verdict';
import { terminalSafe } from '../terminal-safe';
import { namedFiles } from '../../core/evidence/checks/checks';

/**
 * A bag's outcome in the CLI's words, from the shared catalogue: its verdict (passed, FAILED,
 * INCOMPLETE: each its own words), its signers' trust beside it, and each check that failed or could
 * not run with the files that did not pass named under it (the first 5, then "and N more": every one
 * is in `--json`). Every value from a bag is made terminal-safe and capped.
 */
export function shown(value: string, max = 200): string {
  const safe = terminalSafe(value).replace(/[\r\n\t]+/g, ' ');
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}

export interface BagOutcome {
  verdict: Verdict;
  trust: SignerTrust;
  /** `items`: a folded check's files (at least those that did not pass). */
  checks: (Pick<Check, 'id' | 'status' | 'file' | 'params' | 'title' | 'detail'> & { items?: Check['items'] })[];
  problems?: BagProblem[];
}

/** The checks that failed or could not run. */
export function badChecks<C extends Pick<Check, 'status'>>(checks: readonly C[]): C[] {
  return checks.filter((c) => c.status === 'failed' || c.status === 'incomplete');
}

export function outcomeLines(label: string, outcome: BagOutcome): string[] {
  const words = verdictWords[outcome.verdict].en;
  const lines = [`${words.label.padEnd(11)} ${shown(label, 300)} · signers: ${trustWords[outcome.trust].en}`];
  if (outcome.verdict !== 'passed') lines.push(`            ${words.detail}`);
  for (const c of badChecks(outcome.checks).slice(0, 20)) {
    const said = checkWords({ ...c, params: c.params ?? {} }, 'en');
    lines.push(
      `            ${c.status === 'failed' ? 'failed:    ' : 'not run:   '}${shown(said.title)}${c.file ? ` (${shown(c.file, 120)})` : ''} — ${shown(said.detail, 300)}`,
    );
    for (const line of namedFiles({ ...c, params: c.params ?? {}, items: c.items ?? [] }))
      lines.push(`                       ${shown(line, 400)}`);
  }
  return lines;
}
