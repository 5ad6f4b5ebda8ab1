import { useTranslation } from 'react-i18next';
import { displayStatuses, inboxStates, isKnownDisplayStatus, isKnownDocumentStatus, notificationKinds, refusalReasons, rejectedNeedsAction, type InboxItem } from '../../../../shared';

type KnownKind = (typeof notificationKinds)[number];
const isKnownKind = (kind: string): kind is KnownKind => (notificationKinds as readonly string[]).includes(kind);

type KnownReason = (typeof refusalReasons)[number];
const isKnownReason = (reason: string): reason is KnownReason => (refusalReasons as readonly string[]).includes(reason);

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

export { inboxStates };

/**
 * Words for the codes on this page, in the UI language. Open sets: a code SignDock does not know is
 * shown as the code itself, never hidden.
 */
export function useActivityLabels() {
  const { t } = useTranslation();
  return {
    /** A document's display state in words (`PE+DE`: "Rejected — needs action"). */
    status: (code: string): string => (code === rejectedNeedsAction ? t('activity.statuses.rejected') : isKnownDocumentStatus(code) ? t(`activity.statuses.${code}`) : code),
    kind: (kind: string): { text: string; known: boolean } =>
      isKnownKind(kind) ? { text: t(`activity.inbox.kinds.${kind}`), known: true } : { text: kind === '' ? t('activity.inbox.noKind') : kind, known: false },
    reason: (reason: string): string => (isKnownReason(reason) ? t(`activity.inbox.reasons.${reason}`) : reason),
    inboxState: (state: InboxItem['state']): string => t(`activity.inbox.states.${state}`),
  };
}
