import { useId, useRef, type HTMLAttributes } from 'react';
import { cx } from '../../components/class-names';
import { AlertIcon } from '../../components/icons';
import type { AskMode } from './signer-draft';

interface ModeFieldProps {
  label: string;
  /** Read after the label by screen readers only (", signer 2"). */
  labelSuffix?: string;
  /** The text box was left (blurred). */
  onLeave?(): void;
  /** The label of the text box ("Phone number of signer 1"). */
  valueLabel: string;
  modes: Record<AskMode, string>;
  mode: AskMode;
  value: string;
  placeholder: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  error: string | null;
  onMode(mode: AskMode): void;
  onValue(value: string): void;
}

/** A value that may be not asked, any, or a given one (phone, identity document): a choice and a text box. */
export function ModeField({
  label,
  labelSuffix,
  onLeave,
  valueLabel,
  modes,
  mode,
  value,
  placeholder,
  inputMode,
  error,
  onMode,
  onValue,
}: ModeFieldProps) {
  const selectId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  const choose = (next: AskMode) => {
    onMode(next);
    // Choosing "this number" means typing it next.
    if (next === 'number') requestAnimationFrame(() => input.current?.focus());
  };
  return (
    <div className={cx('field', error && 'field-invalid')}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field-frame mode-frame">
        <select
          id={selectId}
          aria-label={labelSuffix ? `${label}${labelSuffix}` : undefined}
          className="mode-select"
          value={mode}
          onChange={(event) => choose(event.target.value as AskMode)}
        >
          {(Object.keys(modes) as AskMode[]).map((key) => (
            <option key={key} value={key}>
              {modes[key]}
            </option>
          ))}
        </select>
        {mode === 'number' ? (
          <input
            ref={input}
            className="field-input"
            aria-label={valueLabel}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            inputMode={inputMode}
            value={value}
            title={valueLabel}
            onBlur={onLeave}
            onChange={(event) => onValue(event.target.value)}
          />
        ) : null}
      </div>
      {error ? <FieldMessage error={error} id={messageId} /> : null}
    </div>
  );
}

export function FieldMessage({ error, id, testId }: { error: string; id?: string; testId?: string }) {
  return (
    <p className="field-error" id={id} data-testid={testId}>
      <AlertIcon size={15} />
      <span>{error}</span>
    </p>
  );
}
