import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureStatuses } from '../../../../../shared';
import { Button } from '../../../components/button';
import { CloseIcon } from '../../../components/icons';
import { useClient } from '../../../lib/client-context';
import { formatDateTime, formatNumericDate } from '../../../lib/format-time';
import { useLiveQuery } from '../../../lib/use-live-query';
import { emptyFilter, useDocumentsStore } from '../../../stores/documents-store';
import { DateField } from './date-field';
import { SearchBox } from './search-box';

/** Search, then filters: signers' status (rejected among them), batch, creation dates (typed in the UI language's numbers, as the "created before" chip beside them reads); and a way to clear them. */
export function FiltersBar({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const filter = useDocumentsStore((store) => store.filter);
  const setFilter = useDocumentsStore((store) => store.setFilter);
  const ids = { signer: useId(), batch: useId(), from: useId(), to: useId() };
  const batches = useLiveQuery(`batches|${accountId}`, () => client.call('batches.list', { limit: 200 }));
  const active =
    filter.status !== null ||
    filter.signerStatus !== null ||
    filter.batchId !== null ||
    filter.from !== '' ||
    filter.to !== '' ||
    filter.before !== null ||
    filter.search !== '';
  const batchKnown = batches.data?.some((batch) => batch.id === filter.batchId) ?? false;

  return (
    <div className="documents-filters" role="group" aria-label={t('documents.filters.label')}>
      <SearchBox />
      <div className="documents-filter-row">
        <div className="filter-field">
          <label htmlFor={ids.signer}>{t('documents.filters.signerStatus')}</label>
          <select
            id={ids.signer}
            className="select select-sm"
            value={filter.signerStatus ?? ''}
            onChange={(event) => setFilter({ signerStatus: event.target.value || null })}
            data-testid="filter-signer-status"
          >
            <option value="">{t('documents.filters.anySigner')}</option>
            {signatureStatuses.map((code) => (
              <option key={code} value={code}>
                {t(`documents.filters.signerStatuses.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor={ids.batch}>{t('documents.filters.batch')}</label>
          <select
            id={ids.batch}
            className="select select-sm"
            value={filter.batchId ?? ''}
            onChange={(event) => setFilter({ batchId: event.target.value || null })}
            data-testid="filter-batch"
          >
            <option value="">{t('documents.filters.anyBatch')}</option>
            {batchLabels(batches.data ?? [], (batch) =>
              t('documents.filters.batchOption', { date: formatDateTime(batch.createdAt, i18n.language), count: batch.progress.total }),
            ).map(({ batch, label }) => (
              <option key={batch.id} value={batch.id}>
                {label}
              </option>
            ))}
            {filter.batchId && !batchKnown ? <option value={filter.batchId}>{filter.batchId}</option> : null}
          </select>
        </div>
        <div className="filter-field filter-dates">
          <label htmlFor={ids.from}>{t('documents.filters.from')}</label>
          <DateField id={ids.from} value={filter.from} onChange={(from) => setFilter({ from })} testId="filter-from" />
          <label htmlFor={ids.to}>{t('documents.filters.to')}</label>
          <DateField id={ids.to} value={filter.to} onChange={(to) => setFilter({ to })} testId="filter-to" />
        </div>
        {filter.before !== null ? (
          <span className="filter-chip" data-testid="filter-before">
            {t('documents.filters.before', { date: formatNumericDate(new Date(filter.before).toISOString(), i18n.language) })}
            <button
              type="button"
              className="icon-button"
              aria-label={t('documents.filters.removeBefore')}
              onClick={() => setFilter({ before: null })}
            >
              <CloseIcon />
            </button>
          </span>
        ) : null}
        {active ? (
          <Button size="sm" variant="ghost" onClick={() => setFilter(emptyFilter)} data-testid="filters-clear">
            {t('documents.filters.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One label per batch, never shared: the day and time with the number of documents, and when two
 * batches still read alike (made the same minute, the same size), "(2)", "(3)"… on the later ones.
 */
function batchLabels<B extends { id: string }>(batches: readonly B[], words: (batch: B) => string): { batch: B; label: string }[] {
  const seen = new Map<string, number>();
  // Newest first: the oldest of a group keeps the plain words.
  return [...batches]
    .reverse()
    .map((batch) => {
      const label = words(batch);
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      return { batch, label: n === 1 ? label : `${label} (${n})` };
    })
    .reverse();
}
