import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/icons';
import { useDocumentsStore } from '../documents-store';

/** The search box: searches as you type (after a pause); Escape or the clear button empties it. */
export function SearchBox() {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const value = useDocumentsStore((store) => store.filter.search);
  const setFilter = useDocumentsStore((store) => store.setFilter);
  const clear = () => setFilter({ search: '' });
  return (
    <div className="documents-search">
      <label className="visually-hidden" htmlFor={id}>
        {t('documents.filters.searchLabel')}
      </label>
      <div className="field-frame documents-search-frame">
        <SearchIcon />
        <input
          ref={input}
          id={id}
          type="search"
          className="field-input"
          value={value}
          placeholder={t('documents.filters.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          onChange={(event) => setFilter({ search: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value !== '') {
              event.preventDefault();
              clear();
            }
          }}
          data-testid="documents-search"
        />
        {value !== '' ? (
          <button
            type="button"
            className="icon-button documents-search-clear"
            aria-label={t('documents.filters.clearSearch')}
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
  );
}
