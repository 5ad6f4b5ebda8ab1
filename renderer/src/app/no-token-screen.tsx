import { useTranslation } from 'react-i18next';
import { StatusScreen } from './status-screen';

/** The web host was opened without its private link (`#token=…`). */
export function NoTokenScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen testId="no-token">
      <h1>{t('session.noTokenTitle')}</h1>
      <p>{t('session.noTokenBody')}</p>
      <p>{t('session.noTokenStep')}</p>
      <pre className="command">
        <code>{t('session.command')}</code>
      </pre>
    </StatusScreen>
  );
}
