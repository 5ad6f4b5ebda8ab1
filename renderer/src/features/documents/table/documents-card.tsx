import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Pager } from '../../../components/pager';
import { formatCount } from '../../../lib/format-time';
import { LoadProblem } from '../../../components/load-problem';
import { emptyFilter, useDocumentsStore } from '../../../stores/documents-store';
import { DOCUMENTS_PAGE_SIZE, type ListedDocument, type useDocumentsQuery } from '../use-documents-query';
import { DocumentsTable } from './documents-table';
import { FiltersBar } from './filters-bar';
import { SelectionBar } from './selection-bar';

/** The list: filters, how many match, the selection bar, the page of rows and the pager. */
export function DocumentsCard({
  accountId,
  list,
  openId,
  onOpen,
}: {
  accountId: string;
  list: ReturnType<typeof useDocumentsQuery>;
  openId: string | null;
  onOpen(document: ListedDocument): void;
}) {
  const { t, i18n } = useTranslation();
  const page = list.page;
  const search = list.filter.search ?? '';
  const pageState = useDocumentsStore((store) => store.page);
  const setPage = useDocumentsStore((store) => store.setPage);
  const setFilter = useDocumentsStore((store) => store.setFilter);
  const n = (value: number) => formatCount(value, i18n.language);
  // While another search, filter or page loads, the rows shown are the last ones: say so rather than
  // pair the new search words with the old count.
  const summary = !page
    ? ''
    : list.switching
      ? t('documents.loading')
      : search
        ? t('documents.resultsFound', { count: page.total, shown: n(page.total), search })
        : t('documents.results', { count: page.total, shown: n(page.total) });
  // Rows may come and go while paging (a live mirror): the first page is where nothing lies before.
  const offset = page && !page.hasBefore ? 0 : pageState.offset;
  const turn = (next: number) => {
    if (!page) return;
    if (next < offset && page.first) setPage({ cursor: { before: page.first }, offset: Math.max(0, offset - DOCUMENTS_PAGE_SIZE) });
    else if (next > offset && page.last) setPage({ cursor: { after: page.last }, offset: offset + DOCUMENTS_PAGE_SIZE });
  };

  return (
    <section className="card documents-card" aria-label={t('documents.tableLabel')} data-testid="documents-card">
      <FiltersBar accountId={accountId} />
      {list.error ? <LoadProblem error={list.error} onRetry={list.reload} testId="documents-error" /> : null}
      {page ? (
        <SelectionBar
          total={page.total}
          pageSize={DOCUMENTS_PAGE_SIZE}
          filter={list.filter}
          summary={
            // Always there for screen readers; when nothing matches, the message below says it for the eye.
            <p className={page.total === 0 ? 'visually-hidden' : 'documents-summary'} role="status" data-testid="documents-count">
              {summary}
            </p>
          }
        />
      ) : null}
      {page && page.documents.length > 0 ? (
        <DocumentsTable documents={page.documents} busy={list.switching} openId={openId} onOpen={onOpen} />
      ) : page ? (
        <div className="documents-no-match" data-testid="documents-no-match">
          <p>{search ? t('documents.noMatch', { search }) : t('documents.noMatchFilters')}</p>
          <Button size="sm" onClick={() => setFilter(emptyFilter)}>
            {t('documents.filters.clear')}
          </Button>
        </div>
      ) : null}
      {page ? (
        <Pager
          offset={offset}
          pageSize={DOCUMENTS_PAGE_SIZE}
          shown={page.documents.length}
          total={Math.max(page.total, offset + page.documents.length + (page.hasAfter ? 1 : 0))}
          label={t('documents.pagerLabel')}
          range={(from, to, total) => t('documents.range', { from: n(from), to: n(to), total: n(total) })}
          previous={t('documents.previous')}
          next={t('documents.next')}
          onOffset={turn}
          rangeTestId="documents-range"
        />
      ) : null}
    </section>
  );
}
