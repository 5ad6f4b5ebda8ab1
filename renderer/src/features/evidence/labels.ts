import { useTranslation } from 'react-i18next';
import type { Check, Verdict } from '../../../../shared/domain/evidence';
import type { TagTone } from '../../components/tag';

export const verdictTone = (verdict: Verdict): TagTone => (verdict === 'passed' ? 'success' : verdict === 'refused' ? 'warning' : 'danger');
export const statusTone = (status: Check['status']): TagTone => (status === 'passed' ? 'success' : status === 'failed' ? 'danger' : 'neutral');

type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/**
 * A check in the UI language: its title and one sentence, chosen by its id and status (and for
 * signatures by trust). The report's own English words stay available as `technical`.
 */
export function useCheckWords() {
  const { t, i18n } = useTranslation();
  const lookup = t as unknown as DynamicT;
  const has = (key: string) => i18n.exists(key);
  return (check: Check): { title: string; text: string; technical: string } => {
    const base = has(`evidence.checks.${check.id}.title`) ? `evidence.checks.${check.id}` : null;
    const reason = typeof check.params.reason === 'string' && has(`evidence.reasons.${check.params.reason}`) ? lookup(`evidence.reasons.${check.params.reason}`) : String(check.params.reason ?? '');
    const algorithm = typeof check.params.algorithm === 'string' ? check.params.algorithm.toUpperCase() : 'SHA-256';
    const values = { ...check.params, file: check.file ?? '', reason, algorithm, bytes: check.params.bytesAfter ?? '', title: check.title };
    if (!base) return { title: check.title, text: check.detail, technical: check.detail };
    const noFile = check.file === null && has(`${base}.titleNone`);
    const title = check.id === 'signed.pdfSignature' && check.title.startsWith('Nothing added') ? lookup(`${base}.titleNone`) : lookup(noFile ? `${base}.titleNone` : `${base}.title`, values);
    let key = `${base}.${check.status}`;
    if ((check.id === 'signature.cms' || check.id === 'signed.pdfSignature') && check.status === 'passed') key = `${base}.${check.params.trust === 'trusted' ? 'trusted' : 'untrusted'}`;
    if (check.id === 'signed.pdfSignature' && check.file === 'data/signed.pdf' && check.status !== 'notApplicable') key = `${base}.${check.status === 'passed' ? 'covered' : 'appended'}`;
    const text = has(key) ? lookup(key, values) : check.detail;
    return { title, text, technical: check.detail };
  };
}

export function useVerdictLabel() {
  const { t } = useTranslation();
  return (verdict: Verdict) => t(`evidence.verdicts.${verdict}`);
}
