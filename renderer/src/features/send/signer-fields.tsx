import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons';
import { TextField } from '../../components/text-field';
import { useErrorText } from '../../lib/use-error-text';
import { FieldMessage, ModeField } from './mode-field';
import { draftProblems, type AskMode, type DraftField, type InviteChoice, type SignerDraft } from './signer-draft';

const invites: InviteChoice[] = ['EM', 'PH', 'EM+PH', 'none'];

interface SignerFieldsProps {
  n: number;
  draft: SignerDraft;
  onChange(draft: SignerDraft): void;
  onRemove: (() => void) | null;
  /** Show problems of fields still empty (after "Apply" was tried). */
  showAll: boolean;
}

/**
 * One signer: how they are identified (e-mail, phone, identity document, tax ID) and how they are
 * invited. Checked as the user types with the shared rules; each problem sits under its field.
 */
export function SignerFields({ n, draft, onChange, onRemove, showAll }: SignerFieldsProps) {
  const { t } = useTranslation();
  const { explain } = useErrorText();
  const legendId = useId();
  const inviteMessageId = useId();
  const problems = draftProblems(draft);
  const touched = draft.email !== '' || draft.phoneMode !== 'none' || draft.idMode !== 'none' || draft.taxId !== '';
  const errorOf = (field: DraftField): string | null => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return null;
    if (problem.kind === 'missing') return t(problem.field === 'phone' ? 'send.signer.phoneRequired' : 'send.signer.idRequired');
    const quiet = !showAll && !touched && (field === 'invite' || field === 'signer');
    return quiet ? null : explain(problem.problem);
  };
  const set = (patch: Partial<SignerDraft>) => onChange({ ...draft, ...patch });
  const text = (key: 'email' | 'taxId') => (event: ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.value });
  const inviteError = errorOf('invite');
  const signerError = errorOf('signer');

  return (
    <fieldset className="signer-card" aria-labelledby={legendId} data-testid="signer-card">
      <div className="signer-card-head">
        <h3 id={legendId}>{t('send.signer.heading', { n })}</h3>
        {onRemove ? (
          <button type="button" className="icon-button" aria-label={t('send.signer.removeLabel', { n })} title={t('send.signer.remove')} onClick={onRemove}>
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <div className="signer-grid">
        <TextField
          label={t('send.signer.email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('send.signer.emailPlaceholder')}
          value={draft.email}
          onChange={text('email')}
          error={errorOf('email')}
          name={`signer-${n}-email`}
        />
        <TextField
          label={t('send.signer.taxId')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('send.signer.taxIdPlaceholder')}
          value={draft.taxId}
          onChange={text('taxId')}
          error={errorOf('taxId')}
          name={`signer-${n}-taxId`}
        />
        <ModeField
          label={t('send.signer.phone')}
          valueLabel={t('send.signer.phoneNumber', { n })}
          modes={{ none: t('send.signer.phoneModes.none'), any: t('send.signer.phoneModes.any'), number: t('send.signer.phoneModes.number') }}
          mode={draft.phoneMode}
          value={draft.phone}
          placeholder={t('send.signer.phonePlaceholder')}
          inputMode="tel"
          error={errorOf('phone')}
          onMode={(phoneMode: AskMode) => set({ phoneMode })}
          onValue={(phone) => set({ phone })}
        />
        <ModeField
          label={t('send.signer.idDocument')}
          valueLabel={t('send.signer.idNumber', { n })}
          modes={{ none: t('send.signer.idModes.none'), any: t('send.signer.idModes.any'), number: t('send.signer.idModes.number') }}
          mode={draft.idMode}
          value={draft.idDocument}
          placeholder={t('send.signer.idPlaceholder')}
          error={errorOf('idDocument')}
          onMode={(idMode: AskMode) => set({ idMode })}
          onValue={(idDocument) => set({ idDocument })}
        />
      </div>
      <div className="invite-group" role="radiogroup" aria-label={t('send.signer.invite')} aria-describedby={inviteMessageId}>
        <span className="field-label" aria-hidden="true">
          {t('send.signer.invite')}
        </span>
        <div className="choice-pills">
          {invites.map((choice) => (
            <label key={choice} className="choice-pill">
              <input type="radio" name={`${draft.key}-invite`} value={choice} checked={draft.invite === choice} onChange={() => set({ invite: choice })} />
              <span>{t(`send.signer.invites.${choice}`)}</span>
            </label>
          ))}
        </div>
        {inviteError ? (
          <FieldMessage error={inviteError} id={inviteMessageId} testId="invite-error" />
        ) : (
          <p className="field-hint" id={inviteMessageId}>
            {t('send.signer.inviteHint')}
          </p>
        )}
      </div>
      {signerError ? <FieldMessage error={signerError} testId="signer-error" /> : null}
    </fieldset>
  );
}
