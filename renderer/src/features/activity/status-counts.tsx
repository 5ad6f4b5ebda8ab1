import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../../shared';
import { formatCount } from '../../lib/format-time';
import { statusCodesOf } from '../../lib/status-words';
import { useDocumentsStore } from '../../stores/documents-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { useActivityLabels } from './labels';

/**
 * Documents in the mirror: the total, then one tile per status (known ones always, others as
 * reported). Each tile is a button that opens the Documents list with that status as its filter.
 */
export function StatusCounts({ status, accountId }: { status: SyncStatus; accountId: string }) {
  const { t, i18n } = useTranslation();
  const labels = useActivityLabels();
  const hintId = useId();
  const go = useNavigationStore((store) => store.go);
  const showFiltered = useDocumentsStore((store) => store.showFiltered);
  const open = (code: string | null) => {
    showFiltered(accountId, { status: code });
    go('documents');
  };
  const tiles = [
    { code: null as string | null, label: t('activity.sync.total'), count: status.total, testId: 'count-total' },
    ...statusCodesOf(status.counts).map((code) => ({
      code: code as string | null,
      label: labels.status(code),
      count: status.counts[code] ?? 0,
      testId: `count-${code}`,
    })),
  ];
  return (
    <div className="status-counts">
      <ul className="stat-tiles" aria-label={t('activity.sync.countsLabel')} aria-describedby={hintId} data-testid="status-counts">
        {tiles.map((tile) => (
          <li
            key={tile.code ?? 'all'}
            className={tile.code === null ? 'stat-tile stat-tile-link stat-tile-total' : 'stat-tile stat-tile-link'}
            data-status={tile.code ?? undefined}
          >
            <button
              type="button"
              className="stat-link"
              onClick={() => open(tile.code)}
              title={t('activity.sync.openInDocuments')}
              data-testid={`open-${tile.testId}`}
            >
              <span className="stat-label">
                {tile.code !== null ? <span className="status-dot" aria-hidden="true" /> : null}
                {tile.label}
              </span>
              <span className="stat-value" data-testid={tile.testId}>
                {formatCount(tile.count, i18n.language)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="field-hint" id={hintId}>
        {t('activity.sync.countsHint')}
      </p>
    </div>
  );
}
