import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, JobView, Signer } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { JobSection } from './job-progress';
import { useJob } from '../../lib/use-job';
import { draftProblems, emptyDraft, signerFromDraft, SignerFields, type SignerDraft } from './send-slots';

type Replacement = 'none' | 'newSigner' | 'custom';

/**
 * Invalidate one signature (irreversible, said plainly): a reason (required), whether to tell the
 * original signer, and an optional replacement — another person (e-mail or phone) or a signature with
 * its own checks and channel (the Send page's signer editor). After it, the document is read again and the new signer's link is shown.
 * `replace`: a signer who rejected is replaced — a replacement is required (the signer editor first).
 */
export function InvalidateDialog(props: {
  documentId: string;
  signatureId: string;
  signer: string;
  replace?: boolean;
  open: boolean;
  onClose(): void;
  onStarted?(): void;
}) {
  const { documentId, signatureId, signer, replace = false, open, onClose, onStarted } = props;
  const { t } = useTranslation();
  const client = useClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [replacement, setReplacement] = useState<Replacement>(replace ? 'custom' : 'none');
  const [newSigner, setNewSigner] = useState('');
  const [draft, setDraft] = useState<SignerDraft>(emptyDraft);
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [started, setStarted] = useState<JobView | null>(null);
  const [busy, setBusy] = useState(false);
  const { job, items, command } = useJob(started, { items: true });

  const reasonMissing = reason.trim() === '';
  const replacementMissing =
    (replacement === 'newSigner' && newSigner.trim() === '') || (replacement === 'custom' && draftProblems(draft).length > 0);
  const submit = async () => {
    setTried(true);
    if (reasonMissing || replacementMissing) return;
    setBusy(true);
    try {
      // The replacement as the Send page's signer editor describes it (its name stays local).
      const custom = signerFromDraft(draft);
      const invalidation = {
        reason: reason.trim(),
        notify,
        ...(replacement === 'newSigner' ? { newSigner: newSigner.trim() } : {}),
        ...(replacement === 'custom'
          ? {
              customSignature: {
                validations: custom.validations,
                inviteChannel: custom.invite,
                ...(message.trim() ? { message: message.trim() } : {}),
              },
            }
          : {}),
      };
      setStarted(await client.call('signatures.invalidate', { signatureId, documentId, invalidation }));
      // The name typed for the replacement is kept in the account's address book (as the Send page's
      // names are): the table, reminders, the CSV and Activity then name the new signer by it.
      const contact = replacement === 'custom' ? contactOf(custom) : null;
      if (contact) await client.call('contacts.remember', { contacts: [contact] });
      onStarted?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t(replace ? 'actions.invalidate.replaceTitle' : 'actions.invalidate.title', { signer })}
      onClose={onClose}
      testId="invalidate-dialog"
    >
      {error ? <ErrorNotice error={error} /> : null}
      {!job ? (
        <form
          className="action-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="notice notice-warning" data-testid="invalidate-explain">
            {t(replace ? 'actions.invalidate.replaceExplain' : 'actions.invalidate.explain', { signer })}
          </p>
          <div className="field">
            <label className="field-label" htmlFor={reasonId}>
              {t('actions.invalidate.reason')}
            </label>
            <textarea
              id={reasonId}
              className="field-input"
              rows={2}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={tried && reasonMissing ? true : undefined}
              data-testid="invalidate-reason"
            />
            {tried && reasonMissing ? <p className="field-error">{t('actions.invalidate.reasonRequired')}</p> : null}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} data-testid="invalidate-notify" />{' '}
            {t('actions.invalidate.notify', { signer })}
          </label>
          <fieldset className="field">
            <legend className="field-label">{t('actions.invalidate.replacement')}</legend>
            {(replace ? (['custom', 'newSigner'] as const) : (['none', 'newSigner', 'custom'] as const)).map((choice) => (
              <label key={choice} className="radio">
                <input
                  type="radio"
                  name="replacement"
                  checked={replacement === choice}
                  onChange={() => setReplacement(choice)}
                  data-testid={`replacement-${choice}`}
                />{' '}
                {t(`actions.invalidate.choices.${choice}`)}
              </label>
            ))}
          </fieldset>
          {replacement === 'newSigner' ? (
            <TextField
              label={t('actions.invalidate.newSigner')}
              hint={t('actions.invalidate.newSignerHint')}
              value={newSigner}
              onChange={(e) => setNewSigner(e.target.value)}
              error={tried && replacementMissing ? t('actions.invalidate.replacementRequired') : null}
              data-testid="invalidate-new-signer"
            />
          ) : null}
          {replacement === 'custom' ? (
            <>
              <SignerFields n={1} draft={draft} onChange={setDraft} onRemove={null} showAll={tried} />
              <TextField label={t('actions.invalidate.message')} value={message} onChange={(e) => setMessage(e.target.value)} />
            </>
          ) : null}
          <div className="dialog-actions">
            <Button onClick={onClose}>{t('actions.keep')}</Button>
            <Button type="submit" variant="danger" busy={busy} data-testid="invalidate-confirm">
              {t(replace ? 'actions.invalidate.replaceConfirm' : 'actions.invalidate.confirm')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <JobSection job={job} items={items} onCommand={(op) => void command(op)} onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}

/** The replacement's name with its e-mail or phone, for the address book; null when no name was typed. */
function contactOf(signer: Signer): Contact | null {
  const email = typeof signer.validations.EM === 'string' ? signer.validations.EM.trim() : '';
  const phone = typeof signer.validations.PH === 'string' ? signer.validations.PH.trim() : '';
  const name = signer.name?.trim() ?? '';
  if (!name || (!email && !phone)) return null;
  return { name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}
