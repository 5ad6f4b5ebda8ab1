import type { Check, CheckId, CheckItem, CheckStatus, SignatureCheck } from '../../../../shared/domain/evidence';
import { checkWords } from '../../../../shared/domain/evidence-checks';
import { foldStatus } from '../../../../shared/domain/evidence-verdict';

/**
 * One check of a report: its id, status and parameters; its English words come from the shared
 * catalogue (kept in the report so a bag reads without SignDock).
 */
export interface CheckExtra {
  file?: string | null;
  expected?: string | null;
  found?: string | null;
  params?: Check['params'];
  items?: CheckItem[];
}

export function check(id: CheckId, status: CheckStatus, extra: CheckExtra = {}): Check {
  const made = {
    id,
    status,
    file: extra.file ?? null,
    expected: extra.expected ?? null,
    found: extra.found ?? null,
    params: extra.params ?? {},
    items: extra.items ?? [],
  };
  return { ...made, ...checkWords({ ...made, title: id, detail: '' }, 'en') };
}

/** A folded check ("18 files match …"): its status from its items, its counts as parameters. */
export function folded(id: CheckId, items: CheckItem[], extra: Omit<CheckExtra, 'items'> = {}): Check {
  const failedCount = items.filter((i) => i.status === 'failed').length;
  const missingCount = items.filter((i) => i.status === 'incomplete').length;
  return check(id, foldStatus(items), { ...extra, items, params: { count: items.length, failedCount, missingCount, ...extra.params } });
}

/** Why a check could not run, with the file it needed. */
export function notRun(id: CheckId, reason: string, file: string | null = null, params: Check['params'] = {}): Check {
  return check(id, 'incomplete', { file, params: { reason, ...params } });
}

/** A verified signature as a check: intact and trusted, intact but not vouched for (said so), failed, or unreadable (incomplete). */
export function signatureAsCheck(id: 'signature.cms' | 'signed.pdfSignature', signature: SignatureCheck): Check {
  const params = {
    signs: signature.signs ?? 'its content',
    subject: signature.subject ?? 'unknown',
    problem: signature.problem ?? 'The signature does not verify.',
    trust: signature.trust,
  };
  if (signature.valid)
    return check(id, 'passed', {
      file: signature.file,
      params: { ...params, case: signature.trust === 'trusted' ? 'trusted' : 'untrusted' },
    });
  return check(id, signature.unreadable ? 'incomplete' : 'failed', { file: signature.file, params });
}

/** The items of a folded check that did not pass (failed or missing), in order. */
export function notPassedItems(items: readonly CheckItem[]): CheckItem[] {
  return items.filter((item) => item.status === 'failed' || item.status === 'incomplete');
}

const isHash = (value: string | null) => value !== null && /^[0-9a-f]{32,128}$/i.test(value);

/**
 * One file of a folded check that did not pass, in English words: which file, what changed and against
 * which list ("data/signed.pdf: changed — manifest-sha256.txt lists SHA-256 …, the file now has …").
 */
export function itemSentence(check: Pick<Check, 'id' | 'file' | 'params'>, item: CheckItem): string {
  const list = check.id === 'package.listedHash' ? String(check.params.source ?? 'the package') : (check.file ?? 'the manifest');
  if (item.status === 'incomplete') return `${item.file}: missing — listed in ${list}, not in the bag`;
  if (item.found === 'not listed') return `${item.file}: added — in the bag, not listed in ${list}`;
  if (isHash(item.expected) && isHash(item.found)) {
    const algorithm =
      check.id === 'package.listedHash' ? String(check.params.algorithm ?? 'hash').replace(/^SHA(\d)/, 'SHA-$1') : 'SHA-256';
    return `${item.file}: changed — ${list} lists ${algorithm} ${item.expected}, the file now has ${item.found}`;
  }
  return `${item.file}: ${item.found ?? '—'} (expected ${item.expected ?? '—'})`;
}

/**
 * The files of a folded check that did not pass, named: the first `max`, then "and N more" (where all
 * of them are: `--json`, the report's CSV). Empty when every file passed or the check has no items.
 */
export function namedFiles(check: Pick<Check, 'id' | 'file' | 'params' | 'items'>, max = 5, all = 'the full list is in --json'): string[] {
  const bad = notPassedItems(check.items);
  const lines = bad.slice(0, max).map((item) => itemSentence(check, item));
  if (bad.length > max) lines.push(`… and ${bad.length - max} more (${all}).`);
  return lines;
}
