import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { useClient } from '../../lib/client-context';
import { fileNameOf } from '../../lib/download-text';
import { useFileSource } from '../../lib/file-source-context';
import { useAction } from '../../lib/use-action';
import { datedName, downloadSaved, saveBytes, saveTarget } from './file-actions';

/**
 * The export for counsel of the selected documents: one ZIP (a BagIt bag) with a custody record and a
 * summary. The desktop asks where to save it; a browser downloads it (the page sees no host folder).
 */
export function ExportDialog({ bagPaths, open, onClose }: { bagPaths: string[]; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const files = useFileSource();
  const run = useAction(async () => {
    const target = await saveTarget(files, datedName('evidence-for-counsel', 'zip'));
    if (target === null) return null;
    const saved = await client.call('evidence.export', { bagPaths, ...target });
    await downloadSaved(files, [saved.path]);
    return { ...saved, name: fileNameOf(saved.path), downloaded: files.fetchSaved !== undefined };
  });
  const close = () => {
    run.reset();
    onClose();
  };
  const result = run.result;
  const leftOut = useLeftOut(bagPaths, open);
  return (
    <Dialog open={open} title={t('evidence.export.title')} onClose={close} testId="export-dialog">
      <div className="evidence-dialog-body">
        <p>{t('evidence.export.intro', { count: bagPaths.length })}</p>
        {!result && leftOut > 0 ? (
          <Notice tone="warning" testId="export-left-out">
            <p>{t('evidence.export.willLeaveOut', { count: leftOut })}</p>
          </Notice>
        ) : null}
        {run.error ? <ErrorNotice error={run.error} /> : null}
        {result ? (
          <>
            <Notice tone="success" testId="export-done">
              <p>
                {result.downloaded
                  ? t('evidence.review.export.downloaded', { files: result.files, name: result.name })
                  : t('evidence.export.done', { files: result.files, path: result.path })}
              </p>
            </Notice>
            <details open>
              <summary>{t('evidence.export.summaryTitle')}</summary>
              <pre className="evidence-summary">{result.summary}</pre>
            </details>
          </>
        ) : null}
        <div className="form-actions">
          <span className="form-actions-spacer" />
          {result ? (
            <>
              <Button onClick={() => saveBytes(result.summary, 'evidence-summary.txt', 'text/plain;charset=utf-8')}>
                {t('evidence.export.saveSummary')}
              </Button>
              <Button variant="primary" onClick={close} data-autofocus>
                {t('evidence.export.close')}
              </Button>
            </>
          ) : (
            <Button variant="primary" busy={run.pending} onClick={() => void run.run()} data-autofocus data-testid="export-start">
              {run.pending ? t('evidence.export.working') : t('evidence.export.start')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/**
 * How many of the bags to export failed their last check or are incomplete (the index's verdicts), so
 * the dialog says before Export that they will be left out; Export checks every bag again anyway.
 */
function useLeftOut(bagPaths: string[], open: boolean): number {
  const client = useClient();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!open || bagPaths.length === 0) return;
    let live = true;
    const wanted = new Set(bagPaths);
    const list = (verdict: 'failed' | 'incomplete') => client.call('evidence.list', { verdict, limit: 500, offset: 0 });
    void Promise.all([list('failed'), list('incomplete')])
      .then((pages) => live && setCount(pages.flatMap((page) => page.bags).filter((bag) => wanted.has(bag.bagPath)).length))
      .catch(() => live && setCount(0));
    return () => {
      live = false;
    };
  }, [client, bagPaths, open]);
  return open ? count : 0;
}
