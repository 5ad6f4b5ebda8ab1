import { useTranslation } from 'react-i18next';
import type { OperationOutput } from '../../../../shared';

type SkipReason = OperationOutput<'documents.planCancel'>['skipped'][number]['reason'];

/** What an action will leave out, and why, listed before anything is sent; a signer left out is named. */
export function SkippedList({ skipped }: { skipped: { id: string; title: string; signer?: string; reason: SkipReason }[] }) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <div className="notice notice-warning" data-testid="skipped-list">
      <p>{t('actions.skipped.heading', { count: skipped.length })}</p>
      <ul>
        {skipped.map((item) => (
          <li key={item.id} data-testid="skipped-item">
            {/* A signer left out is named (the document beside): "Ana García · “NDA” — already signed". */}
            {item.signer ? `${item.signer} · ` : ''}“{item.title}” — {t(`actions.skipped.reasons.${item.reason}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
