import { useTranslation } from 'react-i18next';
import type { InboxStats } from '../../../../shared';
import { formatCount } from '../../lib/format-time';
import { inboxStates } from './labels';
import type { InboxFilter as Filter } from './use-inbox';

const filters: readonly Filter[] = ['all', ...inboxStates];

/** Which notifications to list: all, or one state; each choice shows how many there are. */
export function InboxFilter({ value, stats, onChange }: { value: Filter; stats: InboxStats | null; onChange(next: Filter): void }) {
  const { t, i18n } = useTranslation();
  const countOf = (filter: Filter) => (stats ? (filter === 'all' ? stats.received : stats[filter]) : null);
  return (
    <fieldset className="inbox-filter">
      <legend className="inbox-filter-label">{t('activity.inbox.filterLabel')}</legend>
      <div className="segmented" data-testid="inbox-filter">
        {filters.map((filter) => {
          const count = countOf(filter);
          return (
            <label key={filter} className="segment">
              <input type="radio" name="inbox-filter" value={filter} checked={value === filter} onChange={() => onChange(filter)} />
              <span>
                {t(`activity.inbox.filters.${filter}`)}
                {count !== null ? <span className="segment-count">{formatCount(count, i18n.language)}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
