import { useTranslation } from 'react-i18next';
import type { Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PresetPicker, PresetSaver } from './preset-bar';
import { SignerEditor } from './signer-editor';
import { useSignerDrafts } from './use-signer-drafts';

interface SignersDialogProps {
  open: boolean;
  onClose(): void;
  selectedCount: number;
  allCount: number;
  busy: boolean;
  /** Applies the signers to the selected rows (`which: 'selected'`) or to every row; resolves true when done. */
  onApply(signers: Signer[], which: 'selected' | 'all'): Promise<boolean | undefined>;
}

/** "Who signs": one set of signers applied to the selected rows (the primary button when rows are selected) or to all, with saved presets. */
export function SignersDialog({ open, onClose, selectedCount, allCount, busy, onApply }: SignersDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('send.signersDialog.title')} onClose={onClose} size="lg" testId="signers-dialog">
      {/* Dialog renders its children only while open: each opening starts from one empty signer. */}
      <SignersDialogBody onClose={onClose} selectedCount={selectedCount} allCount={allCount} busy={busy} onApply={onApply} />
    </Dialog>
  );
}

function SignersDialogBody({ onClose, selectedCount, allCount, busy, onApply }: Omit<SignersDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { drafts, setDrafts, showAll, fixFirst, take } = useSignerDrafts([]);

  const apply = async (which: 'selected' | 'all') => {
    const signers = take();
    if (signers && (await onApply(signers, which))) onClose();
  };

  return (
    <>
      <p className="dialog-text">{t('send.signersDialog.intro')}</p>
      <PresetPicker onUse={setDrafts} />
      <SignerEditor drafts={drafts} onChange={setDrafts} showAll={showAll} />
      {fixFirst ? <p className="field-error">{t('send.signersDialog.fixFirst')}</p> : null}
      <PresetSaver drafts={drafts} />
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onClose}>
          {t('send.signersDialog.cancel')}
        </Button>
        {/* The primary (blue) button follows the selection: the selected rows when there are, else all. */}
        {selectedCount > 0 ? (
          <Button busy={busy} onClick={() => void apply('all')} data-testid="apply-all">
            {t('send.signersDialog.applyAll', { count: allCount })}
          </Button>
        ) : null}
        <Button
          variant="primary"
          busy={busy}
          onClick={() => void apply(selectedCount > 0 ? 'selected' : 'all')}
          data-testid={selectedCount > 0 ? 'apply-selected' : 'apply-all'}
        >
          {selectedCount > 0
            ? t('send.signersDialog.applySelected', { count: selectedCount })
            : t('send.signersDialog.applyAll', { count: allCount })}
        </Button>
      </div>
    </>
  );
}
