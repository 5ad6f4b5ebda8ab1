import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultAutoRemind, type AutoRemind } from '../../../../shared';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { selectSelectedAccount, useAccountsStore } from '../../stores/accounts-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useUpdateSettings } from './use-update-settings';
import './auto-remind-section.css';

const bounds = { everyDays: { min: 1, max: 60 }, maxTimes: { min: 1, max: 10 } } as const;
type NumberKey = keyof typeof bounds;

/**
 * Automatic reminders of the account in use (off by default): every N days to signers who have not
 * signed yet, at most M times, never within 2 hours of the last reminder (the service's rule). Each
 * change is stored at once, like the other settings; a number out of range is said and not stored.
 */
export function AutoRemindSection() {
  const { t } = useTranslation();
  const account = useAccountsStore(selectSelectedAccount);
  const all = useSettingsStore((store) => store.settings.autoRemind);
  const update = useUpdateSettings();
  const setting: AutoRemind = (account && all[account.id]) || defaultAutoRemind;
  const enabledId = useId();
  const hintId = useId();

  const save = (patch: Partial<AutoRemind>) => {
    if (!account) return;
    void update.run({ autoRemind: { ...all, [account.id]: { ...setting, ...patch } } });
  };

  return (
    <SectionCard
      title={t('actions.autoRemind.title')}
      description={account ? t('actions.autoRemind.forAccount', { account: account.name }) : undefined}
      testId="settings-auto-remind"
    >
      {!account ? (
        <p className="preference-hint">{t('actions.autoRemind.noAccount')}</p>
      ) : (
        <div className="auto-remind">
          <div className="preference">
            <div className="preference-text">
              <label htmlFor={enabledId} className="preference-label">
                {t('actions.autoRemind.enabled')}
              </label>
              <p id={hintId} className="preference-hint">
                {t('actions.autoRemind.hint')}
              </p>
            </div>
            <input
              id={enabledId}
              type="checkbox"
              className="auto-remind-toggle"
              aria-describedby={hintId}
              checked={setting.enabled}
              onChange={(event) => save({ enabled: event.target.checked })}
              data-testid="auto-remind-enabled"
            />
          </div>
          <div className="auto-remind-numbers">
            <NumberSetting
              name="everyDays"
              value={setting.everyDays}
              disabled={!setting.enabled}
              onSave={(value) => save({ everyDays: value })}
            />
            <NumberSetting
              name="maxTimes"
              value={setting.maxTimes}
              disabled={!setting.enabled}
              onSave={(value) => save({ maxTimes: value })}
            />
          </div>
          <p className="preference-hint" data-testid="auto-remind-rule">
            {t('actions.autoRemind.rule')}
          </p>
          <p className="preference-hint">{t('actions.autoRemind.where')}</p>
        </div>
      )}
      {update.error ? <ErrorNotice error={update.error} /> : null}
    </SectionCard>
  );
}

/** A whole number within its bounds, stored as soon as it is one (Enter or leaving the box is not needed). */
function NumberSetting({
  name,
  value,
  disabled,
  onSave,
}: {
  name: NumberKey;
  value: number;
  disabled: boolean;
  onSave(value: number): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // What is typed while it is not a valid number yet; otherwise the stored value.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const { min, max } = bounds[name];
  const number = Number(text);
  const valid = /^\d+$/.test(text.trim()) && number >= min && number <= max;
  return (
    <div className="field auto-remind-number">
      <label className="field-label" htmlFor={id}>
        {t(`actions.autoRemind.${name}`)}
      </label>
      <div className="field-frame">
        <input
          id={id}
          className="field-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          disabled={disabled}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(event) => {
            const typed = event.target.value;
            const next = Number(typed);
            if (/^\d+$/.test(typed.trim()) && next >= min && next <= max) {
              setDraft(null);
              if (next !== value) onSave(next);
            } else {
              setDraft(typed);
            }
          }}
          onBlur={() => setDraft(null)}
          data-testid={`auto-remind-${name}`}
        />
      </div>
      {valid ? null : (
        <p id={`${id}-error`} className="field-error">
          {t('actions.autoRemind.range', { min, max })}
        </p>
      )}
    </div>
  );
}
