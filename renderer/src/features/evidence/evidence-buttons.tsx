import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BagSummary, EvidenceFileKind } from '../../../../shared/domain/evidence';
import { isActiveJobState, type JobView } from '../../../../shared/domain/jobs';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useJob } from '../../lib/use-job';
import { useNavigationStore } from '../../stores/navigation-store';
import { useEvidenceStore } from './evidence-store';
import { saveBagFile } from './file-actions';
import { LookTag } from './look-tag';
import { PdfViewer } from './pdf-viewer';
import './evidence.css';

/**
 * The evidence of one document, for its panel in Documents: archive it (as a bag, a job of one), then
 * save the package, the certificate or the signed PDF where the user picks, view the certificate, or
 * show it on the Evidence page. `status`: the document's status when known (evidence needs `CO`).
 */
export function EvidenceButtons({ documentId, status }: { documentId: string; status?: string }) {
  const { t } = useTranslation();
  const client = useClient();
  const go = useNavigationStore((store) => store.go);
  const { openBag, view } = useEvidenceStore();
  const [bag, setBag] = useState<BagSummary | null>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const { job, settled } = useJob(started);
  const load = useCallback(
    () =>
      client.call('evidence.forDocument', { documentId }).then(
        (bags) => setBag(bags[0] ?? null),
        () => undefined,
      ),
    [client, documentId],
  );
  useEffect(() => void load(), [load]);
  // Once the archive job settled: the bag it made, or why there is none (the service had no evidence yet).
  const notAvailable = settled && job !== null && job.progress.byState.skipped > 0 && job.progress.byState.done === 0;
  useEffect(() => {
    if (settled) void load();
  }, [settled, load]);
  const archive = useAction(async () => {
    setStarted(await client.call('evidence.archive', { documentIds: [documentId] }));
  });
  const save = useAction((kind: EvidenceFileKind) => saveBagFile(client, bag?.bagPath ?? '', kind));
  const working = archive.pending || (job !== null && isActiveJobState(job.state));

  if (status !== undefined && status !== 'CO' && !bag) {
    return (
      <section className="evidence-buttons" data-testid="evidence-buttons">
        <p className="field-hint">{t('evidence.buttons.notCompleted')}</p>
      </section>
    );
  }
  return (
    <section className="evidence-buttons" aria-label={t('evidence.buttons.title')} data-testid="evidence-buttons">
      {bag ? (
        <>
          <p>
            <span className="cell-sub">{t('evidence.buttons.archivedLabel')}</span> <LookTag verdict={bag.verdict} trust={bag.trust} />
          </p>
          <div className="evidence-buttons-row">
            <Button size="sm" onClick={() => void save.run('package')}>
              {t('evidence.buttons.package')}
            </Button>
            <Button size="sm" onClick={() => void save.run('certificate')}>
              {t('evidence.buttons.certificate')}
            </Button>
            <Button size="sm" onClick={() => void save.run('signed')}>
              {t('evidence.buttons.signed')}
            </Button>
          </div>
          <div className="evidence-buttons-row">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => view({ bagPath: bag.bagPath, kind: 'certificate', title: t('evidence.buttons.certificate') })}
            >
              {t('evidence.buttons.view')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                openBag(bag.bagPath);
                go('evidence');
              }}
            >
              {t('evidence.buttons.show')}
            </Button>
          </div>
          <PdfViewer />
        </>
      ) : (
        <div className="evidence-buttons-row">
          <Button size="sm" variant="primary" busy={working} onClick={() => void archive.run()} data-testid="evidence-archive-one">
            {working ? t('evidence.buttons.archiving') : t('evidence.buttons.archive')}
          </Button>
        </div>
      )}
      {notAvailable ? <Notice tone="info">{t('evidence.buttons.notAvailable')}</Notice> : null}
      {archive.error ? <ErrorNotice error={archive.error} /> : null}
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </section>
  );
}
