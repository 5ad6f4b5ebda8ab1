import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons';

/** A magnifying glass, drawn like components/icons.tsx (decorative). */
function SearchGlass() {
  return (
    <svg className="icon" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  );
}

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
        <SearchGlass />
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
