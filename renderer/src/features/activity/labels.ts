import { useTranslation } from 'react-i18next';
import { inboxStates, notificationKinds, refusalReasons, type InboxItem } from '../../../../shared';
import { useStatusWord } from '../../lib/status-words';

type KnownKind = (typeof notificationKinds)[number];
const isKnownKind = (kind: string): kind is KnownKind => (notificationKinds as readonly string[]).includes(kind);

type KnownReason = (typeof refusalReasons)[number];
const isKnownReason = (reason: string): reason is KnownReason => (refusalReasons as readonly string[]).includes(reason);

export { inboxStates };

/**
 * Words for the codes on this page, in the UI language. Open sets: a code SignDock does not know is
 * shown as the code itself, never hidden.
 */
export function useActivityLabels() {
  const { t } = useTranslation();
  return {
    /** A document's display state in words (`PE+DE`: "Rejected — needs action"). */
    status: useStatusWord(),
    kind: (kind: string): { text: string; known: boolean } =>
      isKnownKind(kind)
        ? { text: t(`activity.inbox.kinds.${kind}`), known: true }
        : { text: kind === '' ? t('activity.inbox.noKind') : kind, known: false },
    reason: (reason: string): string => (isKnownReason(reason) ? t(`activity.inbox.reasons.${reason}`) : reason),
    inboxState: (state: InboxItem['state']): string => t(`activity.inbox.states.${state}`),
  };
}
