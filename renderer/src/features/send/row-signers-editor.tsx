import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchItem, Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { PresetPicker } from './preset-bar';
import { draftFromSigner, draftsValid, emptyDraft, signerFromDraft, type SignerDraft } from './signer-draft';
import { SignerEditor } from './signer-editor';

/** The signers of one row, edited in place under it; saved as a whole. */
export function RowSignersEditor({ id, item, busy, onSave, onClose }: { id: string; item: BatchItem; busy: boolean; onSave(signers: Signer[]): Promise<boolean | undefined>; onClose(): void }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<SignerDraft[]>(() => (item.signers.length > 0 ? item.signers.map(draftFromSigner) : [emptyDraft()]));
  const [showAll, setShowAll] = useState(false);
  const valid = draftsValid(drafts);

  const save = async () => {
    if (!valid) {
      setShowAll(true);
      return;
    }
    if (await onSave(drafts.map(signerFromDraft))) onClose();
  };

  return (
    <div className="row-editor" id={id} data-testid="row-signers-editor">
      <PresetPicker onUse={setDrafts} />
      <SignerEditor drafts={drafts} onChange={setDrafts} showAll={showAll} />
      {showAll && !valid ? <p className="field-error">{t('send.signersDialog.fixFirst')}</p> : null}
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
