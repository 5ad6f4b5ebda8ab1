import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayStatus } from '../../../../../shared';
import { Tag } from '../../../components/tag';
import { formatDateTime } from '../../../lib/format-time';
import { documentTone, useDocumentLabels } from '../labels';
import type { ListedDocument } from '../use-documents-query';
import { shortDate } from './short-date';

export interface RowEvents {
  /** A click on the row (not on its box or title): select, with shift/ctrl/cmd as usual. */
  onRowClick(document: ListedDocument, event: MouseEvent): void;
  /** The row's box ticked or unticked; `shift`: the range from the anchor row is selected. */
  onToggle(document: ListedDocument, shift?: boolean): void;
  onOpen(document: ListedDocument): void;
}

/**
 * One row of the table. The row itself takes focus (one Tab stop for the whole table: arrows move
 * between rows); its box and title are reached by mouse, the keyboard uses Space and Enter.
 */
export const DocumentRow = memo(function DocumentRow({
  document,
  selected,
  focused,
  open,
  events,
}: {
  document: ListedDocument;
  selected: boolean;
  focused: boolean;
  open: boolean;
  events: RowEvents;
}) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const title = document.title.trim() || t('documents.untitled');
  const names = document.signatures.map((signature, index) => labels.signer(signature, index));
  const date = (iso: string | null) =>
    iso ? (
      <time dateTime={iso} title={formatDateTime(iso, i18n.language)}>
        {shortDate(iso, i18n.language)}
      </time>
    ) : (
      t('documents.none')
    );
  return (
    <tr
      className={[selected ? 'is-selected' : '', open ? 'is-open' : ''].join(' ').trim() || undefined}
      tabIndex={focused ? 0 : -1}
      aria-selected={selected}
      data-id={document.id}
      data-testid="document-row"
      data-status={document.status}
      // Shift+click selects rows, not text.
      onMouseDown={(event) => {
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('button, input')) return;
        // A plain click that ends a text selection is a text selection.
        if (!event.shiftKey && !event.ctrlKey && !event.metaKey && window.getSelection()?.toString()) return;
        events.onRowClick(document, event);
      }}
      onDoubleClick={() => events.onOpen(document)}
    >
      <td className="cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          onChange={(event) => events.onToggle(document, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
          aria-label={t('documents.selection.selectRow', { title })}
          data-testid="row-select"
        />
      </td>
      <td className="cell-title">
        <button type="button" tabIndex={-1} className="document-open" onClick={() => events.onOpen(document)} data-testid="document-open">
          {title}
        </button>
        {document.origin?.fileName ? (
          <span className="cell-sub" title={document.origin.fileName}>
            {document.origin.fileName}
          </span>
        ) : null}
      </td>
      <td className="cell-status">
        <Tag tone={documentTone(displayStatus(document))}>{labels.status(displayStatus(document))}</Tag>
      </td>
      <td className="cell-progress">
        <span data-testid="progress">{labels.progress(document.signatures)}</span>
        {names.length > 0 ? (
          <span className="cell-sub signer-names" title={names.join(', ')} data-testid="signers">
            {names[0]}
            {names.length > 1 ? ` ${t('documents.moreSigners', { count: names.length - 1 })}` : ''}
          </span>
        ) : null}
      </td>
      <td className="cell-date">{date(document.createdAt)}</td>
      <td className="cell-date">
        {document.changedAt && document.changedAt !== document.createdAt ? (
          date(document.changedAt)
        ) : (
          <span className="cell-muted" title={t('documents.noChangeSeen')}>
            {t('documents.none')}
          </span>
        )}
      </td>
      <td className="cell-date cell-batch" title={document.origin?.fileName}>
        {document.origin ? (
          shortDate(document.origin.batchCreatedAt, i18n.language)
        ) : (
          <span className="cell-muted">{t('documents.notFromSignDock')}</span>
        )}
      </td>
    </tr>
  );
});
