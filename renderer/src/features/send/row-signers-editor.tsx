import { useTranslation } from 'react-i18next';
import type { BatchItem, Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { PresetPicker } from './preset-bar';
import { useSendStore } from './send-store';
import { SignerEditor } from './signer-editor';
import { useSignerDrafts } from './use-signer-drafts';

/** The signers of one row, edited in place under it; saved as a whole. */
export function RowSignersEditor({
  id,
  item,
  onSave,
  onClose,
}: {
  id: string;
  item: BatchItem;
  onSave(signers: Signer[]): Promise<boolean | undefined>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const busy = useSendStore((store) => store.busy.update === true);
  const { drafts, setDrafts, showAll, fixFirst, take } = useSignerDrafts(item.signers);

  const save = async () => {
    const signers = take();
    if (signers && (await onSave(signers))) onClose();
  };

  return (
    <div className="row-editor" id={id} data-testid="row-signers-editor">
      <PresetPicker onUse={setDrafts} />
      <SignerEditor drafts={drafts} onChange={setDrafts} showAll={showAll} />
      {fixFirst ? <p className="field-error">{t('send.signersDialog.fixFirst')}</p> : null}
      <div className="row-editor-actions">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('send.rowEditor.cancel')}
        </Button>
        <Button variant="primary" size="sm" busy={busy} onClick={() => void save()}>
          {t('send.rowEditor.save')}
        </Button>
      </div>
    </div>
  );
}
