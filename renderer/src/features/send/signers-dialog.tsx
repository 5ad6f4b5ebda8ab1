import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PresetPicker, PresetSaver } from './preset-bar';
import { draftsValid, emptyDraft, signerFromDraft, type SignerDraft } from './signer-draft';
import { SignerEditor } from './signer-editor';

interface SignersDialogProps {
  open: boolean;
  onClose(): void;
  selectedCount: number;
  allCount: number;
  busy: boolean;
  /** Applies the signers to the selected rows (`which: 'selected'`) or to every row; resolves true when done. */
  onApply(signers: ReturnType<typeof signerFromDraft>[], which: 'selected' | 'all'): Promise<boolean | undefined>;
}

/** "Who signs": one set of signers applied to the selected rows or to all, with saved presets. */
export function SignersDialog({ open, onClose, selectedCount, allCount, busy, onApply }: SignersDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('send.signersDialog.title')} onClose={onClose} testId="signers-dialog">
      {open ? <SignersDialogBody onClose={onClose} selectedCount={selectedCount} allCount={allCount} busy={busy} onApply={onApply} /> : null}
    </Dialog>
  );
}

function SignersDialogBody({ onClose, selectedCount, allCount, busy, onApply }: Omit<SignersDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<SignerDraft[]>(() => [emptyDraft()]);
  const [showAll, setShowAll] = useState(false);
  const valid = draftsValid(drafts);

  const apply = async (which: 'selected' | 'all') => {
    if (!valid) {
      setShowAll(true);
      return;
    }
    if (await onApply(drafts.map(signerFromDraft), which)) onClose();
  };

  return (
    <div className="signers-dialog-body">
      <p className="dialog-text">{t('send.signersDialog.intro')}</p>
      <PresetPicker onUse={setDrafts} />
      <SignerEditor drafts={drafts} onChange={setDrafts} showAll={showAll} />
      {showAll && !valid ? <p className="field-error">{t('send.signersDialog.fixFirst')}</p> : null}
      <PresetSaver drafts={drafts} />
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onClose}>
          {t('send.signersDialog.cancel')}
        </Button>
        <Button disabled={selectedCount === 0} busy={busy} onClick={() => void apply('selected')} data-testid="apply-selected">
          {t('send.signersDialog.applySelected', { count: selectedCount })}
        </Button>
        <Button variant="primary" busy={busy} onClick={() => void apply('all')} data-testid="apply-all">
          {t('send.signersDialog.applyAll', { count: allCount })}
        </Button>
      </div>
    </div>
  );
}
