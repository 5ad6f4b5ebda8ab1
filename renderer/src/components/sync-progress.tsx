import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../shared';
import { Notice } from './notice';
import { ProgressBar } from './progress-bar';
import { TechnicalDetails } from './technical-details';
import { formatCount } from '../lib/format-time';

/** While syncing: the bar and what was read so far. After a failed sync: the problem in plain words. */
export function SyncProgress({ status }: { status: SyncStatus }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatCount(value, i18n.language);

  if (status.state === 'syncing') {
    const progress = status.progress;
    const text = !progress
      ? t('activity.sync.progressStarting')
      : progress.total !== null
        ? t('activity.sync.progressKnown', { documents: n(progress.documents), total: n(progress.total), pages: n(progress.pages) })
        : t('activity.sync.progressUnknown', { documents: n(progress.documents), pages: n(progress.pages) });
    return (
      <div className="sync-progress" data-testid="sync-progress">
        <ProgressBar
          value={progress?.documents ?? 0}
          max={progress?.total ?? null}
          label={t('activity.sync.progressLabel')}
          valueText={text}
        />
        <p className="sync-progress-text">{text}</p>
      </div>
    );
  }

  if (status.state === 'error') {
    const failed = t('activity.sync.failed');
    return (
      <Notice tone="danger" testId="sync-error">
        <p>{failed}</p>
        <TechnicalDetails text={status.lastFullSync?.error} shown={failed} />
      </Notice>
    );
  }
  return null;
}
