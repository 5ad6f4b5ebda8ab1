import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../components/icons';

/** The search box: searches as you type (after a pause); Escape or the clear button empties it. */
export function SearchBox({ value, onChange, onClear }: { value: string; onChange(next: string): void; onClear(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="documents-search">
      <label className="visually-hidden" htmlFor={id}>
        {t('documents.searchLabel')}
      </label>
      <div className="field-frame documents-search-frame">
        <SearchIcon />
        <input
          ref={input}
          id={id}
          type="search"
          className="field-input"
          value={value}
          placeholder={t('documents.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value !== '') {
              event.preventDefault();
              onClear();
            }
          }}
          data-testid="documents-search"
        />
        {value !== '' ? (
          <button
            type="button"
            className="icon-button documents-search-clear"
            aria-label={t('documents.clearSearch')}
            onClick={() => {
              onClear();
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
