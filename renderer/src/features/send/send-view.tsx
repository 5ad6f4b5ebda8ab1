import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { SendIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';

/** Send: sending PDFs arrives with a later issue; until then, say honestly what will be here. */
export function SendView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('send.title')} subtitle={t('send.subtitle')} />
      <EmptyState
        testId="send-empty"
        icon={<SendIcon />}
        title={t('send.emptyTitle')}
        body={t('send.emptyBody')}
        note={t('empty.comingLater')}
      />
    </>
  );
}
