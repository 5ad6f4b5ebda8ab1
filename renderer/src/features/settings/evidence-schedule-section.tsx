import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvidenceSettings } from '../../../../shared/domain/evidence';
import { Button } from '../../components/button';
import { ErrorNotice } from '../../components/error-notice';
import { SectionCard } from '../../components/section-card';
import { TextField } from '../../components/text-field';
import { useClient } from '../../lib/client-context';
import { formatDateTime } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import './evidence-schedule.css';

/**
 * Scheduled evidence checks: on or off, every N days (1–365; on, every 30 days, by default). The host
 * re-hashes the archive against the bags' manifests on a timer, offline; the Evidence page shows the result.
 */
export function EvidenceScheduleSection() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [settings, setSettings] = useState<EvidenceSettings | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [days, setDays] = useState('30');
  const apply = (value: EvidenceSettings) => {
    setSettings(value);
    setEnabled(value.recheck.enabled);
    setDays(String(value.recheck.everyDays));
    return value;
  };
  useEffect(() => {
    client.call('evidence.settings', {}).then(apply, () => undefined);
  }, [client]);
  const everyDays = /^\d{1,3}$/.test(days.trim()) ? Number(days.trim()) : NaN;
  const valid = Number.isInteger(everyDays) && everyDays >= 1 && everyDays <= 365;
  const save = useAction(async () => apply(await client.call('evidence.setRecheck', { enabled, everyDays })));
  if (!settings) return null;
  const changed = enabled !== settings.recheck.enabled || everyDays !== settings.recheck.everyDays;
  return (
    <SectionCard title={t('evidence.schedule.title')} description={t('evidence.schedule.description')} testId="settings-evidence-schedule">
      <form
        className="evidence-schedule"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && changed) void save.run();
        }}
      >
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} data-testid="recheck-enabled" />
          {t('evidence.schedule.enabled')}
        </label>
        <TextField
          label={t('evidence.schedule.everyDays')}
          hint={t('evidence.schedule.everyDaysHint')}
          error={valid ? null : t('evidence.schedule.badDays')}
          inputMode="numeric"
          value={days}
          disabled={!enabled}
          onChange={(event) => setDays(event.target.value)}
          data-testid="recheck-days"
          name="recheck-days"
        />
        <div>
          <Button type="submit" size="sm" disabled={!valid || !changed} busy={save.pending} data-testid="recheck-save">
            {t('evidence.schedule.save')}
          </Button>
        </div>
        {save.result && !changed ? (
          <p className="field-hint" role="status" data-testid="recheck-saved">
            {save.result.nextRecheckAt
              ? t('evidence.schedule.saved', { when: formatDateTime(save.result.nextRecheckAt, i18n.language) })
              : t('evidence.schedule.savedOff')}
          </p>
        ) : null}
        {save.error ? <ErrorNotice error={save.error} /> : null}
      </form>
    </SectionCard>
  );
}
