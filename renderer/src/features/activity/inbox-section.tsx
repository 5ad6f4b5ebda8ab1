import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { formatCount } from '../../lib/format-time';
import { InboxFilter } from './inbox-filter';
import { InboxStatsView } from './inbox-stats';
import { InboxTable } from './inbox-table';
import { LoadProblem } from '../../components/load-problem';
import { INBOX_PAGE_SIZE, useInbox } from './use-inbox';

/** The notifications inbox: counts, a filter by state, and the table, 50 per page. Live on `inbox.changed`. */
export function InboxSection({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const inbox = useInbox(accountId);
  const page = inbox.page;
  const n = (value: number) => formatCount(value, i18n.language);

  return (
    <SectionCard title={t('activity.inbox.title')} description={t('activity.inbox.description')} testId="inbox-card">
      <div className="activity-card-body">
        {page ? <InboxStatsView stats={page.stats} /> : null}
        {inbox.error ? <LoadProblem error={inbox.error} onRetry={inbox.reload} testId="inbox-error" /> : null}
        {inbox.loading && !page && !inbox.error ? <ProgressNote text={t('activity.inbox.loading')} /> : null}
        {page ? (
          <>
            <div className="inbox-toolbar">
              <InboxFilter value={inbox.filter} stats={page.stats} onChange={inbox.setFilter} />
              {inbox.switching ? <ProgressNote text={t('activity.inbox.loading')} /> : null}
            </div>
            {page.items.length > 0 ? (
              <InboxTable items={page.items} busy={inbox.switching} />
            ) : (
              <p className="inbox-empty" data-testid="inbox-empty">
                {inbox.filter === 'all' ? t('activity.inbox.empty') : t('activity.inbox.emptyFiltered')}
              </p>
            )}
            <Pager
              offset={inbox.offset}
              pageSize={INBOX_PAGE_SIZE}
              shown={page.items.length}
              total={page.total}
              label={t('activity.inbox.pagerLabel')}
              range={(from, to, total) => t('activity.inbox.range', { from: n(from), to: n(to), total: n(total) })}
              previous={t('activity.inbox.previous')}
              next={t('activity.inbox.next')}
              onOffset={inbox.setOffset}
              rangeTestId="inbox-range"
            />
          </>
        ) : null}
      </div>
    </SectionCard>
  );
}
