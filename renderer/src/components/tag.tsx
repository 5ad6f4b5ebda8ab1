import type { ReactNode } from 'react';

export type TagTone = 'neutral' | 'accent' | 'warning' | 'success' | 'danger';

/** A small label beside a name ("Demo", "In use") or a state ("Processed", "Failed"). */
export function Tag({ tone = 'neutral', children, testId }: { tone?: TagTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`tag tag-${tone}`} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
