import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ChevronIcon } from '../../../components/icons';
import { ProgressNote } from '../../../components/progress-note';
import { formatCount } from '../../../lib/format-time';
import { LoadProblem } from '../../../components/load-problem';
import { useDocumentsStore, type ChartRange } from '../../../stores/documents-store';
import type { useDashboard } from '../use-dashboard';
import { ActivityChart } from './activity-chart';
import { AttentionLists } from './attention-lists';
import { StatusTiles } from './status-tiles';
import './overview.css';

const ranges: ChartRange[] = ['30d', '12w', '6m'];

/**
 * The top of the Documents page: status tiles (also the status filter), and, unless hidden, the chart
 * of documents sent, completed and cancelled and the "needs attention" lists. All follow the filters.
 */
export const OverviewCard = memo(function OverviewCard({
  dashboard,
  onOpen,
}: {
  dashboard: ReturnType<typeof useDashboard>;
  onOpen(documentId: string): void;
}) {
  const { t, i18n } = useTranslation();
  const open = useDocumentsStore((store) => store.overviewOpen);
  const toggle = useDocumentsStore((store) => store.toggleOverview);
  const range = useDocumentsStore((store) => store.chartRange);
  const setRange = useDocumentsStore((store) => store.setChartRange);
  const rangeId = useId();
  const bodyId = useId();
  const data = dashboard.data;
  const chart = data?.chart;
  const empty = chart
    ? chart.sent.every((n) => n === 0) && chart.completed.every((n) => n === 0) && chart.cancelled.every((n) => n === 0)
    : false;

  return (
    <section className="card overview-card" aria-label={t('documents.overview.label')} data-testid="overview">
      <div className="overview-top">
        <StatusTiles counts={data?.counts ?? null} />
        <Button
          size="sm"
          variant="ghost"
          className={open ? 'overview-toggle is-open' : 'overview-toggle'}
          icon={<ChevronIcon />}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggle}
          data-testid="overview-toggle"
        >
          {open ? t('documents.overview.hide') : t('documents.overview.show')}
        </Button>
      </div>
      {dashboard.error ? <LoadProblem error={dashboard.error} onRetry={dashboard.reload} testId="overview-error" /> : null}
      {open ? (
        <div className="overview-body" id={bodyId}>
          <section className="overview-chart" aria-labelledby={`${bodyId}-chart`}>
            <div className="overview-heading-row">
              <h3 className="overview-heading" id={`${bodyId}-chart`}>
                {t('documents.overview.chartTitle')}
              </h3>
              <label className="visually-hidden" htmlFor={rangeId}>
                {t('documents.overview.rangeLabel')}
              </label>
              <select
                id={rangeId}
                className="select select-sm"
                value={range}
                onChange={(event) => setRange(event.target.value as ChartRange)}
                data-testid="chart-range"
              >
                {ranges.map((value) => (
                  <option key={value} value={value}>
                    {t(`documents.overview.ranges.${value}`)}
                  </option>
                ))}
              </select>
            </div>
            {chart ? <ActivityChart chart={chart} /> : <ProgressNote text={t('documents.overview.loading')} />}
            {chart && empty ? (
              <p className="overview-note">{t('documents.overview.chartEmpty')}</p>
            ) : (
              <p className="overview-note">{t('documents.overview.chartNote')}</p>
            )}
            {chart && chart.undated > 0 ? (
              <p className="overview-note" data-testid="chart-undated">
                {t('documents.overview.undated', { count: chart.undated, shown: formatCount(chart.undated, i18n.language) })}
              </p>
            ) : null}
          </section>
          {data ? (
            <AttentionLists attention={data.attention} settings={data.settings} onOpen={onOpen} onSettingsSaved={dashboard.reload} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
});
