import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceSettings } from '../../../../shared/domain/evidence';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { useClient } from '../../lib/client-context';
import { formatCount, formatDateTime } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';

/**
 * The last check of the whole archive (scheduled every N days, or asked for here): when, and what it
 * found; the next one; "Check the archive now"; and the report the legal team keeps (a PDF and a CSV,
 * saved in the exports folder). `onChecked`: the list is read again after a check.
 */
export function RecheckStatus({ onChecked }: { onChecked: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [settings, setSettings] = useState<EvidenceSettings | null>(null);
  const load = useCallback(() => client.call('evidence.settings', {}).then(setSettings, () => undefined), [client]);
  useEffect(() => void load(), [load]);
  useEffect(
    () =>
      client.subscribe('evidence.rechecked', () => {
        void load();
        onChecked();
      }),
    [client, load, onChecked],
  );
  const check = useAction(async () => {
    const result = await client.call('evidence.recheckNow', {});
    await load();
    onChecked();
    return result;
  });
  const report = useAction(() => client.call('evidence.report', {}));
  if (!settings) return null;
  const last = settings.lastRecheck;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const n = (value: number) => formatCount(value, i18n.language);
  return (
    <section className="evidence-recheck" aria-label={t('evidence.recheck.title')} data-testid="evidence-recheck">
      <div className="evidence-recheck-text">
        <p data-testid="recheck-last">
          {last
            ? last.problems === 0
              ? t('evidence.recheck.lastClean', { when: when(last.finishedAt), count: last.bags, bags: n(last.bags) })
              : t('evidence.recheck.lastProblems', { when: when(last.finishedAt), count: last.problems, problems: n(last.problems), documents: n(last.bagsWithProblems.length) })
            : t('evidence.recheck.never')}
        </p>
        <p className="cell-sub" data-testid="recheck-next">
          {settings.nextRecheckAt ? t('evidence.recheck.next', { when: when(settings.nextRecheckAt), days: settings.recheck.everyDays }) : t('evidence.recheck.off')}
        </p>
      </div>
      <div className="evidence-recheck-actions">
        <Button size="sm" busy={check.pending} onClick={() => void check.run()} data-testid="recheck-now">
          {check.pending ? t('evidence.recheck.checking') : t('evidence.recheck.now')}
        </Button>
        <Button size="sm" busy={report.pending} onClick={() => void report.run()} data-testid="save-report">
          {report.pending ? t('evidence.recheck.reporting') : t('evidence.recheck.report')}
        </Button>
      </div>
      {last && last.bagsWithProblems.length > 0 ? (
        <Notice tone="warning">
          <span data-testid="recheck-problems">
            {t('evidence.recheck.problemsIntro')}{' '}
            {last.bagsWithProblems
              .slice(0, 3)
              .map((bag) => `“${bag.title}” (${bag.problems.map((p) => `${t(`evidence.panel.problemKinds.${p.kind}`)}: ${p.path}`).join(', ')})`)
              .join('; ')}
            {last.bagsWithProblems.length > 3 ? ` ${t('evidence.recheck.more', { count: last.bagsWithProblems.length - 3 })}` : ''}
          </span>
        </Notice>
      ) : null}
      {report.result ? (
        <Notice tone={report.result.problems > 0 ? 'warning' : 'success'}>
          <span data-testid="report-saved">{report.result.problems === 0
              ? t('evidence.recheck.reportSavedClean', { pdf: report.result.pdf, csv: report.result.csv })
              : t('evidence.recheck.reportSavedProblems', { pdf: report.result.pdf, csv: report.result.csv, count: report.result.problems })}</span>
        </Notice>
      ) : null}
      {check.error ? <ErrorNotice error={check.error} /> : null}
      {report.error ? <ErrorNotice error={report.error} /> : null}
    </section>
  );
}
