import { useId, useRef } from 'react';
import { cx } from './class-names';
import { CloseIcon, SearchIcon } from './icons';

interface SearchFieldProps {
  /** Read by screen readers (the field shows only its placeholder). */
  label: string;
  placeholder: string;
  /** The clear button's accessible name. */
  clearLabel: string;
  value: string;
  onChange(value: string): void;
  /** Empties the search (Escape, or the clear button); default: `onChange('')`. */
  onClear?(): void;
  /** Classes of the outer box (its place in the page's layout). */
  className?: string;
  testId?: string;
  maxLength?: number;
}

/**
 * A search box: a magnifier, the input, and a clear button once something is typed. Escape clears it
 * (and is left to the page when there is nothing to clear); the clear button gives focus back.
 */
export function SearchField({
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
  onClear,
  className,
  testId,
  maxLength = 200,
}: SearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const clear = onClear ?? (() => onChange(''));
  return (
    <div className={cx('search-field', className)}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className="field-frame search-field-frame">
        <SearchIcon />
        <input
          ref={input}
          id={id}
          type="search"
          className="field-input"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value !== '') {
              event.preventDefault();
              clear();
            }
          }}
          data-testid={testId}
        />
        {value !== '' ? (
          <button
            type="button"
            className="icon-button search-field-clear"
            aria-label={clearLabel}
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
