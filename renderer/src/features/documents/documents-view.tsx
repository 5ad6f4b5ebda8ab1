import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { DocumentsIcon, SendIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useNavigationStore } from '../../stores/navigation-store';

/** Documents: the status dashboard arrives with a later issue. */
export function DocumentsView() {
  const { t } = useTranslation();
  const go = useNavigationStore((store) => store.go);
  return (
    <>
      <PageHeader title={t('documents.title')} subtitle={t('documents.subtitle')} />
      <EmptyState
        testId="documents-empty"
        icon={<DocumentsIcon />}
        title={t('documents.emptyTitle')}
        body={t('documents.emptyBody')}
        hint={t('documents.firstStep')}
        action={
          <Button icon={<SendIcon />} onClick={() => go('send')}>
            {t('documents.goToSend')}
          </Button>
        }
        note={t('empty.comingLater')}
      />
    </>
  );
}
