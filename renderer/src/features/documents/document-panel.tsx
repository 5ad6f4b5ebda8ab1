import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../components/copy-value';
import { Dialog } from '../../components/dialog';
import { ProgressNote } from '../../components/progress-note';
import { Tag } from '../../components/tag';
import { formatDateTime } from '../../lib/format-time';
import { LoadProblem } from '../activity/load-problem';
import type { ListedDocument } from './documents-table';
import { documentTone, useDocumentLabels } from './labels';
import { SignatureDetails } from './signature-details';
import { useDocument } from './use-document';

/**
 * The side panel of one document: a modal sheet on the right (Escape or × closes it, Tab stays
 * inside, focus goes back to the row). It shows what the list knows at once, then the document as
 * the mirror holds it, kept current by `documents.changed`.
 */
export function DocumentPanel({ accountId, listed, onClose }: { accountId: string; listed: ListedDocument | null; onClose(): void }) {
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  const open = listed !== null;

  // A layout effect runs before the dialog's own effect moves focus into it: this is the row's title.
  useLayoutEffect(() => {
    if (!open) return undefined;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const back = opener.current;
      // The dialog is closed by then; give focus back to the row's title (same element after a refresh).
      setTimeout(() => {
        if (back?.isConnected) back.focus();
      }, 0);
    };
  }, [open]);

  return (
    <div className="document-panel-host">
      <Dialog open={open} title={listed ? listed.title.trim() || t('documents.untitled') : ''} onClose={onClose} testId="document-panel">
        {listed ? <PanelBody accountId={accountId} listed={listed} /> : null}
      </Dialog>
    </div>
  );
}

function PanelBody({ accountId, listed }: { accountId: string; listed: ListedDocument }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const query = useDocument(accountId, listed.id);
  const idLabelId = useId();
  const document = query.data ?? listed;
  const read = query.data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('documents.none'));

  return (
    <div className="document-panel-body" data-testid="document-details">
      {query.error ? <LoadProblem error={query.error} onRetry={query.reload} testId="document-error" /> : null}
      <dl className="fact-list document-facts">
        <div>
          <dt>{t('documents.panel.status')}</dt>
          <dd>
            <Tag tone={documentTone(document.status)} testId="panel-status">
              {labels.status(document.status)}
            </Tag>
          </dd>
        </div>
        <div>
          <dt>{t('documents.panel.created')}</dt>
          <dd>{when(document.createdAt)}</dd>
        </div>
        {document.fileName ? (
          <div>
            <dt>{t('documents.panel.file')}</dt>
            <dd className="document-file">{document.fileName}</dd>
          </div>
        ) : null}
        {document.cancelReason ? (
          <div>
            <dt>{t('documents.panel.cancelReason')}</dt>
            <dd>{document.cancelReason}</dd>
          </div>
        ) : null}
        <div>
          <dt id={idLabelId}>{t('documents.panel.id')}</dt>
          <dd>
            <CopyValue
              value={document.id}
              label={t('documents.panel.copy')}
              copiedLabel={t('documents.panel.copied')}
              failedLabel={t('documents.panel.copyFailed')}
              describedBy={idLabelId}
              valueTestId="document-id"
              copyTestId="copy-document-id"
            />
          </dd>
        </div>
        {read ? (
          <div>
            <dt>{t('documents.panel.readAt')}</dt>
            <dd>{when(read.readAt)}</dd>
          </div>
        ) : null}
      </dl>

      <section className="document-signatures" aria-labelledby={`${idLabelId}-signatures`}>
        <h3 id={`${idLabelId}-signatures`}>
          {t('documents.panel.signatures')} <span className="heading-count">{document.signatures.length}</span>
        </h3>
        {query.loading && !query.error ? <ProgressNote text={t('documents.panel.loading')} /> : null}
        {document.signatures.length > 0 ? (
          <ol className="signature-list">
            {document.signatures.map((signature, index) => (
              <SignatureDetails key={signature.id} signature={signature} index={index} />
            ))}
          </ol>
        ) : (
          <p className="cell-muted">{t('documents.panel.noSignatures')}</p>
        )}
      </section>
    </div>
  );
}
