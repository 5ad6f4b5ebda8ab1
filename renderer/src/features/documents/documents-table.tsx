import { useTranslation } from 'react-i18next';
import type { OperationOutput } from '../../../../shared';
import { Tag } from '../../components/tag';
import { formatDate, formatDateTime, formatTime } from '../../lib/format-time';
import { documentTone, useDocumentLabels } from './labels';
import { SignerList } from './signer-list';

export type ListedDocument = OperationOutput<'documents.list'>['documents'][number];

/**
 * One page of documents. A row opens the document's side panel on click; for the keyboard, the title
 * is a button (Tab to it, Enter or Space).
 */
export function DocumentsTable({ documents, busy, selectedId, onOpen }: {
  documents: ListedDocument[];
  busy: boolean;
  selectedId: string | null;
  onOpen(document: ListedDocument): void;
}) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  return (
    <div className="table-scroll documents-table-scroll">
      <table className="data-table documents-table" aria-label={t('documents.tableLabel')} aria-busy={busy || undefined} data-testid="documents-table">
        <thead>
          <tr>
            <th scope="col">{t('documents.columns.title')}</th>
            <th scope="col">{t('documents.columns.status')}</th>
            <th scope="col">{t('documents.columns.signers')}</th>
            <th scope="col" className="cell-created">
              {t('documents.columns.created')}
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => {
            const title = document.title.trim() || t('documents.untitled');
            return (
              <tr
                key={document.id}
                className={document.id === selectedId ? 'is-selected' : undefined}
                onClick={(event) => {
                  // A click on the title button (or a text selection) is not a second open.
                  if ((event.target as HTMLElement).closest('button') || window.getSelection()?.toString()) return;
                  onOpen(document);
                }}
                data-testid="document-row"
                data-status={document.status}
              >
                <td className="cell-title">
                  <button type="button" className="document-open" onClick={() => onOpen(document)} data-testid="document-open">
                    {title}
                  </button>
                  {document.fileName && document.fileName !== document.title ? <span className="cell-sub">{document.fileName}</span> : null}
                </td>
                <td className="cell-status">
                  <Tag tone={documentTone(document.status)}>{labels.status(document.status)}</Tag>
                </td>
                <td className="cell-signers">
                  <SignerList signatures={document.signatures} />
                </td>
                <td className="cell-created">
                  <CreatedAt iso={document.createdAt} language={i18n.language} none={t('documents.none')} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The creation date on one line and the time under it; the full date and time in a tooltip. */
function CreatedAt({ iso, language, none }: { iso: string | null; language: string; none: string }) {
  if (!iso || Number.isNaN(Date.parse(iso))) return <>{iso || none}</>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, language)}>
      {formatDate(iso, language)}
      <span className="cell-sub">{formatTime(iso, language)}</span>
    </time>
  );
}
