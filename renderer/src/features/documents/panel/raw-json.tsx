import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

/** The document exactly as the service sent it, behind a toggle. */
export function RawJson({ raw }: { raw: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <section className="raw-json" aria-label={t('documents.panel.raw')}>
      <Button size="sm" variant="ghost" aria-expanded={shown} onClick={() => setShown(!shown)} data-testid="raw-toggle">
        {shown ? t('documents.panel.hideRaw') : t('documents.panel.showRaw')}
      </Button>
      {shown ? (
        <pre className="raw-json-text" tabIndex={0} data-testid="raw-json">
          {JSON.stringify(raw, null, 2)}
        </pre>
      ) : null}
    </section>
  );
}
