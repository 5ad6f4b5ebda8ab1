import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { ProgressNote } from '../../../components/progress-note';
import { LoadProblem } from '../../../components/load-problem';
import { DocumentActions } from '../action-slots';
import { DocumentFacts } from './document-facts';
import { RawJson } from './raw-json';
import { SignatureDetails } from './signature-details';
import { Timeline } from './timeline';
import { useDocumentDetail } from './use-document-detail';
import './panel.css';

/**
 * The side panel of one document: a modal sheet on the right (Escape or × closes it, Tab stays
 * inside, focus goes back to where it was). The document as the mirror holds it, kept current by
 * `documents.changed`: its facts, the place for actions, each signature, what happened, and the raw
 * data behind a toggle.
 */
export function DocumentPanel({
  accountId,
  documentId,
  title,
  onClose,
}: {
  accountId: string;
  documentId: string | null;
  title: string;
  onClose(): void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const open = documentId !== null;

  // A layout effect runs before the dialog's own effect moves focus into it: this is the row.
  useLayoutEffect(() => {
    if (!open) return undefined;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const back = opener.current;
      setTimeout(() => {
        if (back?.isConnected) back.focus();
      }, 0);
    };
  }, [open]);

  return (
    <div className="document-panel-host">
      {documentId ? (
        <OpenPanel key={documentId} accountId={accountId} documentId={documentId} title={title} onClose={onClose} />
      ) : (
        <Dialog open={false} title="" onClose={onClose} testId="document-panel">
          {null}
        </Dialog>
      )}
    </div>
  );
}

function OpenPanel({ accountId, documentId, title, onClose }: { accountId: string; documentId: string; title: string; onClose(): void }) {
  const { t } = useTranslation();
  const query = useDocumentDetail(accountId, documentId);
  const read = query.data?.document.title.trim();
  return (
    <Dialog open title={read || title || t('documents.untitled')} onClose={onClose} testId="document-panel">
      <PanelBody accountId={accountId} documentId={documentId} query={query} />
    </Dialog>
  );
}

function PanelBody({ documentId, query }: { accountId: string; documentId: string; query: ReturnType<typeof useDocumentDetail> }) {
  const { t } = useTranslation();
  const detail = query.data;
  if (!detail)
    return query.error ? (
      <LoadProblem error={query.error} onRetry={query.reload} testId="document-error" />
    ) : (
      <ProgressNote text={t('documents.panel.loading')} />
    );
  const { document, timeline } = detail;
  // The service gives no date for a rejection: when SignDock learnt of it is the change it saw.
  const rejectionSeen = new Map(
    timeline.flatMap((entry) => (entry.kind === 'status' && entry.to === 'DE' && entry.signatureId ? [[entry.signatureId, entry.at]] : [])),
  );
  return (
    <div className="document-panel-body" data-testid="document-details">
      {query.error ? <LoadProblem error={query.error} onRetry={query.reload} testId="document-error" /> : null}
      <DocumentFacts document={document} />
      <div className="panel-actions" role="group" aria-label={t('documents.panel.actionsLabel')}>
        <DocumentActions document={document} />
      </div>
      <section className="document-signatures" aria-labelledby={`${documentId}-signatures`}>
        <h3 id={`${documentId}-signatures`}>
          {t('documents.panel.signatures')} <span className="heading-count">{document.signatures.length}</span>
        </h3>
        {document.signatures.length > 0 ? (
          <ol className="signature-list">
            {document.signatures.map((signature, index) => (
              <SignatureDetails
                key={signature.id}
                signature={signature}
                index={index}
                documentStatus={document.status}
                rejectionSeenAt={rejectionSeen.get(signature.id) ?? null}
              />
            ))}
          </ol>
        ) : (
          <p className="cell-muted">{t('documents.panel.noSignatures')}</p>
        )}
      </section>
      <Timeline entries={timeline} signatures={document.signatures} />
      <RawJson raw={document.raw} />
    </div>
  );
}
