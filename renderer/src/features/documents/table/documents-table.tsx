import { useCallback, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { documentColumns, type DocumentColumn } from '../../../../../shared';
import { isSelected, toggled, useDocumentsStore, type SelectionState } from '../../../stores/documents-store';
import type { ListedDocument } from '../use-documents-query';
import { DocumentRow, type RowEvents } from './document-row';

/**
 * The table: a box per row, sortable column headers, and a grid the keyboard walks (one Tab stop;
 * arrows, Home/End; Space selects, Shift extends from the anchor; Enter opens; Ctrl/Cmd+A selects
 * the page). Click selects a row, Ctrl/Cmd+click adds or removes it, Shift+click selects a range.
 */
export function DocumentsTable({
  documents,
  busy,
  openId,
  onOpen,
}: {
  documents: ListedDocument[];
  busy: boolean;
  openId: string | null;
  onOpen(document: ListedDocument): void;
}) {
  const { t } = useTranslation();
  const sort = useDocumentsStore((store) => store.sort);
  const setSort = useDocumentsStore((store) => store.setSort);
  const selection = useDocumentsStore((store) => store.selection);
  const anchorId = useDocumentsStore((store) => store.anchorId);
  const select = useDocumentsStore((store) => store.select);
  const body = useRef<HTMLTableSectionElement>(null);
  const ids = useMemo(() => documents.map((document) => document.id), [documents]);
  const focusId = anchorId !== null && ids.includes(anchorId) ? anchorId : (ids[0] ?? null);
  const onPage = ids.filter((id) => isSelected(selection, id)).length;

  /** Rows from the anchor to `id` (this page), added to the selection. */
  const range = useCallback(
    (id: string, base: SelectionState): SelectionState => {
      const from = ids.indexOf(anchorId ?? id);
      const to = ids.indexOf(id);
      if (from < 0 || to < 0) return toggled(base, id, true);
      let next = base;
      for (const rowId of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) next = toggled(next, rowId, true);
      return next;
    },
    [ids, anchorId],
  );

  // The rows' handlers read the latest state through a ref, so that they keep their identity and a
  // selection or focus change re-renders only the rows it changes (DocumentRow is memoised).
  const latest = useRef({ select, selection, range, anchorId, onOpen });
  useLayoutEffect(() => {
    latest.current = { select, selection, range, anchorId, onOpen };
  });
  const events: RowEvents = useMemo(
    () => ({
      onRowClick(document: ListedDocument, event: MouseEvent) {
        const { select, selection, range, anchorId } = latest.current;
        if (event.shiftKey)
          select(range(document.id, selection.kind === 'query' ? selection : { kind: 'ids', ids: new Set() }), anchorId ?? document.id);
        else if (event.ctrlKey || event.metaKey) select(toggled(selection, document.id), document.id);
        else select({ kind: 'ids', ids: new Set([document.id]) }, document.id);
      },
      // Shift on a row's box adds the range from the anchor, as a shift-click on the row does (kept: the rows already selected).
      onToggle: (document: ListedDocument, shift = false) => {
        const { select, selection, range, anchorId } = latest.current;
        if (shift && anchorId) select(range(document.id, selection), anchorId);
        else select(toggled(selection, document.id), document.id);
      },
      onOpen: (document: ListedDocument) => {
        latest.current.select(latest.current.selection, document.id);
        latest.current.onOpen(document);
      },
    }),
    [],
  );

  const focusRow = (id: string) => {
    select(selection, id);
    body.current?.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const current = focusId === null ? -1 : ids.indexOf(focusId);
    const move = (to: number) => {
      const id = ids[Math.max(0, Math.min(ids.length - 1, to))];
      if (!id) return;
      event.preventDefault();
      if (event.shiftKey && focusId) select(range(id, selection), focusId);
      focusRow(id);
    };
    const document = documents[current];
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(ids.length - 1);
    else if (event.key === ' ' && document) {
      event.preventDefault();
      select(event.shiftKey ? range(document.id, selection) : toggled(selection, document.id), document.id);
    } else if (event.key === 'Enter' && document) {
      event.preventDefault();
      onOpen(document);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      let next = selection;
      for (const id of ids) next = toggled(next, id, true);
      select(next);
    }
  };

  const pageBox = (checked: boolean) => {
    let next = selection;
    for (const id of ids) next = toggled(next, id, checked);
    select(next);
  };

  return (
    <div className="table-scroll documents-table-scroll">
      <table
        className="data-table documents-table"
        role="grid"
        aria-multiselectable="true"
        aria-label={t('documents.tableLabel')}
        aria-describedby="documents-table-help"
        aria-busy={busy || undefined}
        data-testid="documents-table"
      >
        <colgroup>
          <col className="col-check" />
          {documentColumns.map((column) => (
            <col key={column} className={`col-${column}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="cell-check">
              <input
                type="checkbox"
                checked={onPage > 0 && onPage === ids.length}
                ref={(box) => {
                  if (box) box.indeterminate = onPage > 0 && onPage < ids.length;
                }}
                onChange={(event) => pageBox(event.target.checked)}
                aria-label={t('documents.selection.selectPage')}
                data-testid="select-page"
              />
            </th>
            {documentColumns.map((column) => (
              <SortHeader key={column} column={column} sort={sort} onSort={setSort} />
            ))}
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {documents.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              selected={isSelected(selection, document.id)}
              focused={document.id === focusId}
              open={document.id === openId}
              events={events}
            />
          ))}
        </tbody>
      </table>
      <p id="documents-table-help" className="visually-hidden">
        {t('documents.tableHelp')}
      </p>
    </div>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: DocumentColumn;
  sort: { column: DocumentColumn; direction: 'asc' | 'desc' };
  onSort(column: DocumentColumn): void;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const name = t(`documents.columns.${column}`);
  return (
    <th
      scope="col"
      className={`cell-${column === 'created' || column === 'changed' || column === 'batch' ? 'date' : column}`}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="sort-button" onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        {name}
        <span className={`sort-arrow${active ? ' is-active' : ''}`} aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </th>
  );
}
