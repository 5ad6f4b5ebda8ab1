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
