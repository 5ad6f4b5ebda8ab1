import { useTranslation } from 'react-i18next';
import { displayStatuses, isKnownDisplayStatus, isKnownDocumentStatus, rejectedNeedsAction } from '../../../shared';

/**
 * Known display states first, in the lifecycle's order (draft, pending, rejected — needs action,
 * completed, cancelled; "rejected — needs action" only when there are such documents), then any other
 * code the host reported.
 */
export function statusCodesOf(counts: Record<string, number>): string[] {
  const others = Object.keys(counts)
    .filter((code) => !isKnownDisplayStatus(code))
    .sort();
  return [...displayStatuses.filter((code) => code !== rejectedNeedsAction || (counts[code] ?? 0) > 0), ...others];
}

/**
 * A document's display state in words, in the UI language (`PE+DE`: "Rejected — needs action"), as
 * Activity, Documents and Send show it. An open set: a code SignDock does not know is shown as itself.
 */
export function useStatusWord(): (code: string) => string {
  const { t } = useTranslation();
  return (code: string) =>
    code === rejectedNeedsAction ? t('activity.statuses.rejected') : isKnownDocumentStatus(code) ? t(`activity.statuses.${code}`) : code;
}
