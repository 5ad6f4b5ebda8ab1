import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tsaUrlSchema } from '../../../../shared/domain/timestamp';
import { Button } from '../../components/button';
import { CertificateList } from '../../components/certificate-list';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { TextField } from '../../components/text-field';
import { useSettingsStore } from '../../stores/settings-store';
import { useUpdateSettings } from './use-update-settings';
import './timestamps-section.css';

/**
 * Trusted timestamps (RFC 3161): the time-stamping authority asked for a token over each bag (none by
 * default: bags say "not timestamped") and the CA certificates that vouch for TSAs. A CA file picked
 * here is read as text and checked by the host.
 */
export function TimestampsSection() {
  const { t } = useTranslation();
  const timestamps = useSettingsStore((store) => store.settings.timestamps);
  const update = useUpdateSettings();
  // What the person is typing; null shows the stored address (also after a save).
  const [draft, setDraft] = useState<string | null>(null);
  const url = draft ?? timestamps.tsaUrl ?? '';
  const typed = url.trim();
  const valid = typed === '' || tsaUrlSchema.safeParse(typed).success;
  const changed = (typed === '' ? null : typed) !== timestamps.tsaUrl;
  const save = (tsaUrl: string | null, tsaAnchors = timestamps.tsaAnchors) => void update.run({ timestamps: { tsaUrl, tsaAnchors } });
  return (
    <SectionCard title={t('evidence.timestamps.title')} description={t('evidence.timestamps.description')} testId="settings-timestamps">
      <form
        className="timestamps-settings"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid || !changed) return;
          save(typed === '' ? null : typed);
          setDraft(null);
        }}
      >
        <TextField
          label={t('evidence.timestamps.url')}
          hint={timestamps.tsaUrl ? t('evidence.timestamps.urlHint') : t('evidence.timestamps.none')}
          error={valid ? null : t('evidence.timestamps.badUrl')}
          value={url}
          placeholder="https://"
          spellCheck={false}
          inputMode="url"
          onChange={(event) => setDraft(event.target.value)}
          data-testid="tsa-url"
          name="tsa-url"
        />
        <div>
          <Button type="submit" size="sm" disabled={!valid || !changed} data-testid="tsa-save">
            {t('evidence.timestamps.save')}
          </Button>
        </div>
        <h3 className="field-label">{t('evidence.timestamps.anchors')}</h3>
        <CertificateList
          items={timestamps.tsaAnchors.map((anchor) => ({ key: anchor.fingerprint || anchor.pem, subject: anchor.subject }))}
          empty={t('evidence.timestamps.noAnchors')}
          addLabel={t('evidence.timestamps.addAnchor')}
          removeLabel={(subject) => t('evidence.timestamps.removeAnchor', { subject })}
          onAdd={(pem) => save(timestamps.tsaUrl, [...timestamps.tsaAnchors, { pem, subject: '', fingerprint: '' }])}
          onRemove={(key) =>
            save(
              timestamps.tsaUrl,
              timestamps.tsaAnchors.filter((anchor) => (anchor.fingerprint || anchor.pem) !== key),
            )
          }
          testId="tsa-anchors"
          addTestId="tsa-add-anchor"
        />
        {update.error ? <ErrorNotice error={update.error} /> : null}
      </form>
    </SectionCard>
  );
}
