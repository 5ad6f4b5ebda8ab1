import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { EvidenceIcon } from '../../components/icons';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { formatCount } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { useAccountsStore } from '../../stores/accounts-store';
import { ArchiveDialog } from './archive-dialog';
import { ArchiveProgress } from './archive-progress';
import { ArchiveSettings } from './archive-settings';
import { ArchiveSource } from './archive-source';
import { BagPanel } from './bag-panel';
import { BagsTable } from './bags-table';
import { EVIDENCE_PAGE_SIZE, useEvidenceStore } from './evidence-store';
import { ExportDialog } from './export-dialog';
import { EvidenceFilters } from './evidence-filters';
import { PdfViewer } from './pdf-viewer';
import { RecheckStatus } from './recheck-status';
import { TsaTrust } from './tsa-trust';
import { useArchiveJob } from './use-archive-job';
import { useBags } from './use-bags';
import './evidence.css';

/**
 * Evidence: the archive, from its index alone (no account, no network needed): search and filter by
 * verification result, open a document's checks and its certificate, check again, export for counsel,
 * and archive more completed documents (a job with progress).
 */
export function EvidenceView() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const list = useBags();
  const archiveJob = useArchiveJob();
  const { selected, search, verdict, offset, setOffset, setSelected, changed } = useEvidenceStore();
  const [archiving, setArchiving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const rebuild = useAction(async () => {
    const result = await client.call('evidence.rebuildIndex', {});
    changed();
    return result;
  });
  const recheck = useAction(async () => {
    const results = await client.call('evidence.verify', { bagPaths: selected });
    changed();
    // Documents by verdict, as each bag's panel and row say them (never a count of problems beside a count of checks).
    const count = (verdict: string) => results.filter((r) => r.report.verdict === verdict).length;
    return { count: results.length, passed: count('passed'), failed: count('failed'), incomplete: count('incomplete') };
  });
  const page = list.page;
  const archiveEmpty = page !== null && page.total === 0 && search === '' && verdict === 'all';
  // Archiving needs an account; reviewing does not.
  const hasAccount = useAccountsStore((store) => store.accounts.length > 0);
  // An empty index with bags in the archive folder (a new data folder, an archive copied in): indexed from the bags, once.
  const looked = useRef(false);
  useEffect(() => {
    if (!archiveEmpty || looked.current) return;
    looked.current = true;
    void rebuild.run();
  }, [archiveEmpty, rebuild]);
  const n = (value: number) => formatCount(value, i18n.language);
  // An empty index is looked into first: "Looking for archived documents…" until that ends, never beside "No archived documents".
  const indexing = archiveEmpty && (rebuild.pending || (rebuild.result === undefined && rebuild.error === null));

  return (
    <div className="evidence-page">
      <PageHeader
        title={t('evidence.title')}
        subtitle={t('evidence.subtitle')}
        actions={
          hasAccount ? (
            <Button variant="primary" onClick={() => setArchiving(true)} disabled={archiveJob.running} data-testid="archive-open">
              {t('evidence.archiveButton')}
            </Button>
          ) : null
        }
      />
      {archiveJob.job ? <ArchiveProgress job={archiveJob.job} onDismiss={archiveJob.dismiss} /> : null}
      {list.loading && page === null && !list.error ? <ProgressNote text={t('evidence.loading')} testId="evidence-loading" /> : null}
      {indexing ? <ProgressNote text={t('evidence.indexing')} testId="evidence-indexing" /> : null}
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {hasAccount ? null : <ArchiveSource />}
      {archiveEmpty && !indexing ? (
        hasAccount ? (
          <EmptyState
            testId="evidence-empty"
            icon={<EvidenceIcon />}
            title={t('evidence.emptyTitle')}
            body={t('evidence.emptyBody')}
            hint={t('evidence.firstStep')}
          />
        ) : (
          <EmptyState
            testId="evidence-empty"
            icon={<EvidenceIcon />}
            title={t('evidence.review.emptyTitle')}
            body={t('evidence.review.emptyBody')}
          />
        )
      ) : page ? (
        <section className="card evidence-card" aria-label={t('evidence.tableLabel')} data-testid="evidence-card">
          <EvidenceFilters />
          <div className="evidence-selection">
            <p role="status" data-testid="evidence-count">
              {t('evidence.results', { count: page.total, shown: n(page.total) })}
              {selected.length > 0 ? ` · ${t('evidence.selected', { count: selected.length })}` : ''}
            </p>
            <Button
              size="sm"
              disabled={selected.length === 0}
              busy={recheck.pending}
              onClick={() => void recheck.run()}
              data-testid="recheck-selected"
            >
              {t('evidence.recheckSelected')}
            </Button>
            <Button size="sm" disabled={selected.length === 0} onClick={() => setExporting(true)} data-testid="export-open">
              {t('evidence.exportSelected')}
            </Button>
          </div>
          {recheck.result ? (
            <Notice tone={recheck.result.passed < recheck.result.count ? 'warning' : 'success'}>
              {t('evidence.recheckDone', recheck.result)}
            </Notice>
          ) : null}
          {recheck.error ? <ErrorNotice error={recheck.error} /> : null}
          {page.bags.length > 0 ? (
            <BagsTable bags={page.bags} busy={list.loading} />
          ) : (
            <p className="evidence-no-match">{t('evidence.noMatch')}</p>
          )}
          <Pager
            offset={offset}
            pageSize={EVIDENCE_PAGE_SIZE}
            shown={page.bags.length}
            total={page.total}
            label={t('evidence.pagerLabel')}
            range={(from, to, total) => t('evidence.range', { from: n(from), to: n(to), total: n(total) })}
            previous={t('evidence.previous')}
            next={t('evidence.next')}
            onOffset={setOffset}
          />
        </section>
      ) : null}
      {page && !archiveEmpty ? <RecheckStatus /> : null}
      <div className="evidence-footer">
        <Button size="sm" variant="ghost" busy={rebuild.pending} onClick={() => void rebuild.run()} data-testid="rebuild-index">
          {t('evidence.rebuild')}
        </Button>
        {rebuild.result ? (
          <span className="cell-sub">{t('evidence.rebuilt', { count: rebuild.result.bags, folder: rebuild.result.folder })}</span>
        ) : null}
      </div>
      {rebuild.error ? <ErrorNotice error={rebuild.error} /> : null}
      <ArchiveSettings />
      {/* Reviewing with no account (no Settings page): the time-stamping authorities trusted, here. */}
      {hasAccount ? null : <TsaTrust />}
      <ArchiveDialog open={archiving} onClose={() => setArchiving(false)} onStarted={(job) => archiveJob.setJob(job)} />
      <ExportDialog
        open={exporting}
        bagPaths={selected}
        onClose={() => {
          setExporting(false);
          setSelected([]);
        }}
      />
      <BagPanel />
      <PdfViewer />
    </div>
  );
}
