import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { PlusIcon } from '../../components/icons';
import { emptyDraft, type SignerDraft } from './signer-draft';
import { SignerFields } from './signer-fields';

const MAX_SIGNERS = 20;

/** The signers of a document (or of several at once): one card each, add and remove. */
export function SignerEditor({
  drafts,
  onChange,
  showAll,
}: {
  drafts: SignerDraft[];
  onChange(drafts: SignerDraft[]): void;
  showAll: boolean;
}) {
  const { t } = useTranslation();
  const replace = (index: number, draft: SignerDraft) => onChange(drafts.map((d, i) => (i === index ? draft : d)));
  const remove = (index: number) => onChange(drafts.filter((_, i) => i !== index));
  return (
    <div className="signer-editor">
      {drafts.map((draft, index) => (
        <SignerFields
          key={draft.key}
          n={index + 1}
          draft={draft}
          showAll={showAll}
          onChange={(next) => replace(index, next)}
          onRemove={drafts.length > 1 ? () => remove(index) : null}
        />
      ))}
      {drafts.length < MAX_SIGNERS ? (
        <div>
          <Button
            size="sm"
            variant="ghost"
            icon={<PlusIcon />}
            onClick={() => onChange([...drafts, emptyDraft()])}
            data-testid="add-signer"
          >
            {t('send.signer.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
