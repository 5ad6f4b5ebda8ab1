import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFilter, DocumentSelection } from '../../../../../shared';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { useClient } from '../../../lib/client-context';
import { downloadText } from '../../../lib/download-text';
import { formatCount } from '../../../lib/format-time';
import { useAction } from '../../../lib/use-action';
import { useDocumentsStore } from '../../../stores/documents-store';

/** "Export CSV": the selection or the whole view, one line per document or per signature. */
export function ExportButton({
  selection,
  selectedCount,
  filter,
  total,
}: {
  selection: DocumentSelection | null;
  selectedCount: number;
  filter: DocumentFilter;
  total: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={total === 0 && !selection} data-testid="export-open">
        {t('documents.exporting.button')}
      </Button>
      <Dialog open={open} title={t('documents.exporting.title')} onClose={() => setOpen(false)} size="sm" testId="export-dialog">
        {open ? (
          <ExportForm selection={selection} selectedCount={selectedCount} filter={filter} total={total} onDone={() => setOpen(false)} />
        ) : null}
      </Dialog>
    </>
  );
}

function ExportForm({
  selection,
  selectedCount,
  filter,
  total,
  onDone,
}: {
  selection: DocumentSelection | null;
  selectedCount: number;
  filter: DocumentFilter;
  total: number;
  onDone(): void;
}) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const sort = useDocumentsStore((store) => store.sort);
  const [what, setWhat] = useState<'selection' | 'view'>(selection ? 'selection' : 'view');
  const [per, setPer] = useState<'document' | 'signature'>('document');
  const name = useId();
  const n = (value: number) => formatCount(value, i18n.language);
  const run = useAction(async () => {
    const chosen = what === 'selection' && selection ? selection : { kind: 'query' as const, filter, exceptIds: [] };
    const file = await client.call('documents.export', { selection: chosen, sort, per });
    downloadText(file.fileName, file.text);
    return file;
  });
  return (
    <form
      className="export-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run.run().then((file) => {
          if (file) onDone();
        });
      }}
    >
      <fieldset className="export-choice">
        <legend>{t('documents.exporting.what')}</legend>
        {selection ? (
          <label className="radio-line">
            <input
              type="radio"
              name={`${name}-what`}
              checked={what === 'selection'}
              onChange={() => setWhat('selection')}
              data-autofocus
              data-testid="export-selection"
            />
            {t('documents.exporting.selection', { count: selectedCount, shown: n(selectedCount) })}
          </label>
        ) : null}
        <label className="radio-line">
          <input
            type="radio"
            name={`${name}-what`}
            checked={what === 'view'}
            onChange={() => setWhat('view')}
            data-autofocus={selection ? undefined : true}
            data-testid="export-view"
          />
          {t('documents.exporting.view', { count: total, shown: n(total) })}
        </label>
      </fieldset>
      <fieldset className="export-choice">
        <legend>{t('documents.exporting.per')}</legend>
        <label className="radio-line">
          <input
            type="radio"
            name={`${name}-per`}
            checked={per === 'document'}
            onChange={() => setPer('document')}
            data-testid="export-per-document"
          />
          {t('documents.exporting.perDocument')}
        </label>
        <label className="radio-line">
          <input
            type="radio"
            name={`${name}-per`}
            checked={per === 'signature'}
            onChange={() => setPer('signature')}
            data-testid="export-per-signature"
          />
          {t('documents.exporting.perSignature')}
        </label>
      </fieldset>
      <p className="field-hint">{t('documents.exporting.note')}</p>
      {run.error ? <ErrorNotice error={run.error} /> : null}
      <div className="dialog-actions">
        <Button onClick={onDone}>{t('documents.exporting.cancel')}</Button>
        <Button type="submit" variant="primary" busy={run.pending} data-testid="export-save">
          {t('documents.exporting.save')}
        </Button>
      </div>
    </form>
  );
}
