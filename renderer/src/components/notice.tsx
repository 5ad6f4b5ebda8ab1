import type { ReactNode } from 'react';
import { AlertIcon, InfoIcon, SuccessIcon } from './icons';

export type Tone = 'success' | 'danger' | 'warning' | 'info';

/** A short coloured message with an icon; the text must make sense without the colour. */
export function Notice({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div className={`notice notice-${tone}`} data-testid={testId} data-tone={tone}>
      <span className="notice-icon">{tone === 'success' ? <SuccessIcon /> : tone === 'info' ? <InfoIcon /> : <AlertIcon />}</span>
      <div className="notice-body">{children}</div>
    </div>
  );
}
