import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectedNeedsAction, type Dashboard } from '../../../../../shared';
import { Button } from '../../../components/button';
import { formatCount, formatDate } from '../../../lib/format-time';
import { useDocumentsStore, type FilterState } from '../../../stores/documents-store';
import { AttentionSettingsButton } from './attention-settings';

type Attention = Dashboard['attention'];

/**
 * What needs attention, each list with its count, a few examples (a document opens in the side
 * panel) and a button showing them all in the table.
 */
export function AttentionLists({
  attention,
  settings,
  onOpen,
  onSettingsSaved,
}: {
  attention: Attention;
  settings: Dashboard['settings'];
  onOpen(documentId: string): void;
  onSettingsSaved(): void;
}) {
  const { t, i18n } = useTranslation();
  const setFilter = useDocumentsStore((store) => store.setFilter);
  const n = (value: number) => formatCount(value, i18n.language);
  const show = (patch: Partial<FilterState>) => setFilter({ status: null, signerStatus: null, batchId: null, before: null, ...patch });
  const lists = [
    {
      id: 'rejected',
      title: t('documents.attention.rejected'),
      count: attention.rejected.count,
      items: attention.rejected.items.map((item) => ({
        key: item.signatureId,
        text: t('documents.attention.signerIn', { signer: item.signer, title: item.title }),
        documentId: item.documentId,
      })),
      filter: { status: rejectedNeedsAction },
    },
    {
      id: 'pending',
      title: t('documents.attention.stalePending', { count: settings.pendingDays }),
      count: attention.stalePending.count,
      items: attention.stalePending.items.map((item) => ({ key: item.documentId, text: item.title, documentId: item.documentId })),
      filter: { status: 'PE', before: attention.stalePending.before },
    },
    {
      id: 'unopened',
      title: t('documents.attention.unopened', { count: settings.unopenedDays }),
      count: attention.unopened.count,
      items: attention.unopened.items.map((item) => ({
        key: item.signatureId,
        text: t('documents.attention.signerIn', { signer: item.signer, title: item.title }),
        documentId: item.documentId,
      })),
      filter: { status: 'PE', signerStatus: 'IN', before: attention.unopened.before },
    },
  ];
  const batches = attention.unsentBatches;
  const nothing = lists.every((list) => list.count === 0) && batches.count === 0;
  const headingId = useId();

  return (
    <section className="attention" aria-labelledby={headingId} data-testid="attention">
      <div className="overview-heading-row">
        <h3 className="overview-heading" id={headingId}>
          {t('documents.attention.title')}
        </h3>
        <AttentionSettingsButton settings={settings} onSaved={onSettingsSaved} />
      </div>
      {nothing ? <p className="cell-muted">{t('documents.attention.nothing')}</p> : null}
      {lists
        .filter((list) => list.count > 0)
        .map((list) => (
          <div key={list.id} className="attention-list" data-testid={`attention-${list.id}`}>
            <div className="attention-head">
              <span className="attention-title">{list.title}</span>
              <span className="attention-count">{n(list.count)}</span>
            </div>
            <ul>
              {list.items.slice(0, 2).map((item) => (
                <li key={item.key}>
                  <button type="button" className="attention-link" onClick={() => onOpen(item.documentId)} title={item.text}>
                    {item.text}
                  </button>
                </li>
              ))}
            </ul>
            <Button size="sm" variant="ghost" onClick={() => show(list.filter)} data-testid={`attention-${list.id}-show`}>
              {t('documents.attention.show', { count: list.count })}
            </Button>
          </div>
        ))}
      {batches.count > 0 ? (
        <div className="attention-list" data-testid="attention-batches">
          <div className="attention-head">
            <span className="attention-title">{t('documents.attention.unsentBatches')}</span>
            <span className="attention-count">{n(batches.count)}</span>
          </div>
          <ul>
            {batches.items.slice(0, 3).map((batch) => (
              <li key={batch.batchId}>
                <button type="button" className="attention-link" onClick={() => show({ batchId: batch.batchId })}>
                  {t('documents.attention.batchItem', {
                    date: formatDate(batch.createdAt, i18n.language),
                    notSent: n(batch.notSent),
                    rows: n(batch.rows),
                  })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
