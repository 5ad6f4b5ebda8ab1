import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { useEvidenceSettings } from './use-evidence-settings';
import { useOpenArchive } from './use-open-archive';

/**
 * Which archive the page reviews, and how to review another: in the desktop app a folder dialog; in a
 * browser the web host's start option (a page cannot name folders of the computer).
 */
export function ArchiveSource() {
  const { t } = useTranslation();
  const { settings } = useEvidenceSettings();
  const open = useOpenArchive();
  if (!settings) return null;
  return (
    <section className="evidence-source" aria-label={t('evidence.review.label')} data-testid="archive-source">
      <p>
        {t('evidence.review.reviewing')}{' '}
        <code className="evidence-path" data-testid="archive-source-folder">
          {settings.archiveFolder}
        </code>
      </p>
      {open.available ? (
        <Button size="sm" busy={open.pending} onClick={() => void open.run()} data-testid="archive-choose">
          {t('evidence.review.choose')}
        </Button>
      ) : (
        <p className="cell-sub" data-testid="archive-source-hint">
          {t('evidence.review.browserHint')} <code>npm run web -- --archive FOLDER</code>
        </p>
      )}
      {open.result ? (
        <p className="cell-sub" role="status">
          {t('evidence.rebuilt', { count: open.result.bags, folder: open.result.folder })}
        </p>
      ) : null}
      {open.error ? <ErrorNotice error={open.error} /> : null}
    </section>
  );
}
