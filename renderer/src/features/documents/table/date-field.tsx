import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayField, parseDayField } from '../../../lib/format-time';

/**
 * A day typed in the UI language's numbers ("23/11/2026" in Spanish), not the browser's date picker,
 * whose format follows the browser's locale (mm/dd/yyyy in a Spanish UI). `value` and `onChange` use
 * `YYYY-MM-DD` ('' for none); the day applies on Enter or leaving the field; one that is no real day
 * is marked and applies nothing.
 */
export function DateField({ id, value, onChange, testId }: { id: string; value: string; onChange(day: string): void; testId: string }) {
  const { t, i18n } = useTranslation();
  const shown = `${value}|${i18n.language}`;
  const [text, setText] = useState(() => formatDayField(value, i18n.language));
  const [invalid, setInvalid] = useState(false);
  // The filter changed elsewhere ("Clear filters") or the language did: show it afresh.
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setText(formatDayField(value, i18n.language));
    setInvalid(false);
  }
  const apply = () => {
    const day = text.trim() === '' ? '' : parseDayField(text, i18n.language);
    setInvalid(day === null);
    if (day !== null && day !== value) onChange(day);
  };
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      className="date-input"
      size={10}
      value={text}
      placeholder={dayPattern(formatDayField('2026-11-23', i18n.language), t('documents.filters.dayLetters'))}
      title={t('documents.filters.dateHint', { example: formatDayField('2026-11-23', i18n.language) })}
      aria-invalid={invalid || undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      data-testid={testId}
    />
  );
}

/**
 * The placeholder: the form of a day ("dd/mm/yyyy"), never a day itself, which would read like a
 * filter already set. Made from the example day's shape, so it follows the UI language's order.
 */
function dayPattern(example: string, letters: string): string {
  const [day = 'dd', month = 'mm', year = 'yyyy'] = letters.split('|');
  return example.replace('2026', year).replace('11', month).replace('23', day);
}
