import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ErrorNotice } from './error-notice';

/** A failed read of a card's data, in plain words, with a way to try again. */
export function LoadProblem({ error, onRetry, testId }: { error: unknown; onRetry(): void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="load-problem" data-testid={testId}>
      <ErrorNotice error={error} />
      <Button size="sm" onClick={onRetry}>
        {t('errorUi.retry')}
      </Button>
    </div>
  );
}
