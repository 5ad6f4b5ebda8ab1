import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { EvidenceIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';

/** Evidence: downloading and verifying evidence arrives with a later issue. */
export function EvidenceView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('evidence.title')} subtitle={t('evidence.subtitle')} />
      <EmptyState
        testId="evidence-empty"
        icon={<EvidenceIcon />}
        title={t('evidence.emptyTitle')}
        body={t('evidence.emptyBody')}
        hint={t('evidence.firstStep')}
        note={t('empty.comingLater')}
      />
    </>
  );
}
