import { useTranslation } from 'react-i18next';
import type { Check } from '../../../../shared/domain/evidence';
import { checkWords } from '../../../../shared/domain/evidence-checks';
import type { TagTone } from '../../components/tag';

export const statusTone = (status: Check['status']): TagTone =>
  status === 'passed' ? 'success' : status === 'failed' ? 'danger' : status === 'incomplete' ? 'warning' : 'neutral';

/**
 * A check in the UI language, from the shared check catalogue by its id, status and parameters (never
 * parsed from its English title). The report's own English words stay available as `technical`.
 */
export function useCheckWords() {
  const { i18n } = useTranslation();
  return (check: Check): { title: string; text: string; technical: string } => {
    const words = checkWords(check, i18n.language.startsWith('es') ? 'es' : 'en');
    return { title: words.title, text: words.detail, technical: check.detail };
  };
}
