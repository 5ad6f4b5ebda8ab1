import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { useSettingsStore } from '../../stores/settings-store';
import { useUpdateSettings } from './use-update-settings';

const kinds = ['batchDone', 'completed', 'rejected'] as const satisfies readonly (keyof Settings['notifications'])[];

/**
 * Which desktop notifications (browser notifications in the web UI) SignDock shows: a batch sent,
 * documents completed, a signer who rejected; each on or off, stored by the host at once.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const notifications = useSettingsStore((store) => store.settings.notifications);
  const update = useUpdateSettings();
  return (
    <SectionCard title={t('settings.notices.title')} testId="settings-notices">
      <p className="preference-hint">{t('settings.notices.hint')}</p>
      {kinds.map((kind) => (
        <label key={kind} className="checkbox">
          <input
            type="checkbox"
            checked={notifications[kind]}
            onChange={(event) => void update.run({ notifications: { ...notifications, [kind]: event.target.checked } })}
            data-testid={`notice-${kind}`}
          />
          <span>{t(`settings.notices.${kind}`)}</span>
        </label>
      ))}
      {update.error ? <ErrorNotice error={update.error} /> : null}
    </SectionCard>
  );
}
