import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard } from '../../../../../shared';
import { dateTimeFormat } from '../../../lib/intl-cache';
import { useSettingsStore } from '../../../stores/settings-store';

type Chart = Dashboard['chart'];

const HEIGHT = 150;

/** The indices of a series' non-zero values (where its dots go). */
const nonZero = (plot: uPlot, seriesIndex: number): number[] => {
  const values = plot.data[seriesIndex] ?? [];
  const indices: number[] = [];
  values.forEach((value, index) => {
    if (typeof value === 'number' && value > 0) indices.push(index);
  });
  return indices;
};

/** A colour token of the current theme (styles/tokens.css). */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/**
 * Documents sent (bars), completed and cancelled (lines) per day or week, drawn by uPlot; the same
 * figures in a table for screen readers. Redrawn when the data, the language or the theme change;
 * follows the width of its box.
 */
export function ActivityChart({ chart }: { chart: Chart }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const theme = useSettingsStore((store) => store.settings.theme);
  const language = i18n.language;
  const names = {
    sent: t('documents.overview.series.sent'),
    completed: t('documents.overview.series.completed'),
    cancelled: t('documents.overview.series.cancelled'),
  };
  const dayFormat = dateTimeFormat(language, { month: 'short', day: 'numeric' });
  const label = (start: number) =>
    chart.bucket === 'week' ? t('documents.overview.weekOf', { date: dayFormat.format(start) }) : dayFormat.format(start);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const dates = dateTimeFormat(language, { month: 'short', day: 'numeric' });
    const grid = { stroke: token('--border'), width: 1 };
    const axis = { stroke: token('--text-muted'), grid, ticks: { show: false }, font: '12px system-ui, sans-serif' };
    // Half a bucket either side, so the first and last bars are whole.
    const half = ((chart.bucket === 'week' ? 7 : 1) * 86_400) / 2;
    const xs = chart.starts.map((start) => start / 1000 + half);
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        padding: [8, 24, 0, 0],
        cursor: { points: { size: 6 }, drag: { x: false, y: false } },
        legend: { show: true, live: false },
        scales: {
          x: { time: true, range: () => [(chart.starts[0] ?? 0) / 1000, xs.length ? (xs[xs.length - 1] as number) + half : 1] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => dates.format(s * 1000)), space: 60 },
          {
            ...axis,
            size: 36,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
            values: (_u, splits) => splits.map((s) => String(s)),
          },
        ],
        series: [
          { value: (_u, v) => (v === null ? '' : label(v * 1000 - half * 1000)) },
          {
            label: names.sent,
            stroke: token('--accent'),
            fill: `${token('--accent')}33`,
            width: 1,
            paths: uPlot.paths.bars?.({ size: [0.7, 28] }),
            points: { show: false },
          },
          // Events, not a level: a dot on each day (or week) with any, no line through the empty ones.
          {
            label: names.completed,
            stroke: token('--success'),
            fill: token('--success'),
            width: 0,
            paths: () => null,
            points: { show: true, size: 8, fill: token('--success'), filter: nonZero },
          },
          {
            label: names.cancelled,
            stroke: token('--danger'),
            fill: token('--danger'),
            width: 0,
            paths: () => null,
            points: { show: true, size: 8, fill: token('--danger'), filter: nonZero },
          },
        ],
      },
      // An empty day draws nothing (a zero-height bar would draw as a dash).
      [xs, chart.sent.map((n) => n || null), chart.completed, chart.cancelled],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
    // `label` and `names` follow `language`; `theme` changes the colours read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart, language, theme]);

  return (
    <figure className="activity-chart">
      <div ref={box} className="activity-chart-plot" aria-hidden="true" data-testid="activity-chart" />
      <table className="visually-hidden">
        <caption>
          {t('documents.overview.chartLabel', {
            bucket: t(chart.bucket === 'week' ? 'documents.overview.perWeek' : 'documents.overview.perDay'),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{chart.bucket === 'week' ? t('documents.overview.perWeek') : t('documents.overview.perDay')}</th>
            <th scope="col">{names.sent}</th>
            <th scope="col">{names.completed}</th>
            <th scope="col">{names.cancelled}</th>
          </tr>
        </thead>
        <tbody>
          {chart.starts.map((start, index) =>
            (chart.sent[index] ?? 0) + (chart.completed[index] ?? 0) + (chart.cancelled[index] ?? 0) > 0 ? (
              <tr key={start}>
                <th scope="row">{label(start)}</th>
                <td>{chart.sent[index]}</td>
                <td>{chart.completed[index]}</td>
                <td>{chart.cancelled[index]}</td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </figure>
  );
}
