import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { formatCount } from '../../../lib/format-time';
import type { DocumentFilter } from '../../../../../shared';
import { SelectionActions } from '../action-slots';
import { emptySelection, hostSelection, selectedCount, useDocumentsStore } from '../../../stores/documents-store';
import { ExportButton } from './export-dialog';

/**
 * Above the table: how many rows are selected, "select all N matching" (every page, kept as the
 * filter), clear; Export (the selection, else the whole view); and the place for actions.
 */
export function SelectionBar({
  total,
  pageSize,
  filter,
  summary,
}: {
  total: number;
  pageSize: number;
  filter: DocumentFilter;
  summary: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const selection = useDocumentsStore((store) => store.selection);
  const select = useDocumentsStore((store) => store.select);
  const count = selectedCount(selection, total);
  const host = hostSelection(selection);
  const n = (value: number) => formatCount(value, i18n.language);
  const everything = selection.kind === 'query' && selection.except.size === 0;
  return (
    <div className="selection-bar" role="toolbar" aria-label={t('documents.selection.toolbar')} data-testid="selection-bar">
      {summary}
      {count > 0 ? (
        <>
          <span className="selection-count" role="status" data-testid="selection-count">
            {everything
              ? t('documents.selection.allSelected', { shown: n(total) })
              : t('documents.selection.selected', { count, shown: n(count) })}
          </span>
          {!everything && total > 1 && (selection.kind === 'ids' || total > pageSize) ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => select({ kind: 'query', filter, except: new Set() })}
              data-testid="select-all-matching"
            >
              {t('documents.selection.selectAll', { shown: n(total) })}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => select(emptySelection)} data-testid="selection-clear">
            {t('documents.selection.clear')}
          </Button>
        </>
      ) : null}
      <span className="selection-spacer" />
      {host ? <SelectionActions selection={host} count={count} /> : null}
      <ExportButton selection={host} selectedCount={count} filter={filter} total={total} />
    </div>
  );
}
