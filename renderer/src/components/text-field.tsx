import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './class-names';
import { AlertIcon } from './icons';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Read after the label by screen readers only (", signer 2"), so repeated fields have distinct names. */
  labelSuffix?: string;
  hint?: string;
  /** Shown instead of the hint, linked to the input, and marks it invalid. */
  error?: string | null;
  /** A control inside the field's frame, after the input (e.g. show/hide). */
  trailing?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, labelSuffix, hint, error, trailing, id, inputRef, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={cx('field', error && 'field-invalid')}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-frame">
        <input
          id={inputId}
          ref={inputRef}
          className="field-input"
          aria-label={labelSuffix ? `${label}${labelSuffix}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {message ? (
        <p
          id={messageId}
          className={error ? 'field-error' : 'field-hint'}
          data-testid={error ? `${input.name ?? inputId}-error` : undefined}
        >
          {error ? <AlertIcon size={15} /> : null}
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
