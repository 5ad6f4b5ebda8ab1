import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { useEvidenceStore } from './evidence-store';

const filters = ['all', 'passed', 'failed', 'refused'] as const;

/** The search box (Escape clears it) and the verification filter (radio buttons: arrow keys move). */
export function EvidenceFilters() {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { typed, setTyped, setSearch, verdict, setVerdict } = useEvidenceStore();
  const clear = () => {
    setTyped('');
    setSearch('');
  };
  return (
    <div className="evidence-toolbar">
      <div className="evidence-search">
        <label className="visually-hidden" htmlFor={id}>
          {t('evidence.searchLabel')}
        </label>
        <div className="field-frame evidence-search-frame">
          <SearchIcon />
          <input
            ref={input}
            id={id}
            type="search"
            className="field-input"
            value={typed}
            placeholder={t('evidence.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && typed !== '') {
                event.preventDefault();
                clear();
              }
            }}
            data-testid="evidence-search"
          />
          {typed !== '' ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('evidence.clearSearch')}
              onClick={() => {
                clear();
                input.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>
      </div>
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
