import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { useAppInfoStore } from '../../stores/app-info-store';

/** Version, how SignDock runs and where it keeps its data (from `app.info`). */
export function AboutSection() {
  const { t } = useTranslation();
  const info = useAppInfoStore((store) => store.info);
  if (!info) return null;
  return (
    <SectionCard title={t('settings.about.title')} testId="settings-about">
      <dl className="about-list">
        <div>
          <dt>{t('settings.about.version')}</dt>
          <dd data-testid="about-version">
            {info.name} {info.version}
          </dd>
        </div>
        <div>
          <dt>{t('settings.about.host')}</dt>
          <dd data-testid="about-host">{t(`settings.about.hostKinds.${info.hostKind}`)}</dd>
        </div>
        <div>
          <dt>{t('settings.about.dataFolder')}</dt>
          <dd className="mono" data-testid="about-data-folder">
            {info.dataFolder}
          </dd>
        </div>
        <div>
          <dt>{t('settings.about.platform')}</dt>
          <dd>{info.platform}</dd>
        </div>
      </dl>
    </SectionCard>
  );
}
