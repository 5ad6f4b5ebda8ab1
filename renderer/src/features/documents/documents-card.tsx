import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../../../shared';
import { Button } from '../../components/button';
import { Pager } from '../../components/pager';
import { formatCount } from '../../lib/format-time';
import { LoadProblem } from '../activity/load-problem';
import { DocumentsTable, type ListedDocument } from './documents-table';
import { useDocumentLabels } from './labels';
import { SearchBox } from './search-box';
import { StatusChips } from './status-chips';
import { DOCUMENTS_PAGE_SIZE, documentOrders, type DocumentOrder, type useDocuments } from './use-documents';

/** The search box, the order, the status chips, how many documents match, the page, and the pager. */
export function DocumentsCard({ list, status, selectedId, onOpen }: {
  list: ReturnType<typeof useDocuments>;
  status: SyncStatus | null;
  selectedId: string | null;
  onOpen(document: ListedDocument): void;
}) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const sortId = useId();
  const page = list.page;
  const n = (value: number) => formatCount(value, i18n.language);
  // While another search, filter or page loads, the rows shown are the last ones: say so rather than
  // pair the new search words with the old count.
  const summary = !page
    ? ''
    : list.switching
      ? t('documents.loading')
      : list.search
      ? t('documents.resultsFound', { count: page.total, shown: n(page.total), search: list.search })
      : t('documents.results', { count: page.total, shown: n(page.total) });

  return (
    <section className="card documents-card" aria-label={t('documents.tableLabel')} data-testid="documents-card">
      <div className="documents-toolbar">
        <SearchBox value={list.typed} onChange={list.setTyped} onClear={list.clearSearch} />
        <div className="documents-sort">
          <label htmlFor={sortId}>{t('documents.sortLabel')}</label>
          <select id={sortId} className="select" value={list.order} onChange={(event) => list.setOrder(event.target.value as DocumentOrder)} data-testid="documents-order">
            {documentOrders.map((order) => (
              <option key={order} value={order}>
                {t(`documents.sorts.${order}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <StatusChips value={list.status} status={status} onChange={list.setStatus} />
      {list.error ? <LoadProblem error={list.error} onRetry={list.reload} testId="documents-error" /> : null}
      {/* Always there for screen readers; when nothing matches, the message below says it for the eye. */}
      <p className={page?.total === 0 ? 'visually-hidden' : 'documents-summary'} role="status" data-testid="documents-count">
        {summary}
      </p>
      {page && page.documents.length > 0 ? (
        <DocumentsTable documents={page.documents} busy={list.switching} selectedId={selectedId} onOpen={onOpen} />
      ) : page ? (
        <div className="documents-no-match" data-testid="documents-no-match">
          <p>
            {list.search
              ? t('documents.noMatch', { search: list.search })
              : list.status !== 'all'
                ? t('documents.noneWithStatus', { status: labels.status(list.status) })
                : t('documents.emptyBody')}
          </p>
          {list.search ? (
            <Button size="sm" onClick={list.clearSearch}>
              {t('documents.clearSearch')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {page ? (
        <Pager
          offset={list.offset}
          pageSize={DOCUMENTS_PAGE_SIZE}
          shown={page.documents.length}
          total={page.total}
          label={t('documents.pagerLabel')}
          range={(from, to, total) => t('documents.range', { from: n(from), to: n(to), total: n(total) })}
          previous={t('documents.previous')}
          next={t('documents.next')}
          onOffset={list.setOffset}
          rangeTestId="documents-range"
        />
      ) : null}
    </section>
  );
}
