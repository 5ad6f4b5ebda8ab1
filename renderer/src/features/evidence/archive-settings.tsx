import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceSettings } from '../../../../shared/domain/evidence';
import { Button } from '../../components/button';
import { CertificateList } from '../../components/certificate-list';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { formatDate } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { useAppInfoStore } from '../../stores/app-info-store';

/** The archive folder and the trusted certificate authorities (a CA file picked here is read as text, never uploaded elsewhere). */
export function ArchiveSettings() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [settings, setSettings] = useState<EvidenceSettings | null>(null);
  const [folder, setFolder] = useState('');
  // In a browser the folder is shown, not chosen: a page may not name folders of the computer.
  const browser = useAppInfoStore((store) => store.info?.hostKind === 'web');
  useEffect(() => {
    client
      .call('evidence.settings', {})
      .then((value) => {
        setSettings(value);
        setFolder(value.archiveFolder);
      })
      .catch(() => undefined);
  }, [client]);
  const apply = (value: EvidenceSettings) => {
    setSettings(value);
    setFolder(value.archiveFolder);
    return value;
  };
  const save = useAction(async (path: string | null) => apply(await client.call('evidence.setArchiveFolder', { path })));
  const add = useAction(async (pem: string) => apply(await client.call('evidence.addTrustAnchor', { pem })));
  const remove = useAction(async (fingerprint: string) => apply(await client.call('evidence.removeTrustAnchor', { fingerprint })));
  if (!settings) return null;
  return (
    <SectionCard title={t('evidence.settings.title')} description={t('evidence.settings.description')} testId="archive-settings">
      <div className="evidence-settings">
        <TextField label={t('evidence.settings.folder')} hint={browser ? t('evidence.settings.folderBrowser') : t('evidence.settings.folderHint')} value={folder} readOnly={browser} onChange={(event) => setFolder(event.target.value)} spellCheck={false} />
        <div className="evidence-settings-actions" hidden={browser}>
          <Button size="sm" disabled={folder.trim() === '' || folder === settings.archiveFolder} busy={save.pending} onClick={() => void save.run(folder.trim())}>
            {t('evidence.settings.saveFolder')}
          </Button>
          {settings.archiveFolder !== settings.defaultArchiveFolder ? (
            <Button size="sm" variant="ghost" onClick={() => void save.run(null)}>
              {t('evidence.settings.defaultFolder')}
            </Button>
          ) : null}
        </div>
        {save.error ? <ErrorNotice error={save.error} /> : null}
        <h3 className="field-label">{t('evidence.settings.anchors')}</h3>
        <CertificateList
          items={settings.trustAnchors.map((anchor) => ({ key: anchor.fingerprint, subject: anchor.subject, note: t('evidence.settings.validTo', { date: formatDate(anchor.validTo, i18n.language) }) }))}
          empty={t('evidence.settings.noAnchors')}
          addLabel={t('evidence.settings.addAnchor')}
          removeLabel={(subject) => t('evidence.settings.removeAnchor', { subject })}
          onAdd={(pem) => add.run(pem)}
          onRemove={(fingerprint) => remove.run(fingerprint)}
          busy={add.pending}
          testId="trust-anchors"
        />
        {add.error ? <ErrorNotice error={add.error} /> : null}
        {remove.error ? <ErrorNotice error={remove.error} /> : null}
      </div>
    </SectionCard>
  );
}
