import { useTranslation } from 'react-i18next';
import type { SkippedInputInfo } from '../../../../shared';
import { Notice } from '../../components/notice';
import { useErrorText } from '../../lib/use-error-text';

const SHOWN = 50;

/** Files dropped with the PDFs that were left out, each with why. */
export function SkippedFiles({ skipped, onDismiss }: { skipped: SkippedInputInfo[]; onDismiss(): void }) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  if (skipped.length === 0) return null;
  return (
    <Notice tone="warning" testId="skipped-files">
      <div className="notice-head">
        <p className="notice-title">{t('send.skipped.title', { count: skipped.length })}</p>
        <button type="button" className="link-button" onClick={onDismiss}>
          {t('send.dismiss')}
        </button>
      </div>
      <ul className="problem-list">
        {skipped.slice(0, SHOWN).map((entry, index) => (
          <li key={`${entry.path}-${index}`} data-testid="skipped-file" data-code={entry.code}>
            {explain(entry)}
          </li>
        ))}
        {skipped.length > SHOWN ? <li data-testid="skipped-more">{t('send.skipped.more', { count: skipped.length - SHOWN })}</li> : null}
      </ul>
    </Notice>
  );
}
