import { useEffect, useState } from 'react';
import { Button } from './button';
import { CheckIcon, CopyIcon } from './icons';

interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
  failedLabel: string;
  /** Names what is copied for screen readers ("Copy the notification address"). */
  describedBy?: string;
  /** The button's full accessible name when several Copy buttons share a page ("Copy link for Ana García, NDA"); it starts with `label`. */
  accessibleName?: string;
  testId?: string;
}

/** Copies a text to the clipboard and says so ("Copied") for a moment; a refusal is said in words. */
export function CopyButton({ text, label, copiedLabel, failedLabel, describedBy, accessibleName, testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="copy-button">
      <Button
        size="sm"
        icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        aria-describedby={describedBy}
        aria-label={accessibleName && state !== 'copied' ? accessibleName : undefined}
        onClick={() => void copy()}
        data-testid={testId}
      >
        {state === 'copied' ? copiedLabel : label}
      </Button>
      <span role="status" aria-live="polite" className={state === 'failed' ? 'copy-failed' : 'visually-hidden'}>
        {state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : ''}
      </span>
    </span>
  );
}
