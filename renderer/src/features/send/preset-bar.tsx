import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useSendStore } from './send-store';
import { draftFromSigner, draftsValid, signerFromDraft, type SignerDraft } from './signer-draft';

/** Saved signer presets: pick one to start from (its signers replace those being edited), or delete one. */
export function PresetPicker({ onUse }: { onUse(drafts: SignerDraft[]): void }) {
  const { t } = useTranslation();
  const client = useClient();
  const presets = useSendStore((store) => store.presets);
  const [chosen, setChosen] = useState('');
  const selectId = useId();

  useEffect(() => {
    if (useSendStore.getState().presets !== null) return;
    client.call('presets.list', {}).then(
      (list) => useSendStore.getState().setPresets(list),
      () => useSendStore.getState().setPresets([]),
    );
  }, [client]);

  const remove = useAction(async (presetId: string) => {
    useSendStore.getState().setPresets(await client.call('presets.remove', { presetId }));
    setChosen('');
  });
  const preset = presets?.find((p) => p.id === chosen);
  const none = !presets || presets.length === 0;

  return (
    <div className="preset-row" data-testid="preset-picker">
      <label className="field-label" htmlFor={selectId}>
        {t('send.presets.label')}
      </label>
      <div className="preset-controls">
        <select id={selectId} className="select" value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={none}>
          <option value="">{none ? t('send.presets.none') : t('send.presets.choose')}</option>
          {presets?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {none ? null : (
          <>
            <Button
              size="sm"
              disabled={!preset}
              onClick={() => preset && onUse(preset.signers.map(draftFromSigner))}
              data-testid="use-preset"
            >
              {t('send.presets.use')}
            </Button>
            <Button
              size="sm"
              variant="danger-quiet"
              disabled={!preset}
              busy={remove.pending}
              aria-label={preset ? t('send.presets.removeLabel', { name: preset.name }) : t('send.presets.remove')}
              onClick={() => preset && void remove.run(preset.id)}
            >
              {t('send.presets.remove')}
            </Button>
          </>
        )}
      </div>
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
    </div>
  );
}

/** Saves the signers being edited as a preset (a preset of the same name is replaced). */
export function PresetSaver({ drafts }: { drafts: SignerDraft[] }) {
  const { t } = useTranslation();
  const client = useClient();
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const nameId = useId();
  const statusId = useId();
  const canSave = draftsValid(drafts);

  const save = useAction(async () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameMissing(true);
      return;
    }
    useSendStore.getState().setPresets(await client.call('presets.save', { name: trimmed, signers: drafts.map(signerFromDraft) }));
    setSaved(trimmed);
    setName('');
  });

  return (
    <div className="preset-row preset-saver" data-testid="preset-saver">
      <label className="field-label" htmlFor={nameId}>
        {t('send.presets.saveName')}
      </label>
      <div className="preset-controls">
        <div className="field-frame preset-name">
          <input
            id={nameId}
            className="field-input"
            value={name}
            maxLength={80}
            placeholder={t('send.presets.namePlaceholder')}
            aria-invalid={nameMissing || undefined}
            aria-describedby={nameMissing ? statusId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameMissing(false);
              setSaved(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && canSave) {
                event.preventDefault();
                void save.run();
              }
            }}
          />
        </div>
        <Button size="sm" disabled={!canSave} busy={save.pending} onClick={() => void save.run()} data-testid="save-preset">
          {t('send.presets.save')}
        </Button>
      </div>
      <p id={statusId} className={nameMissing ? 'field-error' : 'preset-status'} role="status">
        {nameMissing ? t('send.presets.nameRequired') : saved ? t('send.presets.saved', { name: saved }) : ''}
      </p>
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </div>
  );
}
