import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { useClient } from '../../lib/client-context';
import { formatCount, formatDateTime } from '../../lib/format-time';
import { fileNameOf } from '../../lib/download-text';
import { useFileSource } from '../../lib/file-source-context';
import { useAction } from '../../lib/use-action';
import { useEvidenceStore } from './evidence-store';
import { datedName, downloadSaved, saveTarget } from './file-actions';
import { useEvidenceSettings } from './use-evidence-settings';
import { verdictCounts } from './bag-look';

/** Problems about a file of the bag (changed, missing, added, unreadable, not a regular file), named in the archive's line. */
const fileKinds: readonly string[] = ['modified', 'missing', 'unexpected', 'invalid', 'notRegular'];

/**
 * The last check of the whole archive (scheduled every N days, or asked for here): when, and what it
 * found; the next one; "Check the archive now"; and the report the legal team keeps (a PDF and a CSV:
 * the desktop asks where to save it, a browser downloads it). After a check or a report every view of
 * the page reads again (the store's revision), so the list, the open bag and this line tell one run.
 */
export function RecheckStatus() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const files = useFileSource();
  const changed = useEvidenceStore((store) => store.changed);
  const { settings } = useEvidenceSettings();
  useEffect(() => client.subscribe('evidence.rechecked', () => changed()), [client, changed]);
  const check = useAction(async () => {
    const result = await client.call('evidence.recheckNow', {});
    changed();
    return result;
  });
  const report = useAction(async () => {
    const target = await saveTarget(files, datedName('evidence-report', 'pdf'));
    if (target === null) return null;
    const saved = await client.call('evidence.report', target);
    changed();
    await downloadSaved(files, [saved.pdf, saved.csv]);
    return { ...saved, downloaded: files.fetchSaved !== undefined };
  });
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
              : t('evidence.recheck.lastProblems', {
                  when: when(last.finishedAt),
                  count: last.bags,
                  bags: n(last.bags),
                  ...verdictCounts(last),
                })
            : t('evidence.recheck.never')}
        </p>
        <p className="cell-sub" data-testid="recheck-next">
          {settings.nextRecheckAt
            ? t('evidence.recheck.next', { when: when(settings.nextRecheckAt), days: settings.recheck.everyDays })
            : t('evidence.recheck.off')}
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
              .map((bag) => {
                // The files that changed, went missing or were added, each with its word; what a check found is in the bag's panel.
                const files = bag.problems.filter((p) => fileKinds.includes(p.kind) && !p.check);
                const named = files.map((p) => `${t(`evidence.panel.problemKinds.${p.kind}`)} ${p.path}`).join(', ');
                return `“${bag.title}” (${t(`evidence.verdicts.${bag.verdict}`)}${named ? `: ${named}` : ''})`;
              })
              .join('; ')}
            {last.bagsWithProblems.length > 3 ? ` ${t('evidence.recheck.more', { count: last.bagsWithProblems.length - 3 })}` : ''}
          </span>
        </Notice>
      ) : null}
      {report.result ? <ReportSaved {...report.result} /> : null}
      {check.error ? <ErrorNotice error={check.error} /> : null}
      {report.error ? <ErrorNotice error={report.error} /> : null}
    </section>
  );
}

/** Where the report went (the desktop: the path chosen; a browser: downloaded as its file names) and what it found. */
function ReportSaved({
  pdf,
  csv,
  problems,
  bags,
  downloaded,
}: {
  pdf: string;
  csv: string;
  problems: number;
  bags: number;
  downloaded: boolean;
}) {
  const { t } = useTranslation();
  const where = downloaded ? { pdf: fileNameOf(pdf), csv: fileNameOf(csv) } : { pdf, csv };
  const found =
    problems === 0 ? t('evidence.review.report.clean', { count: bags }) : t('evidence.review.report.problems', { count: problems });
  return (
    <Notice tone={problems > 0 ? 'warning' : 'success'}>
      <span data-testid="report-saved">
        {t(downloaded ? 'evidence.review.report.downloaded' : 'evidence.review.report.savedTo', where)} {found}
      </span>
    </Notice>
  );
}
