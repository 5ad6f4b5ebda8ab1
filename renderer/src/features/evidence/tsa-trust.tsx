import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAppError } from '../../../../shared/contract/errors';
import { CertificateList, CertificatePick } from '../../components/certificate-list';
import { ErrorNotice } from '../../components/error-notice';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { useClient } from '../../lib/client-context';
import { formatDate } from '../../lib/format-time';
import { useAction } from '../../lib/use-action';
import { AnchorConfirm, type InspectedAnchors } from './anchor-confirm';
import { useEvidenceStore } from './evidence-store';
import { useEvidenceSettings } from './use-evidence-settings';

/**
 * Trusting a time-stamping authority where the reviewer is (a read-only review included): a CA file is
 * picked (the desktop's dialog, or the browser's upload), shown with its name, SHA-256 fingerprint and
 * warnings (`AnchorConfirm`), and only then trusted (`evidence.addTsaAnchor`: this computer's settings,
 * never the archive). The archive is then checked again and every view reads again. `AddTsaAuthority`:
 * the button under a timestamp no trusted authority vouches for; `TsaTrust`: the list, on the page.
 */
function useTsaTrust() {
  const { t } = useTranslation();
  const client = useClient();
  const changed = useEvidenceStore((store) => store.changed);
  const [pending, setPending] = useState<{ pem: string; anchors: InspectedAnchors } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const recheck = async () => {
    await client.call('evidence.recheckNow', {}).catch((error: unknown) => {
      if (!isAppError(error) || error.kind !== 'Conflict') throw error;
    });
    changed();
  };
  const inspect = useAction(async (pem: string) => {
    setDone(null);
    setPending({ pem, anchors: await client.call('evidence.inspectTrustAnchor', { pem }) });
  });
  const add = useAction(async () => {
    if (!pending) return;
    await client.call('evidence.addTsaAnchor', { pem: pending.pem });
    await recheck();
    setDone(t('evidence.review.tsa.added', { subject: pending.anchors.map((a) => a.subject).join('; ') }));
    setPending(null);
  });
  const remove = useAction(async (fingerprint: string, subject: string) => {
    setDone(null);
    await client.call('evidence.removeTsaAnchor', { fingerprint });
    await recheck();
    setDone(t('evidence.review.tsa.removed', { subject }));
  });
  const confirm = (
    <AnchorConfirm
      kind="tsa"
      anchors={pending?.anchors ?? null}
      busy={add.pending}
      onConfirm={() => void add.run()}
      onClose={() => setPending(null)}
    />
  );
  const notes = (
    <>
      {add.pending || remove.pending ? <ProgressNote text={t('evidence.review.anchor.rechecking')} /> : null}
      {done ? (
        <Notice tone="info" testId="tsa-anchor-done">
          {done}
        </Notice>
      ) : null}
      {[inspect.error, add.error, remove.error].map((error, i) => (error ? <ErrorNotice key={i} error={error} /> : null))}
    </>
  );
  return { inspect, remove, confirm, notes };
}

/** "Add time-stamping authority…" under a timestamp that no authority the reviewer trusts vouches for. */
export function AddTsaAuthority() {
  const { t } = useTranslation();
  const trust = useTsaTrust();
  return (
    <div className="evidence-tsa-add" data-testid="tsa-trust-add">
      <CertificatePick
        label={t('evidence.review.tsa.add')}
        onPick={(pem) => trust.inspect.run(pem)}
        busy={trust.inspect.pending}
        testId="tsa-anchor-add"
        fileTestId="tsa-anchor-file"
      />
      {trust.notes}
      {trust.confirm}
    </div>
  );
}

/** The time-stamping authorities this reviewer trusts (this computer's settings), each removable, and the way to add one. */
export function TsaTrust() {
  const { t, i18n } = useTranslation();
  const { settings } = useEvidenceSettings();
  const trust = useTsaTrust();
  if (!settings) return null;
  return (
    <SectionCard title={t('evidence.review.tsa.title')} description={t('evidence.review.tsa.description')} testId="tsa-trust">
      <CertificateList
        items={settings.tsaAnchors.map((anchor) => ({
          key: anchor.fingerprint,
          subject: anchor.subject,
          note: t('evidence.settings.validTo', { date: formatDate(anchor.validTo, i18n.language) }),
        }))}
        empty={t('evidence.review.tsa.none')}
        addLabel={t('evidence.review.tsa.add')}
        removeLabel={(subject) => t('evidence.review.tsa.remove', { subject })}
        onAdd={(pem) => trust.inspect.run(pem)}
        onRemove={(fingerprint) =>
          trust.remove.run(fingerprint, settings.tsaAnchors.find((a) => a.fingerprint === fingerprint)?.subject ?? fingerprint)
        }
        busy={trust.inspect.pending}
        removeBusy={trust.remove.pending}
        testId="tsa-trust-anchors"
        addTestId="tsa-trust-list-add"
        fileTestId="tsa-trust-list-file"
      />
      {trust.notes}
      {trust.confirm}
    </SectionCard>
  );
}
