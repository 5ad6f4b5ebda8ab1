import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../../../shared';
import { AlertIcon } from '../../components/icons';

const MAX_TITLE = 200;

/** A row's title: plain text once sent; while a draft, edited in place (Enter or leaving saves, Escape undoes). */
export function TitleField({ item, editable, onSave }: { item: BatchItem; editable: boolean; onSave(title: string): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  if (!editable)
    return (
      <span className="row-title-text" data-testid="row-title">
        {item.title}
      </span>
    );

  const value = draft ?? item.title;
  const empty = value.trim() === '';
  const commit = () => {
    const title = value.trim();
    if (title !== '' && title !== item.title) onSave(title);
    setDraft(null);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(item.title);
      const input = event.currentTarget;
      queueMicrotask(() => input.blur());
    }
  };
  const errorId = `${item.id}-title-error`;
  return (
    <span className="row-title-field">
      <input
        className="row-title-input"
        data-testid="row-title"
        aria-label={t('send.row.title', { file: item.fileName })}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? errorId : undefined}
        value={value}
        maxLength={MAX_TITLE}
        spellCheck
        onFocus={() => setDraft(item.title)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={keys}
      />
      {empty ? (
        <span className="field-error row-title-error" id={errorId}>
          <AlertIcon size={15} />
          <span>{t('send.row.titleEmpty')}</span>
        </span>
      ) : null}
    </span>
  );
}
