import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { displayStatus, type OperationOutput } from '../../../../../shared';
import { CopyValue } from '../../../components/copy-value';
import { Tag } from '../../../components/tag';
import { formatDateTime } from '../../../lib/format-time';
import { documentTone, useDocumentLabels } from '../labels';

type Detail = OperationOutput<'documents.detail'>['document'];

/** The document's facts in words; ids and the service's own file name one click away. */
export function DocumentFacts({ document }: { document: Detail }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const idLabel = useId();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('documents.none'));
  return (
    <>
      <dl className="fact-list document-facts">
        <div>
          <dt>{t('documents.panel.status')}</dt>
          <dd>
            <Tag tone={documentTone(displayStatus(document))} testId="panel-status">
              {labels.status(displayStatus(document))}
            </Tag>
          </dd>
        </div>
        <div>
          <dt>{t('documents.panel.created')}</dt>
          <dd>{when(document.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('documents.panel.changed')}</dt>
          <dd>
            {document.changedAt && (document.changedAt !== document.createdAt || document.signatures.some((s) => s.status !== 'IN'))
              ? when(document.changedAt)
              : t('documents.noChangeSeen')}
          </dd>
        </div>
        {document.origin ? (
          <>
            <div>
              <dt>{t('documents.panel.droppedFile')}</dt>
              <dd className="document-file" data-testid="panel-dropped-file">
                {document.origin.fileName}
              </dd>
            </div>
            <div>
              <dt>{t('documents.panel.batch')}</dt>
              <dd>{t('documents.panel.batchOf', { date: formatDateTime(document.origin.batchCreatedAt, i18n.language) })}</dd>
            </div>
          </>
        ) : null}
        {document.cancelReason ? (
          <div>
            <dt>{t('documents.panel.cancelReason')}</dt>
            <dd>{document.cancelReason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('documents.panel.readAt')}</dt>
          <dd>{when(document.readAt)}</dd>
        </div>
      </dl>
      <details className="panel-disclosure" data-testid="panel-identifiers">
        <summary>{t('documents.panel.details')}</summary>
        <dl className="fact-list fact-list-tight document-facts">
          <div>
            <dt id={idLabel}>{t('documents.panel.id')}</dt>
            <dd>
              <CopyValue
                value={document.id}
                label={t('documents.panel.copy')}
                copiedLabel={t('documents.panel.copied')}
                failedLabel={t('documents.panel.copyFailed')}
                describedBy={idLabel}
                valueTestId="document-id"
                copyTestId="copy-document-id"
              />
            </dd>
          </div>
          <div>
            <dt>{t('documents.panel.statusCodeLabel')}</dt>
            <dd className="mono" data-testid="panel-status-code">
              {document.status}
            </dd>
          </div>
          {document.fileName ? (
            <div>
              <dt>{t('documents.panel.serviceFile')}</dt>
              <dd className="document-file">{document.fileName}</dd>
            </div>
          ) : null}
        </dl>
      </details>
    </>
  );
}
