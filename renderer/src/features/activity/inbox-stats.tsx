import { useTranslation } from 'react-i18next';
import type { InboxStats } from '../../../../shared';
import { formatCount } from '../../lib/format-time';
import { useActivityLabels } from './labels';

const counted = ['received', 'duplicates', 'pending', 'done', 'ignored', 'failed'] as const;

/** The inbox counts, then the refused requests by reason (only when there were some). */
export function InboxStatsView({ stats }: { stats: InboxStats }) {
  const { t, i18n } = useTranslation();
  const labels = useActivityLabels();
  const n = (value: number) => formatCount(value, i18n.language);
  const refused = Object.entries(stats.refused).filter(([, count]) => count > 0);
  const refusedTotal = refused.reduce((sum, [, count]) => sum + count, 0);
  return (
    <div className="inbox-stats">
      <ul className="stat-tiles stat-tiles-compact" aria-label={t('activity.inbox.statsLabel')} data-testid="inbox-stats">
        {counted.map((name) => (
          <li key={name} className="stat-tile" data-stat={name}>
            <span className="stat-label">{t(`activity.inbox.stats.${name}`)}</span>
            <span className="stat-value" data-testid={`inbox-${name}`}>
              {n(stats[name])}
            </span>
          </li>
        ))}
        <li className="stat-tile" data-stat="refused">
          <span className="stat-label">{t('activity.inbox.stats.refused')}</span>
          <span className="stat-value" data-testid="inbox-refused">
            {n(refusedTotal)}
          </span>
        </li>
      </ul>
      {refused.length > 0 ? (
        <details className="refused-reasons" data-testid="refused-reasons">
          <summary>{t('activity.inbox.refusedTitle')}</summary>
          <dl className="fact-list fact-list-tight">
            {refused.map(([reason, count]) => (
              <div key={reason}>
                <dt>{labels.reason(reason)}</dt>
                <dd>{n(count)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
