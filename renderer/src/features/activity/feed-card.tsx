import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { LoadProblem } from '../../components/load-problem';
import { formatDate, formatDateTime } from '../../lib/format-time';
import { useNow } from '../../lib/use-now';
import { useDocumentsStore } from '../../stores/documents-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { dayOf, feedFilters, type FeedEntry, type FeedFilter } from './feed-entry';
import { useActivityLabels } from './labels';
import type { Feed } from './use-feed';
import { ago } from '../../lib/relative-time';

type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/**
 * What happened, in words: newest first, grouped by day, filtered by what the clerk looks for. Each
 * line opens its document on the Documents page.
 */
export function FeedCard({ feed, accountId }: { feed: Feed; accountId: string }) {
  const { t, i18n } = useTranslation();
  const labels = useActivityLabels();
  const [filter, setFilter] = useState<FeedFilter>('all');
  const now = useNow(30_000);
  const go = useNavigationStore((store) => store.go);
  const showDocument = useDocumentsStore((store) => store.showDocument);
  const open = (entry: FeedEntry) => {
    if (!entry.documentId) return;
    showDocument(accountId, entry.documentId, entry.title ?? '');
    go('documents');
  };
  const entries = useMemo(() => feed.entries ?? [], [feed.entries]);
  const shown = entries.filter((entry) => filter === 'all' || entry.kind === filter);
  const days = groupByDay(shown);
  const tt = t as unknown as DynamicT;
  const sentence = (entry: FeedEntry) =>
    tt(`activity.feed.sentences.${entry.sentence}`, {
      who: entry.who ?? t('activity.feed.someone'),
      title: entry.title ?? t('activity.feed.untitled'),
      status: entry.status ? labels.status(entry.status) : t('activity.feed.unknownStatus'),
    });
  const dayTitle = (day: string) => {
    const today = dayOf(new Date(now).toISOString());
    const yesterday = dayOf(new Date(now - 86_400_000).toISOString());
    return day === today
      ? t('activity.feed.today')
      : day === yesterday
        ? t('activity.feed.yesterday')
        : formatDate(`${day}T12:00:00`, i18n.language);
  };

  return (
    <SectionCard title={t('activity.feed.title')} description={t('activity.feed.description')} testId="feed-card">
      <div className="activity-card-body">
        <fieldset className="inbox-filter">
          <legend className="inbox-filter-label">{t('activity.feed.filterLabel')}</legend>
          <div className="segmented" data-testid="feed-filter">
            {feedFilters.map((choice) => (
              <label key={choice} className="segment">
                <input type="radio" name="feed-filter" value={choice} checked={filter === choice} onChange={() => setFilter(choice)} />
                <span>{t(`activity.feed.filters.${choice}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {feed.error && !feed.entries ? <LoadProblem error={feed.error} onRetry={() => void feed.reload()} testId="feed-error" /> : null}
        {!feed.entries && !feed.error ? <ProgressNote text={t('activity.feed.loading')} /> : null}
        {feed.entries && shown.length === 0 ? (
          <p className="inbox-empty" data-testid="feed-empty">
            {filter === 'all' ? t('activity.feed.empty') : t('activity.feed.emptyFiltered')}
          </p>
        ) : null}
        {days.map(([day, list]) => (
          <section key={day} className="feed-day" aria-label={dayTitle(day)}>
            <h3 className="feed-day-title">{dayTitle(day)}</h3>
            <ul className="feed-list" data-testid="feed">
              {list.map((entry) => (
                <li key={entry.id} className={`feed-entry feed-${entry.kind}`} data-testid="feed-entry" data-kind={entry.kind}>
                  <span className="feed-dot" aria-hidden="true" />
                  {entry.documentId ? (
                    <button
                      type="button"
                      className="feed-text feed-open"
                      onClick={() => open(entry)}
                      title={t('activity.feed.open')}
                      data-testid="feed-open"
                    >
                      {sentence(entry)}
                    </button>
                  ) : (
                    <span className="feed-text">{sentence(entry)}</span>
                  )}
                  <time className="feed-time" dateTime={entry.at} title={formatDateTime(entry.at, i18n.language)}>
                    {ago(entry.at, now, i18n.language)}
                  </time>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {feed.more ? (
          <div>
            <Button size="sm" variant="ghost" onClick={feed.showOlder} data-testid="feed-older">
              {t('activity.feed.older')}
            </Button>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}

function groupByDay(entries: FeedEntry[]): [string, FeedEntry[]][] {
  const days = new Map<string, FeedEntry[]>();
  for (const entry of [...entries].sort((a, b) => b.at.localeCompare(a.at))) {
    const day = dayOf(entry.at);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.entries()];
}
