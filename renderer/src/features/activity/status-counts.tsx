import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../../shared';
import { formatCount } from '../../lib/format-time';
import { statusCodesOf, useActivityLabels } from './labels';

/** Documents in the mirror: the total, then one tile per status (known ones always, others as reported). */
export function StatusCounts({ status }: { status: SyncStatus }) {
  const { t, i18n } = useTranslation();
  const labels = useActivityLabels();
  return (
    <ul className="stat-tiles" aria-label={t('activity.sync.countsLabel')} data-testid="status-counts">
      <li className="stat-tile stat-tile-total">
        <span className="stat-label">{t('activity.sync.total')}</span>
        <span className="stat-value" data-testid="count-total">
          {formatCount(status.total, i18n.language)}
        </span>
      </li>
      {statusCodesOf(status.counts).map((code) => (
        <li key={code} className="stat-tile" data-status={code}>
          <span className="stat-label">
            <span className="status-dot" aria-hidden="true" />
            {labels.status(code)}
          </span>
          <span className="stat-value" data-testid={`count-${code}`}>
            {formatCount(status.counts[code] ?? 0, i18n.language)}
          </span>
        </li>
      ))}
    </ul>
  );
}
