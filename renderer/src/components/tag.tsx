import type { ReactNode } from 'react';

/** A small label beside a name ("Demo", "In use") or a state ("Processed", "Failed"). */
export function Tag({ tone = 'neutral', children, testId }: { tone?: 'neutral' | 'accent' | 'warning' | 'success' | 'danger'; children: ReactNode; testId?: string }) {
  return (
    <span className={`tag tag-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
