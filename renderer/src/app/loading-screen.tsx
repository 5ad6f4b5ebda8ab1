import { useTranslation } from 'react-i18next';
import { ProgressNote } from '../components/progress-note';
import { StatusScreen } from './status-screen';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen testId="loading">
      <div role="status">
        <ProgressNote text={t('app.loading')} />
      </div>
    </StatusScreen>
  );
}
