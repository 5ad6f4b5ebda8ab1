import { useTranslation } from 'react-i18next';
import type { StatusCountsView } from '../../../../../shared';
import { formatCount } from '../../../lib/format-time';
import { statusCodesOf } from '../../../lib/status-words';
import { useDocumentsStore } from '../../../stores/documents-store';
import { documentTone, useDocumentLabels } from '../labels';

/**
 * One tile per document status with how many documents the other filters leave; choosing one shows
 * only those in the table (a radio group: arrows move between tiles). Known statuses always, any
 * other code the host counted after them.
 */
export function StatusTiles({ counts }: { counts: StatusCountsView | null }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const value = useDocumentsStore((store) => store.filter.status);
  const setFilter = useDocumentsStore((store) => store.setFilter);
  const byStatus = counts?.byStatus ?? {};
  const tiles = [
    { code: null as string | null, label: t('documents.overview.all'), count: counts?.total ?? null, tone: 'accent' },
    ...statusCodesOf(byStatus).map((code) => ({
      code: code as string | null,
      label: labels.status(code),
      count: counts ? (byStatus[code] ?? 0) : null,
      tone: documentTone(code),
    })),
  ];
  // A filter on a code no longer counted stays visible, so that it can be turned off.
  if (value !== null && !tiles.some((tile) => tile.code === value))
    tiles.push({ code: value, label: labels.status(value), count: 0, tone: 'neutral' });
  return (
    <fieldset className="status-tiles">
      <legend className="visually-hidden">{t('documents.overview.tilesLabel')}</legend>
      <div className="status-tile-row" data-testid="status-tiles">
        {tiles.map((tile) => (
          <label key={tile.code ?? 'all'} className={`status-tile status-tile-${tile.tone}`} data-status={tile.code ?? 'all'}>
            <input type="radio" name="documents-status" checked={value === tile.code} onChange={() => setFilter({ status: tile.code })} />
            <span className="status-tile-body">
              <span className="status-tile-label">{tile.label}</span>{' '}
              <span className="status-tile-count">{tile.count === null ? '…' : formatCount(tile.count, i18n.language)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
