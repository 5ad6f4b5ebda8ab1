import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../../../shared';
import { Spinner } from '../../components/spinner';
import { Tag } from '../../components/tag';

const stateTone = {
  draft: 'neutral',
  ready: 'neutral',
  sending: 'accent',
  sent: 'success',
  failed: 'danger',
  uncertain: 'warning',
  cancelled: 'neutral',
} as const;

/** Where a row stands: while a draft, its check (checking, ready, will not be sent, excluded); then its sending state. */
export function RowStatus({ item, draft }: { item: BatchItem; draft: boolean }) {
  const { t } = useTranslation();
  if (draft) {
    if (item.excluded) return <Tag testId="row-status">{t('send.row.excluded')}</Tag>;
    if (!item.checked) {
      return (
        <span className="row-checking" data-testid="row-status">
          <Spinner />
          {t('send.row.checking')}
        </span>
      );
    }
    if (item.problems.length > 0) return <Tag tone="danger" testId="row-status">{t('send.row.willNotSend')}</Tag>;
    return <Tag tone="success" testId="row-status">{t('send.row.ready')}</Tag>;
  }
  return (
    <span className="row-state" data-testid="row-status" data-state={item.state}>
      {item.state === 'sending' ? <Spinner /> : null}
      <Tag tone={stateTone[item.state]}>{t(`send.states.${item.state}`)}</Tag>
    </span>
  );
}
