import { useTranslation } from 'react-i18next';
import type { BagDetail } from '../../../../shared/domain/evidence';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { ProgressNote } from '../../components/progress-note';
import { useClient } from '../../lib/client-context';
import { formatDate, formatDateTime } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { useLiveQuery } from '../../lib/use-live-query';
import { CheckList, SignersAndSignatures } from './check-list';
import { ProblemList } from './problem-list';
import { useEvidenceStore, useReloadOnChange } from './evidence-store';
import { saveBagFile } from './file-actions';
import { timestampOf, VerdictSummary } from './verdict-summary';

/** One archived document: its facts, what changed on disk, each check, signers and signatures, and its files. */
export function BagPanel() {
  const { t } = useTranslation();
  const open = useEvidenceStore((store) => store.open);
  const openBag = useEvidenceStore((store) => store.openBag);
  return (
    <div className="evidence-sheet-host">
      <Dialog open={open !== null} title={t('evidence.title')} onClose={() => openBag(null)} testId="bag-panel">
        {open ? <PanelBody bagPath={open} /> : null}
      </Dialog>
    </div>
  );
}

function PanelBody({ bagPath }: { bagPath: string }) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const view = useEvidenceStore((store) => store.view);
  const changed = useEvidenceStore((store) => store.changed);
  const query = useLiveQuery<BagDetail>(bagPath, () => client.call('evidence.get', { bagPath }));
  // A check anywhere on the page (this bag, the selection, the whole archive, a trust change): read again.
  useReloadOnChange(query.reload);
  const recheck = useAction(async () => {
    const [result] = await client.call('evidence.verify', { bagPaths: [bagPath] });
    changed();
    return result;
  });
  const save = useAction((kind: 'package' | 'verification') => saveBagFile(client, bagPath, kind));
  const bag = query.data;
  if (!bag) return query.error ? <ErrorNotice error={query.error} /> : <ProgressNote text={t('evidence.loading')} />;
  // A bag indexed from its files knows only its Bagging-Date (a day): shown as that day, not midnight.
  const when = (iso: string | null) =>
    !iso
      ? t('evidence.panel.none')
      : /^\d{4}-\d{2}-\d{2}$/.test(iso)
        ? formatDate(`${iso}T00:00:00`, i18n.language)
        : formatDateTime(iso, i18n.language);
  return (
    <div className="evidence-panel" data-testid="bag-details">
      <h3 className="evidence-panel-title">{bag.title}</h3>
      <VerdictSummary verdict={bag.verdict} trust={bag.trust} checks={bag.report.checks} timestamp={timestampOf(bag)} />
      <div className="evidence-panel-actions">
        <Button
          variant="primary"
          size="sm"
          data-autofocus
          onClick={() => view({ bagPath, kind: 'certificate', title: t('evidence.buttons.certificate') })}
          data-testid="view-certificate"
        >
          {t('evidence.panel.viewCertificate')}
        </Button>
        <Button size="sm" onClick={() => view({ bagPath, kind: 'signed', title: t('evidence.buttons.signed') })} data-testid="view-signed">
          {t('evidence.panel.viewSigned')}
        </Button>
        <Button size="sm" onClick={() => void save.run('package')}>
          {t('evidence.panel.downloadPackage')}
        </Button>
        <Button size="sm" onClick={() => void save.run('verification')}>
          {t('evidence.panel.downloadReport')}
        </Button>
        <Button size="sm" variant="ghost" busy={recheck.pending} onClick={() => void recheck.run()} data-testid="recheck">
          {t('evidence.panel.recheck')}
        </Button>
      </div>
      {save.error ? <ErrorNotice error={save.error} /> : null}
      {recheck.error ? <ErrorNotice error={recheck.error} /> : null}
      {recheck.result ? (
        <p className="cell-sub" role="status" data-testid="panel-rechecked">
          {t('evidence.panel.rechecked')}
        </p>
      ) : null}
      {bag.problems.length > 0 ? (
        <section className="evidence-section">
          <h3>{t('evidence.panel.problemsTitle')}</h3>
          <ProblemList problems={bag.problems} checks={bag.report.checks} />
        </section>
      ) : null}
      <dl className="fact-list">
        <div>
          <dt>{t('evidence.panel.date')}</dt>
          <dd>{bag.documentDate ? formatDate(`${bag.documentDate}T12:00:00Z`, i18n.language) : t('evidence.panel.none')}</dd>
        </div>
        <div>
          <dt>{t('evidence.panel.account')}</dt>
          <dd>{bag.accountName ?? t('evidence.panel.none')}</dd>
        </div>
        <div>
          <dt>{t('evidence.panel.archivedAt')}</dt>
          <dd>{when(bag.archivedAt)}</dd>
        </div>
        <div>
          <dt>{t('evidence.panel.verifiedAt')}</dt>
          <dd>{when(bag.verifiedAt)}</dd>
        </div>
        <div>
          <dt>{t('evidence.panel.document')}</dt>
          <dd>
            <code>{bag.documentId}</code>
          </dd>
        </div>
        <div>
          <dt>{t('evidence.panel.folder')}</dt>
          <dd>
            <code className="evidence-path">{bag.bagPath}</code>
          </dd>
        </div>
      </dl>
      <section className="evidence-section">
        <h3>{t('evidence.panel.checksTitle')}</h3>
        <CheckList checks={bag.report.checks} />
      </section>
      <SignersAndSignatures signers={bag.report.signers} signatures={bag.report.signatures} />
      <section className="evidence-section">
        <h3>{t('evidence.panel.scopeTitle')}</h3>
        <p className="evidence-scope">{t('evidence.panel.scope')}</p>
      </section>
    </div>
  );
}
