import { useId, type ReactNode } from 'react';

/** A titled card grouping related settings or content. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId} data-testid={testId}>
      <header className="card-header">
        <div>
          <h2 id={titleId}>{title}</h2>
          {description ? <p className="card-description">{description}</p> : null}
        </div>
        {actions ? <div className="card-actions">{actions}</div> : null}
      </header>
      <div className="card-body">{children}</div>
    </section>
  );
}
