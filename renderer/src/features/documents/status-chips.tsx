import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../../shared';
import { formatCount } from '../../lib/format-time';
import { statusCodesOf } from '../activity/labels';
import { useDocumentLabels } from './labels';
import type { StatusFilter } from './use-documents';

/**
 * Which documents to list: all, or one status; each chip says how many there are in the mirror
 * (from `sync.status`). Known statuses always, any other code the host counted after them.
 */
export function StatusChips({ value, status, onChange }: { value: StatusFilter; status: SyncStatus | null; onChange(next: StatusFilter): void }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const counts = status?.counts ?? {};
  const chips = [
    { code: 'all', label: t('documents.all'), count: status?.total ?? null },
    ...statusCodesOf(counts).map((code) => ({ code, label: labels.status(code), count: status ? (counts[code] ?? 0) : null })),
  ];
  // A filter on a code no longer counted stays visible, so that it can be turned off.
  if (value !== 'all' && !chips.some((chip) => chip.code === value)) chips.push({ code: value, label: labels.status(value), count: 0 });
  return (
    <fieldset className="status-chips">
      <legend className="visually-hidden">{t('documents.filterLabel')}</legend>
      <div className="choice-pills" data-testid="status-chips">
        {chips.map((chip) => (
          <label key={chip.code} className="choice-pill status-chip" data-status={chip.code}>
            <input type="radio" name="documents-status" value={chip.code} checked={value === chip.code} onChange={() => onChange(chip.code)} />
            <span>
              {chip.label}
              {chip.count !== null ? (
                <>
                  {' '}
                  <span className="status-chip-count">{formatCount(chip.count, i18n.language)}</span>
                </>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
