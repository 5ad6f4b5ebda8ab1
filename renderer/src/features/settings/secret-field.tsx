import { useId, useState, type ComponentProps } from 'react';
import { TextField } from '../../components/text-field';

/**
 * A field for a secret that is typed, never read back (the webhook secret, the ngrok authtoken): a
 * password field with Show / Hide inside its frame.
 */
export function SecretField({
  showLabel,
  hideLabel,
  ...field
}: Omit<ComponentProps<typeof TextField>, 'type' | 'trailing' | 'id'> & { showLabel: string; hideLabel: string }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <TextField
      id={id}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      spellCheck={false}
      trailing={
        <button type="button" className="field-toggle" aria-controls={id} onClick={() => setShown((value) => !value)}>
          {shown ? hideLabel : showLabel}
        </button>
      }
      {...field}
    />
  );
}
