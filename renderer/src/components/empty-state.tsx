import { useId, type ReactNode } from 'react';

/** What will appear in an empty view and what to do first. Never fake data. */
export function EmptyState({
  icon,
  title,
  body,
  hint,
  note,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  hint?: string;
  note?: string;
  action?: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className="empty-state" aria-labelledby={titleId} data-testid={testId}>
      <div className="empty-icon">{icon}</div>
      <h2 id={titleId}>{title}</h2>
      <p className="empty-body">{body}</p>
      {hint ? <p className="empty-hint">{hint}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
      {note ? <p className="empty-note">{note}</p> : null}
    </section>
  );
}
