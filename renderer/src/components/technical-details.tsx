import { useTranslation } from 'react-i18next';

/** The host's own wording, folded away under "Technical details" (shown only when it adds something). */
export function TechnicalDetails({ text, shown }: { text: string | null | undefined; shown: string }) {
  const { t } = useTranslation();
  if (!text || text === shown) return null;
  return (
    <details className="notice-details">
      <summary>{t('errorUi.details')}</summary>
      <p>{text}</p>
    </details>
  );
}
