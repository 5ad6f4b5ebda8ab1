import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Batch, Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSendStore } from './send-store';
import { SignersDialog } from './signers-dialog';
import type { SendActions } from './use-send-actions';

/** Above the rows of a draft: select all, and what to do with the selected rows (or all of them). */
export function BatchToolbar({ batch, actions, manifest }: { batch: Batch; actions: SendActions; manifest: ReactNode }) {
  const { t } = useTranslation();
  const selected = useSendStore((store) => store.selected);
  const updating = useSendStore((store) => store.busy.update === true);
  const [dialog, setDialog] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const all = batch.items.map((item) => item.id);
  const chosen = all.filter((id) => selected.has(id));
  const every = chosen.length > 0 && chosen.length === all.length;
  const some = chosen.length > 0 && !every;
  const box = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);

  const apply = (signers: Signer[], which: 'selected' | 'all') => actions.update(which === 'all' ? all : chosen, { signers });

  return (
    <div className="send-toolbar" role="group" aria-label={t('send.toolbar.label')} data-testid="send-toolbar">
      <label className="select-all">
        <input
          ref={box}
          type="checkbox"
          checked={every}
          aria-label={t('send.toolbar.selectAll')}
          onChange={(event) => useSendStore.getState().setSelected(event.target.checked ? all : [])}
          data-testid="select-all"
        />
        <span aria-live="polite">
          {chosen.length > 0 ? t('send.toolbar.selected', { count: chosen.length }) : t('send.toolbar.rows', { count: all.length })}
        </span>
      </label>
      <div className="toolbar-actions">
        <Button size="sm" onClick={() => setDialog(true)} data-testid="who-signs">
          {t('send.toolbar.whoSigns')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={chosen.length === 0}
          onClick={() => void actions.setExcluded(chosen, true)}
          data-testid="exclude-selected"
        >
          {t('send.toolbar.exclude')}
        </Button>
        <Button size="sm" variant="ghost" disabled={chosen.length === 0} onClick={() => void actions.setExcluded(chosen, false)}>
          {t('send.toolbar.include')}
        </Button>
        <Button
          size="sm"
          variant="danger-quiet"
          disabled={chosen.length === 0}
          onClick={() => (chosen.length > 1 ? setConfirmRemove(true) : void actions.remove(chosen))}
          data-testid="remove-selected"
        >
          {t('send.toolbar.remove')}
        </Button>
      </div>
      <div className="toolbar-end">{manifest}</div>
      <ConfirmDialog
        open={confirmRemove}
        title={t('send.removeDialog.title', { count: chosen.length })}
        body={t('send.removeDialog.body', { count: chosen.length })}
        confirm={t('send.removeDialog.confirm', { count: chosen.length })}
        cancel={t('send.removeDialog.keep')}
        danger
        onConfirm={() => {
          setConfirmRemove(false);
          void actions.remove(chosen);
        }}
        onClose={() => setConfirmRemove(false)}
        testId="remove-dialog"
      />
      <SignersDialog
        open={dialog}
        onClose={() => setDialog(false)}
        selectedCount={chosen.length}
        allCount={all.length}
        busy={updating}
        onApply={apply}
      />
    </div>
  );
}
