import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, themes } from '../../../../shared';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { useSettingsStore } from '../../stores/settings-store';
import { useUpdateSettings } from './use-update-settings';

/** Language and appearance. Each change is stored by the host at once; no Save button. */
export function PreferencesSection() {
  const { t } = useTranslation();
  const settings = useSettingsStore((store) => store.settings);
  const update = useUpdateSettings();
  const languageId = useId();
  const hintId = useId();

  return (
    <SectionCard title={t('settings.preferences.title')} testId="settings-preferences">
      <div className="preference">
        <div className="preference-text">
          <label htmlFor={languageId} className="preference-label">
            {t('settings.language.label')}
          </label>
          <p id={hintId} className="preference-hint">
            {t('settings.language.hint')}
          </p>
        </div>
        <select
          id={languageId}
          className="select"
          aria-describedby={hintId}
          value={settings.language}
          data-testid="language-select"
          onChange={(event) => {
            const language = languages.find((value) => value === event.target.value);
            if (language) void update.run({ language });
          }}
        >
          {languages.map((language) => (
            <option key={language} value={language}>
              {t(`settings.language.${language}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="preference">
        <legend className="preference-label">{t('settings.appearance.label')}</legend>
        <div className="segmented" data-testid="theme-choice">
          {themes.map((theme) => (
            <label key={theme} className="segment">
              <input
                type="radio"
                name="theme"
                value={theme}
                checked={settings.theme === theme}
                onChange={() => void update.run({ theme })}
              />
              <span>{t(`settings.appearance.${theme}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {update.error ? <ErrorNotice error={update.error} /> : null}
    </SectionCard>
  );
}
