import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../../../shared';
import { Spinner } from '../../components/spinner';
import { Tag } from '../../components/tag';
import { rowKind } from './row-kind';

const stateTone = {
  draft: 'neutral',
  ready: 'neutral',
  sending: 'accent',
  sent: 'success',
  failed: 'danger',
  uncertain: 'warning',
  cancelled: 'neutral',
} as const;

/** Where a row stands: while a draft, what it asks of the clerk (row-kind.ts); then its sending state. */
export function RowStatus({ item, draft }: { item: BatchItem; draft: boolean }) {
  const { t } = useTranslation();
  if (draft) {
    const kind = rowKind(item);
    if (kind === 'excluded') return <Tag testId="row-status">{t('send.row.excluded')}</Tag>;
    if (kind === 'checking') {
      return (
        <span className="row-checking" data-testid="row-status">
          <Spinner />
          {t('send.row.checking')}
        </span>
      );
    }
    if (kind === 'blocked')
      return (
        <Tag tone="danger" testId="row-status">
          {t('send.row.blocked')}
        </Tag>
      );
    if (kind === 'duplicate')
      return (
        <Tag tone="danger" testId="row-status">
          {t('send.once.duplicateTag')}
        </Tag>
      );
    if (kind === 'sentBefore')
      return (
        <Tag tone="warning" testId="row-status">
          {t('send.once.alreadySentTag')}
        </Tag>
      );
    if (kind === 'todo') {
      const onlyWho = item.problems.every((problem) => problem.code === 'batch.noSigners');
      return (
        <Tag tone={onlyWho ? 'neutral' : 'warning'} testId="row-status">
          {t(onlyWho ? 'send.row.needsSigners' : 'send.row.checkSigners')}
        </Tag>
      );
    }
    return (
      <Tag tone="success" testId="row-status">
        {t('send.row.ready')}
      </Tag>
    );
  }
  return (
    <span className="row-state" data-testid="row-status" data-state={item.state}>
      {item.state === 'sending' ? <Spinner /> : null}
      <Tag tone={stateTone[item.state]}>{t(`send.states.${item.state}`)}</Tag>
    </span>
  );
}
