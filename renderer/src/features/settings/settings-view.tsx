import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AboutSection } from './about-section';
import { AccountsSection } from './accounts-section';
import { AutoRemindSection } from './auto-remind-section';
import { EvidenceScheduleSection } from './evidence-schedule-section';
import { PreferencesSection } from './preferences-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { TeamSection } from './team-section';
import { TimestampsSection } from './timestamps-section';
import { TunnelSection } from './tunnel-panel';
import { WebhooksSection } from './webhooks-section';
import './settings.css';

export function SettingsView() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="settings-stack">
        {/* Language and appearance first (short, for everyone); notifications in their own section after the accounts. */}
        <PreferencesSection />
        <AccountsSection />
        <TeamSection />
        <AutoRemindSection />
        <TunnelSection />
        <WebhooksSection />
        <NotificationPreferencesSection />
        <EvidenceScheduleSection />
        <TimestampsSection />
        <AboutSection />
      </div>
    </>
  );
}
