import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/search-field';
import { useEvidenceStore } from './evidence-store';

const filters = ['all', 'passed', 'failed', 'incomplete'] as const;

/** The search box (Escape clears it) and the verification filter (radio buttons: arrow keys move). */
export function EvidenceFilters() {
  const { t } = useTranslation();
  const id = useId();
  const { typed, setTyped, setSearch, verdict, setVerdict } = useEvidenceStore();
  const clear = () => {
    setTyped('');
    setSearch('');
  };
  return (
    <div className="evidence-toolbar">
      <SearchField
        className="evidence-search"
        label={t('evidence.searchLabel')}
        placeholder={t('evidence.searchPlaceholder')}
        clearLabel={t('evidence.clearSearch')}
        value={typed}
        onChange={setTyped}
        onClear={clear}
        testId="evidence-search"
      />
      <div className="choice-pills" role="radiogroup" aria-label={t('evidence.filterLabel')} data-testid="verdict-filter">
        {filters.map((value) => (
          <label key={value} className="choice-pill">
            <input type="radio" name={`${id}-verdict`} value={value} checked={verdict === value} onChange={() => setVerdict(value)} />
            <span>{t(`evidence.filters.${value}`)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
