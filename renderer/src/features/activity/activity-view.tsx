import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ActivityIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';

/** Activity: the event history arrives with a later issue. */
export function ActivityView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
      <EmptyState
        testId="activity-empty"
        icon={<ActivityIcon />}
        title={t('activity.emptyTitle')}
        body={t('activity.emptyBody')}
        note={t('empty.comingLater')}
      />
    </>
  );
}
