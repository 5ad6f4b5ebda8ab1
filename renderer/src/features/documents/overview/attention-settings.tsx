import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionSettings } from '../../../../../shared';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { TextField } from '../../../components/text-field';
import { useClient } from '../../../lib/client-context';
import { useAction } from '../../../lib/use-action';

/** "Change the days": after how many days a pending document, or an unopened invitation, needs attention. */
export function AttentionSettingsButton({ settings, onSaved }: { settings: AttentionSettings; onSaved(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="attention-change">
        {t('documents.attention.change')}
      </Button>
      <Dialog open={open} title={t('documents.attention.settings')} onClose={() => setOpen(false)} size="sm" testId="attention-dialog">
        {open ? (
          <AttentionForm
            settings={settings}
            onDone={() => {
              setOpen(false);
              onSaved();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function AttentionForm({ settings, onDone }: { settings: AttentionSettings; onDone(): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const [pending, setPending] = useState(String(settings.pendingDays));
  const [unopened, setUnopened] = useState(String(settings.unopenedDays));
  const [shown, setShown] = useState(false);
  const save = useAction((patch: AttentionSettings) => client.call('documents.attention', patch));
  const days = (text: string) => (/^\d{1,3}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 365 ? Number(text) : null);
  const pendingDays = days(pending);
  const unopenedDays = days(unopened);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (pendingDays === null || unopenedDays === null) return;
    if (await save.run({ pendingDays, unopenedDays })) onDone();
  };
  return (
    <form className="attention-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('documents.attention.pendingDays')}
        value={pending}
        onChange={(event) => setPending(event.target.value)}
        inputMode="numeric"
        error={shown && pendingDays === null ? t('documents.attention.daysInvalid') : undefined}
        data-autofocus
        data-testid="attention-pending-days"
      />
      <TextField
        label={t('documents.attention.unopenedDays')}
        value={unopened}
        onChange={(event) => setUnopened(event.target.value)}
        inputMode="numeric"
        error={shown && unopenedDays === null ? t('documents.attention.daysInvalid') : undefined}
        data-testid="attention-unopened-days"
      />
      {save.error ? <ErrorNotice error={save.error} /> : null}
      <div className="dialog-actions">
        <Button type="submit" variant="primary" busy={save.pending}>
          {t('documents.attention.save')}
        </Button>
      </div>
    </form>
  );
}
