import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons';
import { TextField } from '../../components/text-field';
import { useErrorText } from '../../lib/use-error-text';
import { contactNamed, useContacts } from './address-book';
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
  const contactsId = useId();
  const contacts = useContacts();
  const problems = draftProblems(draft);
  // Fields left (blurred) at least once: their problems show even when empty.
  const [left, setLeft] = useState<ReadonlySet<DraftField>>(new Set());
  const leave = (field: DraftField) => () => setLeft((before) => (before.has(field) ? before : new Set([...before, field])));
  const typed: Record<DraftField, boolean> = {
    email: draft.email !== '',
    taxId: draft.taxId !== '',
    phone: draft.phoneMode === 'number' && draft.phone !== '',
    idDocument: draft.idMode === 'number' && draft.idDocument !== '',
    invite: false,
    signer: false,
  };
  const anyTyped = Object.values(typed).some(Boolean) || draft.phoneMode !== 'none' || draft.idMode !== 'none';
  /** A problem shows once its field was typed in or left, or after Apply/Save was tried: never on a fresh form. */
  const errorOf = (field: DraftField): string | null => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return null;
    const shown = showAll || left.has(field) || (field === 'invite' || field === 'signer' ? anyTyped && left.size > 0 : typed[field]);
    if (!shown) return null;
    if (problem.kind === 'missing') return t(problem.field === 'phone' ? 'send.signer.phoneRequired' : 'send.signer.idRequired');
    return explain(problem.problem);
  };
  const set = (patch: Partial<SignerDraft>) => onChange({ ...draft, ...patch });
  const setName = (name: string) => {
    const contact = contactNamed(contacts, name);
    const empty = draft.email === '' && draft.phoneMode === 'none';
    if (!contact || !empty) return set({ name });
    set({ name, email: contact.email ?? '', ...(contact.phone ? { phoneMode: 'number' as const, phone: contact.phone } : {}) });
  };
  const who = t('send.signer.of', { n });
  const text = (key: 'email' | 'taxId') => (event: ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.value });
  const inviteError = errorOf('invite');
  const signerError = errorOf('signer');

  return (
    <fieldset className="signer-card" aria-labelledby={legendId} data-testid="signer-card">
      <div className="signer-card-head">
        <h3 id={legendId}>{t('send.signer.heading', { n })}</h3>
        {onRemove ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('send.signer.removeLabel', { n })}
            title={t('send.signer.remove')}
            onClick={onRemove}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <div className="signer-grid">
        <TextField
          label={t('send.signer.name')}
          labelSuffix={who}
          hint={t('send.signer.nameHint')}
          autoComplete="off"
          spellCheck={false}
          list={contactsId}
          placeholder={t('send.signer.namePlaceholder')}
          value={draft.name}
          onChange={(event) => setName(event.target.value)}
          name={`signer-${n}-name`}
        />
        <datalist id={contactsId}>
          {contacts.map((contact) => (
            <option key={`${contact.name}|${contact.email ?? ''}|${contact.phone ?? ''}`} value={contact.name}>
              {contact.email ?? contact.phone ?? ''}
            </option>
          ))}
        </datalist>
        <TextField
          label={t('send.signer.email')}
          labelSuffix={who}
          onBlur={leave('email')}
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
          labelSuffix={who}
          onBlur={leave('taxId')}
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
          labelSuffix={who}
          onLeave={leave('phone')}
          valueLabel={t('send.signer.phoneNumber', { n })}
          modes={{
            none: t('send.signer.phoneModes.none'),
            any: t('send.signer.phoneModes.any'),
            number: t('send.signer.phoneModes.number'),
          }}
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
          labelSuffix={who}
          onLeave={leave('idDocument')}
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
      <div className="invite-group" role="radiogroup" aria-label={`${t('send.signer.invite')}${who}`} aria-describedby={inviteMessageId}>
        <span className="field-label" aria-hidden="true">
          {t('send.signer.invite')}
        </span>
        <div className="choice-pills">
          {invites.map((choice) => (
            <label key={choice} className="choice-pill">
              <input
                type="radio"
                name={`${draft.key}-invite`}
                value={choice}
                checked={draft.invite === choice}
                onChange={() => set({ invite: choice })}
              />
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
